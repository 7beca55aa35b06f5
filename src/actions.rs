//! What every button means. A click and a keyboard press on a focused button
//! both become one `UiAction` message; each screen or menu handles its own.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<UiAction>();
}

/// A value a new-game row cycles through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupField {
    Game,
    Rule,
    Opening,
    BoardSize,
    FirstPlayer,
    SecondPlayer,
    /// How long a Gomocup engine may think a move.
    EngineTime,
}

/// A setting a settings row changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SettingField {
    MusicVolume,
    EffectsVolume,
    UiVolume,
    Mute,
    ShowCoordinates,
    ShowMoveNumbers,
    ShowForbidden,
    AnimationSpeed,
    DefaultRule,
    DefaultSize,
    DefaultLevel,
    Fullscreen,
    Language,
    Theme,
    PieceColours,
    ReduceMotion,
}

/// A choice on the game panel during an opening (see
/// `rules::opening::Step`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningChoice {
    Swap,
    Keep,
    PlaceTwo,
    TakeBlack,
    TakeWhite,
    OfferTen,
    /// Soosõrv: one fifth move fewer / more to declare, and declare.
    Fewer,
    More,
    Declare,
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    // Main menu.
    Continue,
    OpenNewGame,
    OpenLoad,
    OpenSettings,
    OpenAbout,
    Quit,
    /// Leave the current menu for the one it came from.
    Back,
    // New game.
    Cycle(SetupField, i8),
    StartGame,
    // Settings.
    ChangeSetting(SettingField, i8),
    // In the game.
    Opening(OpeningChoice),
    Undo,
    Redo,
    Resign,
    ConfirmResign,
    Pause,
    Resume,
    QuitToTitle,
    Rematch,
    /// Look through the game (review mode), from its last move.
    Review,
    // Review mode.
    /// Show the empty board, one move less, one move more, every move.
    ReviewFirst,
    ReviewBack,
    ReviewForward,
    ReviewLast,
    /// Show the game after its first `.0` moves.
    ReviewJump(usize),
    LeaveReview,
    /// A new game from the position shown, same players.
    PlayFromHere,
    /// A new game from the position shown, players chosen in New game.
    PlayFromHereChoosing,
    /// Save the board as a picture.
    ShareImage,
    ToggleMoveNumbers,
    /// Show the best move for the side to move.
    Hint,
    /// Show or hide every column's value (Connect Four).
    ToggleValues,
    // Saving and loading.
    OpenSave,
    ConfirmSave,
    // Add engine (from New game).
    OpenAddEngine,
    ConfirmAddEngine,
    /// Load entry `.0` of the load list.
    LoadSave(usize),
    /// Load entry `.0` of the load list and look through it.
    ReviewSave(usize),
    /// Ask to delete entry `.0` of the load list.
    DeleteSave(usize),
    ConfirmDelete,
    /// Show older (+1) or newer (-1) saves.
    PageSaves(i8),
    /// Write the game as a move string (and a .psq for Gomoku).
    Export,
    // Online.
    OpenOnline,
    /// Host a game on this computer (a friend joins with its address).
    HostHere,
    /// Open a room on the Lineup server at the address given.
    HostOnServer,
    /// Join the room whose code is given, at the address given.
    JoinRoom,
    /// Type into field `.0` of the online menu.
    EditField(u8),
    /// The next game a room can be opened for.
    CycleOnlineGame,
    /// Answer the opponent's request to take a move back.
    AllowUndo,
    RefuseUndo,
}

/// A button was activated, by mouse or keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UiAction(pub Action);

impl Action {
    /// Whether the action gives up, deletes or leaves: a menu never focuses
    /// such a button by itself (see `theme::interaction`).
    pub fn is_destructive(self) -> bool {
        matches!(
            self,
            Action::ConfirmResign | Action::DeleteSave(_) | Action::ConfirmDelete | Action::Quit
        )
    }
}
