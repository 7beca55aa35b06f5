//! Lineup: Connect Four and Gomoku/Renju.
//!
//! The plain libraries come first, each without Bevy: `rules` (what a legal
//! move and a won game are), `ai` (the engines, hints and values),
//! `match_setup` and `match_state` (what a match is), `i18n` (the string
//! tables of each language), `persist` (saves and
//! settings on disk), `net` (online play: protocol, rooms, the server's
//! authority), `soundgen` (the synthesised sounds), `engine` (the
//! Gomocup protocol) and `cli` (the command line). `game` is the Bevy layer
//! over them; the binaries under `src/bin/` only parse arguments and call in.

pub mod ai;
pub mod cli;
pub mod engine;
pub mod i18n;
pub mod match_setup;
pub mod match_state;
pub mod net;
pub mod persist;
pub mod rules;
pub mod soundgen;

pub mod game;
