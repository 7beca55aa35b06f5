//! Lineup: Connect Four and Gomoku/Renju, the game: the Bevy layer, thin
//! plugins over the plain libraries of `lineup_core` (rules, engines,
//! files, online play, sounds, strings). Input becomes messages, the match
//! resource changes only in `Apply`, and everything else draws, plays or
//! saves what changed, in the one frame order of [`states::AppSystems`]
//! (declared in [`app`]).
//!
//! - `app`: the plugins, the window and the frame order;
//! - `states`: `Screen`, `Menu`, `GamePhase`, `BoardMode` and the system
//!   sets, the low module every plugin may import;
//! - `current_match/`: the match in play, the messages that start and
//!   change it, and `apply`, its one writer;
//! - `screens/`, `menus/`: what fills the window and what is drawn over it;
//! - `board/`: the board's world-space drawing and its input (pieces,
//!   markers, the engine's help and the opening drawn on it);
//! - `panel/`: the side panel beside the board, the opening's choices and
//!   the game-over banner;
//! - `review/`: review mode: stepping through a game, its evaluation graph,
//!   a new game from any position, a picture of the board;
//! - `analysis/`: the analysis board: a position set up freely, the
//!   engine's lines, threat searches, variations, SGF;
//! - `search/`: searches off the frame: the background-search helper, the
//!   computer player, Hint and Values;
//! - `gomocup_player`: Gomocup engines as players (their processes, their
//!   log, their forfeits);
//! - `study_engine`: which engine the analysis board and review ask;
//! - `online/`: playing a friend on another machine (the client and the
//!   hosting server are `lineup-client`'s and `lineup-server`'s, on threads of their own);
//! - `audio/`, `theme/`: sound, and the look: palette and themes, type,
//!   widgets, button interaction, toasts;
//! - `locale/`: the language on screen, and `terms`: the plain libraries'
//!   values said in it (tables in `lineup_core::i18n`);
//! - `settings`, `disk`: the settings resource, and the player's files
//!   (settings written after changes, the autosave);
//! - `results`: the record of wins, losses and draws against the computer;
//! - `capture`: screenshots and timed exits;
//! - `frame_stats`: frame times printed at exit (`--frame-stats`);
//! - `window`: the icon, a title naming the game, size and place remembered;
//! - `shutdown`: Ctrl+C, and a quit that a failing renderer teardown can
//!   neither crash nor hang;
//! - `dev_tools` (feature `dev`): a log line for every state transition,
//!   match, move, landing, hint, button under the pointer and sound;
//! - `cli`: the command line of `lineup` (clap; `lineup-server`'s is
//!   `lineup_server::cli`); the binary under `src/bin/` only parses
//!   arguments and calls in.

pub mod cli;

pub mod analysis;
pub mod app;
pub mod audio;
pub mod board;
pub mod capture;
pub mod current_match;
#[cfg(feature = "dev")]
pub mod dev_tools;
pub mod disk;
pub mod frame_stats;
pub mod gomocup_player;
pub mod locale;
pub mod menus;
pub mod online;
pub mod panel;
pub mod results;
pub mod review;
pub mod screens;
pub mod search;
pub mod settings;
pub mod shutdown;
pub mod soak;
pub mod states;
pub mod study_engine;
pub mod theme;
pub mod window;
