//! The vocabulary of the application: the ids and keys every layer speaks in. It is the bottom layer
//! beside the engine crate: everything may import it, and it imports nothing of the crate.

pub mod artefact_id;
pub mod artefact_words;
pub mod built_in;
pub mod cell_key;
pub mod claim_group;
pub mod column_id;
pub mod count_noun;
pub mod grid_place;
pub mod headline_grid;
pub mod invisible;
pub mod item_measure;
pub mod paper_id;
pub mod provenance_class;
pub mod rate_word;
pub mod setting_parameter;
pub mod stand_in;
pub mod stream_scope;

pub use artefact_id::ArtefactId;
pub use artefact_words::artefact_words;
pub use built_in::{BuiltInDecl, BuiltInKind, BuiltInRef};
pub use cell_key::{CellKey, VALUE};
pub use claim_group::ClaimGroup;
pub use count_noun::{counted, has_or_have};
pub use grid_place::GridPlace;
pub use headline_grid::HeadlineGrid;
pub use invisible::is_invisible;
pub use item_measure::ItemMeasure;
pub use paper_id::PaperId;
pub use provenance_class::ProvenanceClass;
pub use rate_word::RateWord;
pub use setting_parameter::SettingParameter;
pub use stand_in::StandIn;
pub use stream_scope::StreamScope;
