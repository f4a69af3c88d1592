//! The vocabulary of the application: the ids and keys every layer speaks in. It is the bottom layer
//! beside the engine crate: everything may import it, and it imports nothing of the crate.

pub(crate) mod artefact_id;
pub(crate) mod artefact_words;
pub(crate) mod built_in;
pub(crate) mod cell_key;
pub(crate) mod claim_group;
pub(crate) mod column_id;
pub(crate) mod count_noun;
pub(crate) mod grid_place;
pub(crate) mod headline_grid;
pub(crate) mod item_measure;
pub(crate) mod knob_path;
pub(crate) mod paper_id;
pub(crate) mod provenance_class;
pub(crate) mod rate_word;
pub(crate) mod setting_parameter;
pub(crate) mod space_class;
pub(crate) mod stand_in;
pub(crate) mod stream_scope;

pub(crate) use artefact_id::ArtefactId;
pub(crate) use artefact_words::artefact_words;
pub(crate) use built_in::{BuiltInDecl, BuiltInKind, BuiltInRef, Tuned};
pub(crate) use cell_key::{CellKey, VALUE};
pub(crate) use claim_group::ClaimGroup;
pub(crate) use count_noun::{counted, has_or_have};
pub(crate) use evia_tools::invisible::{code_point, is_invisible, show_invisible};
pub(crate) use grid_place::GridPlace;
pub(crate) use headline_grid::HeadlineGrid;
pub(crate) use item_measure::ItemMeasure;
pub(crate) use knob_path::KnobPath;
pub(crate) use paper_id::PaperId;
pub(crate) use provenance_class::ProvenanceClass;
pub(crate) use rate_word::RateWord;
pub(crate) use setting_parameter::SettingParameter;
pub(crate) use space_class::UNDECLARED_WORDS;
pub(crate) use space_class::{Declaration, SPACE_CLASSES, SpaceClass};
pub(crate) use stand_in::StandIn;
pub(crate) use stream_scope::StreamScope;
