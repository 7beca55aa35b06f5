//! The computer players, in plain Rust (no Bevy here): they read positions
//! from [`crate::rules`] and answer with moves, so the game can run them on
//! a background task and cancel them with a flag.

pub mod advice;
pub mod connect_four;
pub mod gomoku;
mod level;
pub mod opening;
mod play_rng;
pub mod player;
pub mod review;

pub use level::Level;
pub use play_rng::PlayRng;
