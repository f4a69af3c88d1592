//! The `builds_in` declarations checked against measurement: for each claim, whether its class
//! across the knob space confirms what its declaration says, and which knobs decide it without
//! being declared (a finding about the stand-in).
//!
//! A declared knob (`runs.latent_noise`, `teams`) covers a ranged knob of the same file whose path
//! it leads to (`runs.latent_noise.per_disagreement`, `teams[*].quality`; [`KnobPath::covers`]).
//!
//! - A claim decided by a knob that no declaration of the claim covers is **undeclared**: the stand-in
//!   decides it by a guess nobody declared.
//! - A declared claim is **confirmed** when its class names a knob its declaration covers, **found
//!   robust** when no knob moves it, **moved by other knobs** when only knobs its declaration does
//!   not cover move it, and **not testable** when none of its declared knobs is ranged.

use crate::manifest::built_in::BuiltIns;
use crate::manifest::plausible::RangedKnob;
use crate::model::{BuiltInRef, Declaration, KnobPath, SpaceClass};

use super::classify::ClaimSpace;

/// A claim's declaration checked: its [`Declaration`], and the knobs (indices into the ranged
/// knobs) that decide it undeclared.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Checked {
    pub(crate) declaration: Declaration,
    pub(crate) undeclared: Vec<usize>,
}

/// Whether declaration `by` covers ranged knob `knob`.
fn covers(by: &BuiltInRef, knob: &RangedKnob) -> bool {
    by.file == knob.file
        && by
            .knobs
            .iter()
            .filter_map(|k| KnobPath::parse(k).ok())
            .any(|declared| declared.covers(&knob.path))
}

/// `claim`'s declaration in `declared` checked against its class over the `ranged` knobs.
pub(crate) fn check(claim: &ClaimSpace, ranged: &[RangedKnob], declared: &BuiltIns) -> Checked {
    let by = declared.claim(&claim.id);
    let covered = |k: usize| by.is_some_and(|b| covers(b, &ranged[k]));
    let undeclared = match claim.class {
        SpaceClass::DecidedBy => claim
            .knobs
            .iter()
            .copied()
            .filter(|&k| !covered(k))
            .collect(),
        _ => Vec::new(),
    };
    let declaration = match by {
        None => Declaration::Undeclared,
        Some(_) if !(0..ranged.len()).any(covered) => Declaration::KnobsFixed,
        Some(_) if claim.class == SpaceClass::Robust => Declaration::FoundRobust,
        Some(_) if claim.knobs.iter().any(|&k| covered(k)) => Declaration::Confirmed,
        Some(_) => Declaration::OtherKnobs,
    };
    Checked {
        declaration,
        undeclared,
    }
}
