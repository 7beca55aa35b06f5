//! Where the window tests click, in one place: the pixels of a 1280×800
//! window (the journeys' size), read off screenshots. The boards' points
//! come from their geometry: Connect Four's columns 96 pixels apart from
//! column 1's centre at x = 202, Gomoku's lines 45 pixels apart from a1 at
//! (174, 725).

/// The centre of Connect Four's column `n` (1 to 7), halfway down.
pub const fn column(n: u32) -> (u32, u32) {
    (202 + 96 * (n - 1), 410)
}

/// The board's centre: Connect Four's middle column, Gomoku's h8.
pub const BOARD_CENTRE: (u32, u32) = column(4);

/// Point `name` of the 15×15 Gomoku board ("h8").
pub fn point(name: &str) -> (u32, u32) {
    let column = u32::from(name.as_bytes()[0] - b'a');
    let row: u32 = name[1..].parse().expect("a row");
    (174 + 45 * column, 725 - 45 * (row - 1))
}

// The title, the new-game menu, the pause menu, load (journeys.rs).
/// New game, first on the title's menu when there is nothing to continue.
pub const TITLE_NEW_GAME: (u32, u32) = (640, 284);
/// New game, second on the title's menu, under Continue.
pub const TITLE_NEW_GAME_UNDER_CONTINUE: (u32, u32) = (640, 316);
/// Load game, fourth on the title's menu under Continue, New game and
/// Play online.
pub const TITLE_LOAD_UNDER_CONTINUE: (u32, u32) = (640, 444);
/// Start, at the foot of the new-game menu: for Connect Four (the
/// first game, without the Rules and Opening rows), and for Gomoku.
pub const NEW_GAME_START: (u32, u32) = (482, 589);
pub const NEW_GAME_START_GOMOKU: (u32, u32) = (482, 646);
/// Hint, on the Connect Four game panel.
pub const CONNECT_FOUR_HINT: (u32, u32) = (1044, 319);
/// Hint, on the Gomoku game panel.
pub const GOMOKU_HINT: (u32, u32) = (1044, 321);
/// Resign, in the resign dialog (Keep playing has the keyboard's focus).
pub const DIALOG_RESIGN: (u32, u32) = (534, 448);
/// The pause menu's Resign and Quit to title (its last two buttons).
pub const PAUSE_RESIGN: (u32, u32) = (640, 589);
pub const PAUSE_QUIT_TO_TITLE: (u32, u32) = (640, 653);
/// Load, on the load menu's only row.
pub const LOAD_ONLY_ROW: (u32, u32) = (756, 398);

// How to play and the Analysis board chooser (offline_walk.rs).
pub const TAB_CONNECT_FOUR: (u32, u32) = (385, 147);
pub const TAB_GOMOKU: (u32, u32) = (555, 147);
pub const TAB_RENJU: (u32, u32) = (725, 147);
pub const TAB_OPENINGS: (u32, u32) = (895, 147);
pub const TITLE_ANALYSIS: (u32, u32) = (640, 476);
/// The chooser's Game row, its ">".
pub const NEXT_GAME: (u32, u32) = (887, 336);
pub const OPEN_BOARD: (u32, u32) = (482, 517);

// The analysis board's panel (analysis_journey.rs).
pub const BLACK_TOOL: (u32, u32) = (1060, 81);
pub const WHITE_TOOL: (u32, u32) = (1112, 81);
pub const SWAP_TURN: (u32, u32) = (1024, 115);
pub const LINE_1: (u32, u32) = (1111, 261);
/// The analysis panel's engine button (Gomoku), left of Pause.
pub const STUDY_ENGINE: (u32, u32) = (1012, 231);
pub const VCF_FOR_BLACK: (u32, u32) = (1045, 399);
pub const SAVE: (u32, u32) = (1013, 754);
pub const FIND: (u32, u32) = (1078, 754);
pub const COPY: (u32, u32) = (1143, 149);
pub const PASTE: (u32, u32) = (1208, 149);
pub const EXPORT_SGF: (u32, u32) = (1143, 754);

// Play online, and the online game's panel (online_journeys.rs).
pub const HOST_HERE: (u32, u32) = (534, 443);
pub const WATCH: (u32, u32) = (746, 497);
pub const QUICK_PAIR: (u32, u32) = (534, 551);
/// The game-over banner's Rematch.
pub const OVER_REMATCH: (u32, u32) = (1111, 581);
/// Undo on the game panel, and Allow under it when the opponent asks.
pub const PANEL_UNDO: (u32, u32) = (1044, 270);
pub const ALLOW_UNDO: (u32, u32) = (1044, 560);
pub const ROOM_ON_SERVER: (u32, u32) = (746, 443);

// Review (review_journey.rs).
/// Review game, third in the pause menu.
pub const PAUSE_REVIEW: (u32, u32) = (640, 333);
/// The first move of the move list's second row (move 3).
pub const LIST_MOVE_3: (u32, u32) = (1080, 289);
pub const SAVE_IMAGE: (u32, u32) = (1176, 651);
/// Review's engine button (Gomoku), beside the progress line.
pub const REVIEW_STUDY_ENGINE: (u32, u32) = (1193, 543);
pub const PLAY_FROM_HERE: (u32, u32) = (1110, 607);
/// The ">" step.
pub const FORWARD: (u32, u32) = (1142, 208);
