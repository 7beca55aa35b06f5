//! Game-flow journeys on the real binary, driven like a player with real keys
//! and clicks (see `journey.rs`), each checked by what the game logs and what
//! it writes to its files.

use crate::at;
use crate::journey::{Journey, SoundOut};
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::persist::save_file::SaveFile;
use lineup_core::rules::{ConnectFour, ConnectFourSize, Ending, MatchGame, Side};

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_click_on_a_column_lands_a_disc_there() {
    let mut journey = Journey::new("click_lands_a_disc");
    journey.launch(SoundOut::Nowhere, &[]);
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    journey.click_button(at::TITLE_NEW_GAME, "MenuRequest::OpenNewGame");
    journey.wait_for("Menu: Some(Main) -> Some(NewGame)");
    journey.click_button(at::NEW_GAME_START, "NewGameRequest::StartGame");
    journey.wait_for("Screen: Some(Title) -> Some(Game)");
    journey.click(at::BOARD_CENTRE.0, at::BOARD_CENTRE.1);
    journey.wait_for("Piece landed: column 4 (ply 0)");
    journey.interrupt();
    let save = lineup_core::persist::games::latest(&journey.folders()).expect("kept");
    assert!(save.moves.starts_with('4'), "moves {}", save.moves);
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn resigning_in_the_computers_turn_makes_the_person_lose() {
    let mut journey = Journey::new("resign_in_the_computers_turn");
    // White (Master) is to move, and the pause menu is open from the first
    // frame, so the computer waits: the resignation surely comes in its
    // turn, on any machine.
    journey.launch(
        SoundOut::Nowhere,
        &[
            "--game",
            "gomoku",
            "--moves",
            "h8",
            "--second",
            "computer:master",
            "--menu",
            "pause",
        ],
    );
    journey.wait_for("Menu: Some(None) -> Some(Pause)");
    journey.click_button(at::PAUSE_RESIGN, "MenuRequest::Resign");
    journey.wait_for("Menu: Some(Pause) -> Some(ConfirmResign)");
    journey.click_button(at::DIALOG_RESIGN, "HistoryRequest::Resign");
    journey.wait_for("GamePhase: Some(Playing) -> Some(Over)");
    journey.interrupt();
    assert!(
        !journey.printed("by Second"),
        "the computer moved in a paused game"
    );
    let save = lineup_core::persist::games::latest(&journey.folders()).expect("kept");
    assert_eq!(
        (save.moves.as_str(), save.resigned_by),
        ("h8", Some(Side::First))
    );
    assert_eq!(
        save.replay().expect("replays").ending(),
        Some(Ending::Resigned {
            winner: Side::Second
        })
    );
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn esc_while_the_computer_thinks_stops_it_until_resume() {
    let mut journey = Journey::new("esc_stops_the_computer");
    journey.launch(
        SoundOut::Nowhere,
        &["--game", "connect4", "--second", "computer:beginner"],
    );
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.key("4");
    journey.wait_for("Move applied: column 4 by First");
    journey.key("Escape");
    journey.wait_for("Menu: Some(None) -> Some(Pause)");
    // Frames go by behind the menu (far more than a Beginner's answer
    // takes, which tests/it/flow_bugs.rs sees held): it is not played.
    journey.wait_frames(120);
    assert!(
        !journey.printed("by Second"),
        "the computer moved behind the pause menu"
    );
    journey.key("Escape");
    journey.wait_for("Menu: Some(Pause) -> Some(None)");
    journey.wait_for("by Second (ply 1)");
    journey.interrupt();
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn killed_mid_game_continue_gives_the_same_position() {
    let mut journey = Journey::new("kill_and_continue");
    journey.launch(SoundOut::Nowhere, &["--game", "connect4"]);
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    for (key, landed) in [("4", "(ply 0)"), ("3", "(ply 1)"), ("5", "(ply 2)")] {
        journey.key(key);
        journey.wait_for(&format!("Piece landed: column {key} {landed}"));
    }
    journey.kill();
    // Start again as a player would: the title offers Continue, focused.
    journey.launch(SoundOut::Nowhere, &[]);
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    journey.key("Return");
    journey.wait_for_all(&[
        "Screen: Some(Title) -> Some(Game)",
        "Match: Connect Four, Human vs Human, 3 moves, in play",
    ]);
    // The fourth move is Yellow's: the three before it are there.
    journey.key("4");
    journey.wait_for("Move applied: column 4 by Second (ply 3)");
    journey.interrupt();
    let save = lineup_core::persist::games::latest(&journey.folders()).expect("kept");
    assert_eq!(save.moves, "4354");
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_hint_never_shows_in_the_next_match() {
    let mut journey = Journey::new("hint_then_new_match");
    journey.launch(SoundOut::Nowhere, &["--game", "connect4"]);
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.click_button(at::CONNECT_FOUR_HINT, "HelpRequest::Hint");
    journey.wait_for("Hint shown: column 4");
    journey.key("Escape");
    journey.wait_for("Menu: Some(None) -> Some(Pause)");
    journey.click_button(at::PAUSE_QUIT_TO_TITLE, "MenuRequest::QuitToTitle");
    journey.wait_for("Screen: Some(Game) -> Some(Title)");
    // No move was played, so there is nothing to continue: New game first.
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    journey.click_button(at::TITLE_NEW_GAME, "MenuRequest::OpenNewGame");
    journey.wait_for("Menu: Some(Main) -> Some(NewGame)");
    journey.click_button(at::NEW_GAME_START, "NewGameRequest::StartGame");
    journey.wait_for_all(&["Screen: Some(Title) -> Some(Game)", "Match: Connect Four"]);
    let new_match = journey.cursor();
    // Frames go by in the new match: a move is played and lands.
    journey.key("3");
    journey.wait_for("Piece landed: column 3 (ply 0)");
    let stale: Vec<&String> = journey.log[new_match..journey.cursor()]
        .iter()
        .filter(|l| l.contains("Hint shown"))
        .collect();
    assert!(stale.is_empty(), "the old hint came back: {stale:?}");
    journey.interrupt();
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_hint_slow_to_prove_glows_with_a_question_mark() {
    let mut journey = Journey::new("hint_provisional");
    // Two stones on 8x6, which no book covers: the proof takes the solver
    // minutes on any machine, longer than the hint waits before showing
    // Master's choice (on 7x6 the book answers at once).
    journey.launch(
        SoundOut::Nowhere,
        &["--game", "connect4", "--size", "8x6", "--moves", "17"],
    );
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.click_button(at::CONNECT_FOUR_HINT, "HelpRequest::Hint");
    let line = journey.wait_for("Hint shown: column ");
    assert!(line.ends_with("(Provisional)"), "{line}");
    let column: usize = line
        .split("column ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a column number");
    // A few frames for the glow and its mark to be drawn.
    journey.wait_frames(30);
    let shot = journey.screen();
    // The column's strip on the board (96-pixel cells, column 1 centred at
    // x = 153, rows from y = 120 to 700; read off a screenshot): the mark is
    // the theme's text colour, which no disc, hole or glow there has.
    let strip = |c: usize| (153 + (c - 1) * 96 - 40)..(153 + (c - 1) * 96 + 40);
    let light = |c: usize| shot.count_near_within([240, 242, 247], 25, strip(c), 120..700);
    assert!(light(column) > 40, "a question mark on column {column}");
    for other in (1..=8).filter(|&c| c != column) {
        assert_eq!(light(other), 0, "nothing light on column {other}");
    }
    journey.interrupt();
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_gomoku_hint_is_a_stone_in_a_ring_that_stands_out() {
    let mut journey = Journey::new("gomoku_hint");
    journey.launch(SoundOut::Nowhere, &["--game", "renju", "--moves", "h8h9i8"]);
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.click_button(at::GOMOKU_HINT, "HelpRequest::Hint");
    let line = journey.wait_for("Hint shown: ");
    let point = line
        .split("Hint shown: ")
        .nth(1)
        .and_then(|rest| rest.split([' ', ',']).next())
        .expect("a point");
    let (x, y) = at::point(point);
    let (x, y) = (x as usize, y as usize);
    journey.wait_frames(30);
    let shot = journey.screen();
    // The ring is the theme's accent, which the wood is not.
    let accent = [253, 196, 69];
    let near = |xs, ys| shot.count_near_within(accent, 20, xs, ys);
    let ring = near(x - 32..x + 32, y - 32..y + 32);
    assert!(ring > 150, "an accent ring around {point}: {ring} pixels");
    let board = near(130..860, 50..780);
    assert_eq!(board, ring, "accent elsewhere on the board");
    // Inside the ring, a ghost of White's stone: light, not the wood.
    let centre = shot.around(x, y);
    assert!(
        centre.iter().all(|&c| c > 170) && centre[0].abs_diff(centre[2]) < 20,
        "a pale stone at {point}: {centre:?}"
    );
    journey.interrupt();
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn opening_a_finished_game_keeps_continue() {
    let mut journey = Journey::new("finished_game_keeps_continue");
    // A finished game in the saves: Red's four along the bottom.
    let setup = MatchSetup::new(
        GameKind::ConnectFour {
            size: ConnectFourSize::STANDARD,
        },
        [PlayerKind::Human; 2],
    );
    let won = MatchGame::ConnectFour(
        ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "4455667").expect("legal"),
    );
    assert!(won.is_over());
    let finished = Match::resumed(setup, won, 1, 0);
    let saves = journey.folders().saves();
    std::fs::create_dir_all(&saves).expect("a saves folder");
    SaveFile::of("Won game", setup, finished.game(), 1, 1)
        .with_id(finished.id())
        .write(&saves.join("won-game.ron"))
        .expect("saved");

    // An unfinished game: one move, then back to the title.
    journey.launch(SoundOut::Nowhere, &["--game", "connect4"]);
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.key("4");
    journey.wait_for("Piece landed: column 4 (ply 0)");
    journey.key("Escape");
    journey.wait_for("Menu: Some(None) -> Some(Pause)");
    journey.click_button(at::PAUSE_QUIT_TO_TITLE, "MenuRequest::QuitToTitle");
    journey.wait_for("Screen: Some(Game) -> Some(Title)");

    // Continue, New game, Load game: open the finished one.
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    journey.click_button(at::TITLE_LOAD_UNDER_CONTINUE, "MenuRequest::OpenLoad");
    journey.wait_for("Menu: Some(Main) -> Some(Load)");
    journey.click_button(at::LOAD_ONLY_ROW, "LoadRequest::Load(0)");
    journey.wait_for_all(&[
        "Screen: Some(Title) -> Some(Game)",
        "Match: Connect Four, Human vs Human, 7 moves, over",
    ]);
    journey.wait_for("GamePhase: Some(Playing) -> Some(Over)");
    journey.key("Escape");
    journey.wait_for("Menu: Some(None) -> Some(Pause)");
    journey.click_button(at::PAUSE_QUIT_TO_TITLE, "MenuRequest::QuitToTitle");
    journey.wait_for("Screen: Some(Game) -> Some(Title)");

    // Continue is still there, first and focused, and still the
    // unfinished game.
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    journey.park_pointer();
    journey.key("Return");
    journey.wait_for_all(&[
        "Screen: Some(Title) -> Some(Game)",
        "Match: Connect Four, Human vs Human, 1 move, in play",
    ]);
    journey.key("3");
    journey.wait_for("Move applied: column 3 by Second (ply 1)");
    journey.interrupt();
    let save = lineup_core::persist::games::latest(&journey.folders()).expect("kept");
    assert_eq!(save.moves, "43");
}

/// A join where nothing answers (a closed port on loopback), typed as a
/// person types it: the dialog says it is connecting, then what failed and
/// what to check, and keeps it, with the fields as typed, until OK (it
/// used to rebuild the menu, wipe the code and put a fading line at the
/// window's foot).
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_failed_join_is_told_in_the_dialog_until_dismissed() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("a free port")
        .local_addr()
        .expect("its address")
        .port();
    let address = format!("127.0.0.1:{port}");
    let mut journey = Journey::new("failed_join");
    journey.launch(SoundOut::Nowhere, &["--menu", "online"]);
    journey.wait_for("-> Some(Online)");
    journey.park_pointer();
    // The address field has the keyboard; Tab goes on to the room code.
    journey.type_text(&address);
    journey.key("Tab");
    journey.type_text("k7m-q2x");
    journey.key("Return");
    journey.wait_for(&format!("Online dialog: connecting to {address}"));
    let failed = journey.wait_for("Online dialog: failed: ");
    assert!(failed.contains(&address), "{failed}");
    assert!(
        failed.contains("firewall") && failed.contains("TCP"),
        "no word of what to check: {failed}"
    );
    assert!(
        failed.contains(&format!("(fields: Player | {address} | K7MQ2X)")),
        "the fields were not kept as typed: {failed}"
    );
    // It stays: the menu is not left nor entered again (that rebuilt the
    // dialog), the failure not cleared.
    let at = journey.cursor();
    journey.wait_frames(120);
    assert!(
        !journey.printed_since(at, "Menu: Some(Online) ->"),
        "the dialog closed or was rebuilt"
    );
    assert!(
        !journey.printed_since(at, "Online dialog: idle"),
        "the failure went"
    );
    let shot = journey.screen();
    // In the dialog, under its buttons: the failure in the accent colour,
    // what to check in light text (read off a screenshot at 1280x800).
    let said = shot.count_near_within([253, 196, 69], 30, 330..950, 590..620);
    let advice = shot.count_near_within([235, 235, 240], 40, 330..950, 625..670);
    assert!(
        said > 100 && advice > 200,
        "the failure is not in the dialog: {said} accent and {advice} light pixels"
    );
    // OK dismisses it, and the fields stay.
    journey.key("Return");
    let idle = journey.wait_for("Online dialog: idle");
    assert!(idle.contains(&format!("{address} | K7MQ2X")), "{idle}");
    journey.interrupt();
}

/// A second game never throws the first away: a Connect Four game with a
/// move, quit to the title; New game (now under Continue) and a move in
/// another; both are kept as unfinished games (one autosave
/// slot kept only the last).
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_second_game_keeps_the_first_unfinished_one() {
    let mut journey = Journey::new("keeps_unfinished");
    journey.launch(SoundOut::Nowhere, &[]);
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    for first in [true, false] {
        // Continue comes first once a game is unfinished.
        let new_game = if first {
            at::TITLE_NEW_GAME
        } else {
            at::TITLE_NEW_GAME_UNDER_CONTINUE
        };
        journey.click_button(new_game, "MenuRequest::OpenNewGame");
        journey.wait_for("Menu: Some(Main) -> Some(NewGame)");
        journey.click_button(at::NEW_GAME_START, "NewGameRequest::StartGame");
        journey.wait_for("Screen: Some(Title) -> Some(Game)");
        journey.click(at::BOARD_CENTRE.0, at::BOARD_CENTRE.1);
        journey.wait_for("Piece landed: column 4 (ply 0)");
        journey.key("Escape");
        journey.wait_for("Menu: Some(None) -> Some(Pause)");
        journey.click_button(at::PAUSE_QUIT_TO_TITLE, "MenuRequest::QuitToTitle");
        journey.wait_for("Screen: Some(Game) -> Some(Title)");
        journey.wait_for("Menu: Some(None) -> Some(Main)");
    }
    journey.interrupt();
    let unfinished = lineup_core::persist::games::unfinished(&journey.folders());
    assert_eq!(unfinished.len(), 2, "both games kept: {unfinished:?}");
}
