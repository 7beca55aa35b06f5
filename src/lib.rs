//! Lineup: Connect Four and Gomoku/Renju, the game: the Bevy layer, thin
//! plugins over the plain libraries of `lineup_core` (rules, engines,
//! files, online play, sounds, strings). Input becomes messages, the match
//! resource changes only in `Apply`, and everything else draws, plays or
//! saves what changed, in the one frame order of [`states::AppSystems`]
//! (declared in [`app`]).
//!
//! - `app`: the plugins, the window and the frame order;
//! - `states`: `Screen`, `Menu`, `GamePhase`, `BoardMode` and the system sets, the low
//!   module every plugin may import;
//! - `screens/`, `menus/`: what fills the window and what is drawn over it;
//! - `board/`: the match in play: its resource, messages, views and input;
//!   `board::shown` is the position the board draws (the match's, or one
//!   being reviewed);
//! - `review/`: review mode: stepping through a game, its evaluation graph,
//!   a new game from any position, a picture of the board;
//! - `computer`, `search_task`: engine searches off the frame;
//! - `engine_player`: Gomocup engines as players (their processes, their
//!   log, their forfeits);
//! - `online/`: playing a friend on another machine (replicon), the
//!   dedicated server's app and its load tool;
//! - `audio/`, `theme/`: sound, and the look: palette and themes, type,
//!   widgets;
//! - `locale`, `names`: the language on screen and the plain libraries'
//!   values named in it (tables in `lineup_core::i18n`);
//! - `settings`, `storage`: the settings resource and the files behind it;
//! - `capture`: screenshots and timed exits;
//! - `frame_stats`: frame times printed at exit (`--frame-stats`);
//! - `window`: the icon, a title naming the game, size and place remembered;
//! - `shutdown`: Ctrl+C, and a quit that a failing renderer teardown can
//!   neither crash nor hang;
//! - `dev_tools` (feature `dev`): a log line for every state transition,
//!   match, move, landing, hint, button under the pointer and sound.
//! - `cli`, `server_cli`: the command lines of `lineup` and `lineup-server`
//!   (clap); the binaries under `src/bin/` only parse arguments and call in.

pub mod cli;
pub mod server_cli;

pub mod app;
pub mod audio;
pub mod board;
pub mod capture;
pub mod computer;
#[cfg(feature = "dev")]
pub mod dev_tools;
pub mod engine_player;
pub mod frame_stats;
pub mod locale;
pub mod menus;
pub mod names;
pub mod online;
pub mod review;
pub mod screens;
pub mod search_task;
pub mod settings;
pub mod shutdown;
pub mod states;
pub mod storage;
pub mod theme;
pub mod window;
