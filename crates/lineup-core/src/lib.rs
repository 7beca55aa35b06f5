//! Lineup's plain libraries: everything but the window, with no Bevy in
//! the dependency tree (the game crate at the top of the workspace is the
//! Bevy layer over this one).
//!
//! - `rules`: what a legal move and a won game are, for Connect Four and
//!   Gomoku/Renju, with the opening rules;
//! - `ai`: the engines, hints, values and review;
//! - `analysis`: the analysis board's model: set-up positions, variation
//!   trees, the engine's lines, threat searches, SGF and RenLib, the study
//!   library;
//! - `match_setup`, `match_state`, `match_clock`: what a match is made of,
//!   the match in play, and its players' clocks;
//! - `gomocup`: the Gomocup protocol, both ends;
//! - `persist`: saves and settings on disk;
//! - `net`: online play: protocol, rooms, the server's authority;
//! - `process_figures`: a process's CPU time and memory, from `/proc`;
//! - `i18n`: the string tables of each language;
//! - `soundgen`: the synthesised sounds;
//! - `unix_time`: the wall clock that files and records are stamped with.

pub mod ai;
pub mod analysis;
pub mod gomocup;
pub mod i18n;
pub mod match_clock;
pub mod match_setup;
pub mod match_state;
pub mod net;
pub mod persist;
pub mod process_figures;
pub mod rules;
pub mod soundgen;
pub mod unix_time;
