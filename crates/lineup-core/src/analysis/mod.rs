//! The analysis board's plain model: a position set up freely (`setup`),
//! the variation tree played from it (`tree`), the two together with the
//! node on show (`study`), the engine thinking aloud (`thinking`), threat
//! searches on demand (`threats`), the forms a position or a study travels
//! in (`diagram`: move strings, board diagrams; `psq`, Piskvork's game
//! files; `sgf`; `renlib`, read only), and the study library's search by
//! position (`library`). The window's analysis mode is a thin layer over
//! this.
//!
//! No files here: [`crate::persist`] reads and writes studies (a save
//! holding one, a folder of them, a study from any file), so the model
//! stays below the disk (`tests/core/layering.rs` keeps it so).

pub mod diagram;
pub mod library;
pub mod psq;
pub mod renlib;
pub mod setup;
pub mod sgf;
pub mod study;
pub mod thinking;
pub mod threats;
pub mod tree;

/// The board's turns and mirrors live with the rules (the opening rules
/// use them too); the analysis board rotates and flips by them.
pub use crate::rules::symmetry;
