//! Paper A's claims that compare a rebuilt table with the printed values (Tables 2 and 3), and the
//! transcription notes of Table 3's rows its extractions read differently.

pub(crate) mod extraction_readings;
pub(crate) mod rank_correlation;
pub(crate) mod significance_discrepancies;
pub(crate) mod stc_setting;
