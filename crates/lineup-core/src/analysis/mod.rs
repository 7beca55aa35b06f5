//! The analysis board's plain model: a position set up freely (`setup`),
//! the variation tree played from it (`tree`), the two together with the
//! node on show (`study`), the engine thinking aloud (`thinking`), threat
//! searches on demand (`threats`), the forms a position or a study travels
//! in (`diagram`: move strings, `.psq`, board diagrams; `sgf`; `renlib`, read
//! only; `import`, any of them from a file), and the study library's search
//! by position (`library`). The window's analysis mode is a thin layer over
//! this.

pub mod diagram;
pub mod import;
pub mod library;
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
