//! Paper A's claims that compare a rebuilt table with the printed values (Tables 2 and 3), and the
//! transcription notes of Table 3's rows its extractions read differently.

pub mod extraction_readings;
pub mod rank_correlation;
pub mod significance_discrepancies;
pub mod stc_setting;
