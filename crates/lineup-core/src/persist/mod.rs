//! Everything the game keeps on disk, in plain Rust: where (the platform's
//! config and data folders), how (RON, written atomically), and what
//! (settings, saved games and studies, every game played, exported games).
//! No Bevy here; the game's plugin (`disk`) calls it.
//!
//! It sits above the models it stores: it reads and writes
//! [`crate::analysis`]'s studies and formats, never the other way round
//! (`tests/core/layering.rs` keeps it so).

pub mod atomic;
pub mod export;
pub mod folders;
pub mod games;
pub mod identity_file;
pub mod import;
pub mod record;
pub mod save_file;
pub mod settings_file;
pub mod slots;
pub mod studies;
