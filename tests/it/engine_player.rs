//! A Gomocup engine as a player in the game (`game::engine_player`),
//! headless: the engine answers a person's move, a takeback reaches it,
//! its MESSAGE lines reach the panel's log, and each way an engine can
//! misbehave (crash, hang, prose, a taken point) ends the game as its loss
//! with a message that says what it did, saved in the autosave, with the
//! process reaped.

use crate::app_flow::{RENJU, act, app_in_game, moves, request, run};
use bevy::prelude::*;
use lineup::current_match::CurrentMatch;
use lineup::current_match::HistoryRequest;
use lineup::disk::{Storage, newest_unfinished};
use lineup::gomocup_player::EngineSeats;
use lineup::locale::Locale;
use lineup::menus::MenuRequest;
use lineup::menus::add_engine::ConfirmAddEngine;
use lineup::menus::add_engine::EnginePath;
use lineup::panel::hud::status_line;
use lineup::settings::Settings;
use lineup::states::Menu;
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::match_setup::{EngineSlot, EngineTime, PlayerKind};
use lineup_core::rules::{BoardMove, Ending, Point, Side};
use std::path::Path;
use std::time::{Duration, Instant};

/// One of the fake engines of `tests/engines/`, run by `sh`.
fn fake(name: &str, args: &[&str]) -> EngineEntry {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("crates/lineup-core/tests/engines/{name}.sh"));
    let mut all = vec![script.display().to_string()];
    all.extend(args.iter().map(|a| a.to_string()));
    EngineEntry {
        name: name.into(),
        path: "sh".into(),
        args: all,
    }
}

/// A game of Renju, a person (Black) against `engine` (White), one second
/// a move.
fn against(engine: EngineEntry) -> App {
    let mut app = app_in_game(
        RENJU,
        "",
        [PlayerKind::Human, PlayerKind::Engine(EngineSlot(0))],
    );
    app.world_mut().resource_mut::<Settings>().engines = vec![engine];
    app.world_mut()
        .resource_mut::<CurrentMatch>()
        .setup()
        .engine_time = EngineTime(1);
    app
}

fn p(text: &str) -> Point {
    Point::parse(text).expect("a point")
}

/// Frames, 10 ms of real time apart, until `done` holds (at most 20 s).
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("never: {what}");
}

fn game(app: &App) -> &lineup_core::match_state::Match {
    app.world().resource::<CurrentMatch>()
}

/// The person plays h8 and the engine loses on its answer: what the panel
/// says, and what the autosave kept.
fn forfeit_after_h8(engine: EngineEntry) -> String {
    let mut app = against(engine);
    request(&mut app, BoardMove::Point(p("h8")));
    until(&mut app, "the engine loses", |app| {
        game(app).game().is_over()
    });
    let played = game(&app);
    assert_eq!(
        played.game().ending(),
        Some(Ending::Resigned {
            winner: Side::First
        }),
        "the engine, White, lost"
    );
    let line = status_line(
        app.world().resource::<Locale>(),
        played,
        false,
        &app.world().resource::<Settings>().engines,
    );
    run(&mut app, 3);
    let storage = app.world().resource::<Storage>();
    let autosave = lineup_core::persist::games::latest(storage.folders.as_ref().expect("folders"))
        .expect("the game was kept");
    assert!(autosave.moves.starts_with("h8"), "{}", autosave.moves);
    assert!(
        newest_unfinished(storage).is_none(),
        "a finished game is not offered to continue"
    );
    line
}

#[test]
fn an_engine_that_crashes_loses() {
    let line = forfeit_after_h8(fake("crash", &[]));
    assert!(
        line.starts_with("White forfeits: crash (engine) crashed"),
        "{line}"
    );
    assert!(line.ends_with("Black wins."), "{line}");
}

#[test]
fn an_engine_that_answers_prose_loses() {
    let line = forfeit_after_h8(fake("garbage", &[]));
    assert!(line.contains("I think I will resign"), "{line}");
}

