//! The core's one integration-test binary: rules against a plain
//! reference, the engines, the Gomocup protocol, files and online play's
//! authority, all without Bevy. Each module covers one part.

mod analysis_engine;
mod analysis_library;
mod analysis_renlib;
mod analysis_setup;
mod analysis_tree;
mod connect_four;
mod fuzz_regressions;
mod games;
mod gomocup;
mod gomocup_nbest;
mod gomocup_outside;
mod gomoku;
mod gomoku_engine;
mod gomoku_size;
mod lab;
mod layering;
mod match_clock;
mod match_setup;
mod net_community;
mod net_hostile;
mod net_lobby;
mod net_ratings;
mod net_secrets;
mod net_wire;
mod notation;
mod openings;
mod pairing;
mod parallel_solve;
mod persist;
mod play_rng;
mod process_figures;
mod protocol;
mod reference;
mod renju_cases;
mod review;
mod solver;
mod sprt;
mod swap2;
