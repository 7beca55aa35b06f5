//! Everything the game keeps on disk, in plain Rust: where (the platform's
//! config and data folders), how (RON, written atomically), and what
//! (settings, saved games, every game played, `.psq` files). No Bevy here;
//! the game's plugin (`disk`) calls it.

pub mod atomic;
pub mod export;
pub mod folders;
pub mod games;
pub mod identity_file;
pub mod psq;
pub mod record;
pub mod save_file;
pub mod settings_file;
pub mod slots;
