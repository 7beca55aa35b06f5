//! Lineup: Connect Four and Gomoku/Renju.
//!
//! `rules` (and `ai`) are plain Rust with no Bevy inside. Everything else is
//! the Bevy game: thin plugins that turn input into messages, ask the rules,
//! and show the answer.

pub mod ai;
pub mod engine;
pub mod rules;
pub mod soundgen;

pub mod actions;
pub mod app;
pub mod audio;
pub mod board;
pub mod capture;
pub mod cli;
pub mod computer;
#[cfg(feature = "dev")]
pub mod dev_tools;
pub mod game_setup;
pub mod menus;
pub mod persist;
pub mod screens;
pub mod search_task;
pub mod settings;
pub mod states;
pub mod storage;
pub mod theme;
