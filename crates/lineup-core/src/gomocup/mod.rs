//! The Gomocup protocol (the `pbrain-` engine interface used by Gomocup,
//! Piskvork and Yixin): commands on the engine's stdin, answers on its
//! stdout, one per line. Both ends live here:
//! - `server`: Lineup's engine answering a manager (`pbrain-lineup`),
//!   with `nbest` for the managers that ask for several best lines;
//! - `client`: Lineup driving any engine as a child process;
//! - `referee`: an engine's answer judged by the rules;
//! - `arena`: a whole game between two engines, refereed;
//! - `registry`: the engines a person has named, kept in the settings;
//! - `seat`: an engine playing one side of a game that can be taken back
//!   or loaded (the game's "Gomocup engine" player);
//! - `openings`, `elo`, `sprt`, `lab`: opening lists, the score of a
//!   match, the sequential test that decides one over game pairs, and the
//!   lab's match that plays them several at once and resumes;
//! - `told`: the lines an engine tells while it thinks, read;
//! - `outside`: another engine as the analysis board's and review's;
//! - `wire`: what both ends agree on (coordinates, rule codes, numbers);
//! - `cli`: `pbrain-lineup`'s command line.

pub mod arena;
pub mod cli;
pub mod client;
pub mod elo;
pub mod lab;
mod nbest;
pub mod openings;
pub mod outside;
pub mod referee;
pub mod registry;
pub mod seat;
mod server;
pub mod sprt;
pub mod told;
pub mod wire;

pub use server::{Session, run_protocol};
