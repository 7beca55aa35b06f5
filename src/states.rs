//! The game's states and its frame order: the low module every plugin may
//! import, so that no plugin needs another's module for a state's type.
//!
//! `Screen` is what fills the window, `Menu` what is drawn over it, and
//! `GamePhase` (inside the game screen) whether the board takes moves.

use bevy::prelude::*;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Waits for the assets, then goes on to the title (or straight into a
    /// game given on the command line).
    #[default]
    Loading,
    Title,
    Game,
}

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Menu {
    /// No menu: the screen below has the input.
    #[default]
    None,
    Main,
    NewGame,
    Settings,
    Load,
    /// How to play (also the version: what About was).
    HowToPlay,
    /// The record of results against the computer (from Load game).
    Results,
    Pause,
    ConfirmResign,
    Save,
    ConfirmDelete,
    /// Play online: host, or join by code and address.
    Online,
    /// The online lobby: seeks, games to watch, one's games and page.
    Lobby,
    /// An online game's chat: the last lines and a line to send.
    Chat,
    /// Add a Gomocup engine (from New game).
    AddEngine,
    /// The analysis board's comment on the move on show.
    Comment,
    /// The analysis board from the title: which game and board.
    AnalysisBoard,
}

/// Whether the board takes moves or shows a finished game: derived each
/// frame from the match (over or not) and the board (at rest or not), never
/// set anywhere else.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Game)]
pub enum GamePhase {
    #[default]
    Playing,
    Over,
}

/// Whether the board is played on, a game is being looked through (review
/// mode) or positions are studied (the analysis board): out of play,
/// nothing acts on the match.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Game)]
pub enum BoardMode {
    #[default]
    Play,
    Review,
    Analysis,
}

/// Hidden while the board is out of play (the game panel, the game-over
/// banner): the review or analysis panel takes their place.
#[derive(Component, Default)]
pub struct HiddenInReview;

/// Turn the Gomoku board the other way round (the panel's Flip, the F
/// key); `board::flip` does it. Here, low, so the panel can ask without
/// knowing the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlipBoard;

/// The one order of a frame, declared in `app.rs`; every plugin puts its
/// `Update` systems in one of these.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Clicks and keys become messages (moves, actions).
    Input,
    /// Background searches start and are collected (computer, hint, values).
    Think,
    /// The only place the match changes.
    Apply,
    /// Pieces spawn, fall and settle.
    Animate,
    /// What the player sees and hears: phase, HUD, markers, banners, sounds.
    Present,
    /// Files: autosave, settings.
    Persist,
}

impl AppSystems {
    /// The sets in the order a frame runs them.
    pub const ALL: [AppSystems; 6] = [
        AppSystems::Input,
        AppSystems::Think,
        AppSystems::Apply,
        AppSystems::Animate,
        AppSystems::Present,
        AppSystems::Persist,
    ];
}

/// The systems that act on the match as it is played (taking moves,
/// thinking): they run only in a game with no menu open, not in review.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InPlay;

/// A menu to open when the next screen is entered, instead of its usual
/// one: `--menu` at start, or Play online after a cancelled hosting.
#[derive(Resource, Clone, Copy, Debug)]
pub struct MenuOnEntry(pub Menu);