#[test]
fn an_engine_that_hangs_loses_after_its_time() {
    let started = Instant::now();
    let line = forfeit_after_h8(fake("hang", &[]));
    assert!(line.contains("did not answer within"), "{line}");
    // One second a move and the grace, not the engine's ten minutes.
    assert!(started.elapsed() < Duration::from_secs(15));
}

#[test]
fn an_engine_that_plays_a_taken_point_loses() {
    // 7,7 is h8, where the person has just played.
    let line = forfeit_after_h8(fake("fixed", &["7,7"]));
    assert!(line.contains("played h8"), "{line}");
}

#[test]
fn an_engine_that_cannot_start_loses() {
    let line = forfeit_after_h8(EngineEntry::from_path("/nonexistent/pbrain-nothing".into()));
    assert!(line.contains("could not be started"), "{line}");
}

#[test]
fn the_engine_answers_says_why_and_takes_back() {
    // 0,0 is a15 (row 1 of the protocol is the top row).
    let mut app = against(fake("fixed", &["0,0"]));
    request(&mut app, BoardMove::Point(p("h8")));
    until(&mut app, "the engine answers", |app| moves(app) == 2);
    assert_eq!(
        game(&app).game().last_move(),
        Some(BoardMove::Point(p("a15")))
    );
    until(&mut app, "its message shows", |app| {
        let log = app.world().resource::<EngineSeats>().log();
        log.iter().any(|l| l == "fixed: playing 0,0")
    });
    // Undo takes back the engine's move and the person's; the person plays
    // elsewhere and the engine, told of the takeback, answers again.
    act(&mut app, HistoryRequest::Undo);
    until(&mut app, "both moves are taken back", |app| moves(app) == 0);
    request(&mut app, BoardMove::Point(p("j10")));
    until(&mut app, "the engine answers again", |app| moves(app) == 2);
    assert!(!game(&app).game().is_over(), "{:?}", game(&app).forfeit());
    assert_eq!(
        game(&app).game().last_move(),
        Some(BoardMove::Point(p("a15")))
    );
}

/// Add engine, from New game: a path that is not a program is refused
/// with a reason and nothing is kept; a program is named after its file,
/// kept in the settings, and New game comes back with it as White.
#[test]
fn add_engine_keeps_a_program_and_refuses_anything_else() {
    let mut app = crate::app_flow::app();
    run(&mut app, 3);
    let go = |app: &mut App, menu: Menu| {
        app.world_mut().resource_mut::<NextState<Menu>>().set(menu);
        run(app, 3);
    };
    go(&mut app, Menu::NewGame);
    act(&mut app, MenuRequest::OpenAddEngine);
    run(&mut app, 3);
    assert_eq!(crate::app_flow::menu(&app), Menu::AddEngine);
    let before = app.world().resource::<Settings>().engines.len();
    let attempt = |app: &mut App, path: &str| {
        app.world_mut().resource_mut::<EnginePath>().text = path.to_string();
        act(app, ConfirmAddEngine);
        run(app, 3);
    };
    attempt(&mut app, "/no/such/pbrain-x");
    assert!(
        app.world()
            .resource::<EnginePath>()
            .problem
            .contains("There is no file at /no/such/pbrain-x"),
        "{:?}",
        app.world().resource::<EnginePath>()
    );
    let folder = env!("CARGO_MANIFEST_DIR");
    attempt(&mut app, folder);
    assert!(
        app.world()
            .resource::<EnginePath>()
            .problem
            .contains("is not a program"),
    );
    assert_eq!(crate::app_flow::menu(&app), Menu::AddEngine);
    assert_eq!(app.world().resource::<Settings>().engines.len(), before);

    attempt(&mut app, &crate::pbrain_lineup().display().to_string());
    assert_eq!(crate::app_flow::menu(&app), Menu::NewGame);
    let settings = app.world().resource::<Settings>();
    let slot = settings
        .engines
        .iter()
        .position(|e| e.name == "lineup")
        .expect("listed under its file's name");
    let setup = settings.last_setup.expect("New game's set-up kept");
    assert_eq!(setup.players[1], PlayerKind::Engine(EngineSlot(slot as u8)));
    assert!(matches!(
        setup.kind,
        lineup_core::match_setup::GameKind::Gomoku { .. }
    ));
}
