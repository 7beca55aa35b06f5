//! Lineup: Connect Four and Gomoku/Renju, the game.
//!
//! This crate is the Bevy layer: `game` holds thin plugins over the plain
//! libraries of `lineup_core` (rules, engines, files, online play, sounds,
//! strings), `cli` reads the command line into a plain `Launch`, and `server_cli`
//! is `lineup-server`'s. The
//! binaries under `src/bin/` only parse arguments and call in.

pub mod cli;
pub mod game;
pub mod server_cli;
