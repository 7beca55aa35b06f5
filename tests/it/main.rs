//! The one integration-test binary (one link of the game crate): each module
//! covers one part of the project.

mod app_flow;
mod audio_assets;
mod cli;
mod connect_four;
mod flow_bugs;
mod frame_stats;
mod gomocup;
mod gomoku;
mod gomoku_engine;
mod journey;
mod journeys;
mod layout;
mod look_app;
mod net_lobby;
mod net_replicon;
mod notation;
mod online_app;
mod online_journeys;
mod pass;
mod persist;
mod protocol;
mod quitting;
mod reference;
mod renju_cases;
mod review;
mod review_app;
mod review_journey;
mod solver;
mod sound;
mod strings;
mod swap2;
mod text_fits;
mod title_scene;
mod window;
mod window_chrome;
