//! One headless regression test for each game-flow bug found by playing
//! (issue: "The game flow, correct by construction"). Each failed before its
//! fix.

use crate::app_flow::{
    C4, HUMANS, RENJU, act, app_in_game, app_with_home, count, menu, moves, phase, press, record,
    request, run, seen, settle, until,
};
use bevy::prelude::*;
use lineup::audio::Mix;
use lineup::board::help_marks::HintGlow;
use lineup::current_match::HistoryRequest;
use lineup::current_match::{CurrentMatch, GameEnded, MatchAtStart, StartMatch};
use lineup::disk::{Storage, newest_unfinished};
use lineup::menus::MenuRequest;
use lineup::search::computer::Thinking;
use lineup::search::help::HelpRequest;
use lineup::search::help::Hint;
use lineup::settings::Settings;
use lineup::states::{GamePhase, Menu};
use lineup_core::ai::advice::{Value, column_values};
use lineup_core::match_setup::{Level, MatchSetup, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::persist::folders::Folders;
use lineup_core::persist::games;
use lineup_core::rules::{
    BoardMove, Column, ConnectFour, ConnectFourSize, Ending, Outcome, Point, Rules, Side,
};
use std::time::Duration;

const AGAINST_COMPUTER: [PlayerKind; 2] = [PlayerKind::Human, PlayerKind::Computer(Level::Master)];

/// Frames the computer and the hint have to answer in.
const FRAMES: usize = 400;

#[test]
fn resigning_while_the_computer_thinks_gives_up_for_the_person() {
    let mut app = app_in_game(C4, "", AGAINST_COMPUTER);
    request(&mut app, BoardMove::Column(Column(3)));
    until(&mut app, FRAMES, "the computer thinks", |app| {
        app.world().get_resource::<Thinking>().is_some()
    });
    // Yellow (the computer) is to move; Red clicks Resign.
    act(&mut app, MenuRequest::Resign);
    run(&mut app, 2);
    act(&mut app, HistoryRequest::Resign);
    run(&mut app, 3);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().ending(),
        Some(Ending::Resigned {
            winner: Side::Second
        }),
        "Red, the person, resigned"
    );
}

#[test]
fn the_computer_does_not_move_while_a_menu_is_open() {
    let players = [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)];
    let mut app = app_in_game(C4, "", players);
    request(&mut app, BoardMove::Column(Column(3)));
    until(&mut app, FRAMES, "the computer thinks", |app| {
        app.world().get_resource::<Thinking>().is_some()
    });
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::Pause);
    // The answer is there behind the menu, and frames go by: not played.
    until(&mut app, FRAMES, "the computer's answer", |app| {
        app.world().resource::<Thinking>().has_ended()
    });
    run(&mut app, 10);
    assert_eq!(moves(&app), 1, "no move behind the menu");
    act(&mut app, MenuRequest::Resume);
    until(&mut app, FRAMES, "the computer moves after Resume", |app| {
        moves(app) == 2
    });
}

#[test]
fn a_hint_of_the_last_match_never_shows_in_the_next() {
    let mut app = app_in_game(C4, "", HUMANS);
    act(&mut app, HelpRequest::Hint);
    until(&mut app, FRAMES, "a hint", |app| {
        app.world().get_resource::<Hint>().is_some()
    });
    let old = app.world().resource::<Hint>().0.revision;
    assert_eq!(old, app.world().resource::<CurrentMatch>().revision());
    run(&mut app, 2);
    assert!(count::<HintGlow>(&mut app) > 0, "the hint glows first");
    // A new match, as Rematch or New game starts one.
    act(
        &mut app,
        StartMatch(Match::new(MatchSetup::new(C4, HUMANS))),
    );
    run(&mut app, 3);
    let fresh = app.world().resource::<CurrentMatch>().revision();
    assert_ne!(old, fresh, "a new match never shares a revision");
    // And none of the old hint shows on the new board, frames later.
    run(&mut app, 10);
    assert_eq!(count::<HintGlow>(&mut app), 0, "the old hint glows");
    assert!(
        app.world()
            .get_resource::<Hint>()
            .is_none_or(|h| h.0.revision != fresh),
        "a hint is kept for the new match"
    );
}

#[test]
fn opening_a_finished_game_keeps_continue() {
    let home =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("finished-keeps-continue");
    let _ = std::fs::remove_dir_all(&home);
    let mut app = app_with_home(&home);
    record::<GameEnded>(&mut app);
    app.insert_resource(MatchAtStart(Match::new(MatchSetup::new(C4, HUMANS))));
    run(&mut app, 3);
    request(&mut app, BoardMove::Column(Column(3)));
    settle(&mut app);
    let storage = Storage::at(Folders::under(&home));
    assert!(newest_unfinished(&storage).is_some(), "autosaved");
    // Open a finished game (as Load does).
    let finished =
        ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "1212121").expect("legal");
    let done = Match::from_position(
        MatchSetup::new(C4, HUMANS),
        None,
        lineup_core::rules::MatchGame::ConnectFour(finished),
    );
    act(&mut app, StartMatch(done));
    run(&mut app, 5);
    settle(&mut app);
    assert_eq!(phase(&app), Some(GamePhase::Over));
    assert!(seen::<GameEnded>(&app).is_empty(), "no win sound again");
    let (save, game) = newest_unfinished(&storage).expect("Continue still offered");
    assert_eq!((save.moves.as_str(), game.move_count()), ("4", 1));
}

#[test]
fn redo_is_autosaved() {
    let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("redo-autosaved");
    let _ = std::fs::remove_dir_all(&home);
    let mut app = app_with_home(&home);
    app.insert_resource(MatchAtStart(Match::new(MatchSetup::new(C4, HUMANS))));
    run(&mut app, 3);
    for column in [3, 4] {
        request(&mut app, BoardMove::Column(Column(column)));
        settle(&mut app);
    }
    act(&mut app, HistoryRequest::Undo);
    run(&mut app, 3);
    let folders = Folders::under(&home);
    let kept = |folders: &Folders| games::latest(folders).expect("kept").moves;
    assert_eq!(kept(&folders), "4");
    act(&mut app, HistoryRequest::Redo);
    run(&mut app, 3);
    assert_eq!(kept(&folders), "45");
}

#[test]
fn saving_over_a_damaged_save_keeps_it() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("save-over-damaged");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    std::fs::write(dir.join("Evening.ron"), "(format: 1, name: \"Even").expect("written");
    let game = Match::new(MatchSetup::new(C4, HUMANS));
    let problem = lineup::menus::save::save("Evening", &game, &dir).expect_err("refused");
    assert!(
        matches!(
            &problem,
            lineup::menus::save::SaveProblem::Unreadable { name, .. } if name == "Evening"
        ),
        "{problem:?}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("Evening.ron")).expect("still there"),
        "(format: 1, name: \"Even"
    );
    // Two old saves (no id) are two games: neither replaces the other.
    let a = Match::resumed(game.setup(), game.game().clone(), 1, 0);
    let b = Match::resumed(game.setup(), game.game().clone(), 1, 0);
    lineup::menus::save::save("Old", &a, &dir).expect("saved");
    assert!(lineup::menus::save::save("Old", &b, &dir).is_err());
}

#[test]
fn a_move_that_fills_the_board_is_valued_a_draw() {
    // Random play (a fixed seed) until a game fills the board with no line;
    // then its last move is the only one left, and it draws.
    let mut rng = lineup_core::ai::PlayRng::new(7);
    let board = loop {
        let mut board = ConnectFour::new(ConnectFourSize::STANDARD);
        let mut moves = Vec::new();
        let drawn = loop {
            let open: Vec<u8> = (0..7).filter(|c| board.can_play(Column(*c))).collect();
            let column = Column(rng.pick(&open).expect("a column is open"));
            match board.play(column).expect("legal") {
                None => moves.push(column),
                Some(Outcome::Draw) => break true,
                Some(_) => break false,
            }
        };
        if drawn {
            break *ConnectFour::game_from_moves(
                ConnectFourSize::STANDARD,
                &moves
                    .iter()
                    .map(|c| char::from(b'1' + c.0))
                    .collect::<String>(),
            )
            .expect("legal")
            .position();
        }
    };
    let values = column_values(&board, 1, &Default::default(), |_| {}).expect("analysed");
    let open: Vec<Value> = values.into_iter().flatten().collect();
    assert_eq!(open, [Value::Draw]);
}

#[test]
fn mix_follows_the_sound_settings_live() {
    let mut app = app_in_game(C4, "", HUMANS);
    let mix = *app.world().resource::<Mix>();
    assert!(mix.music > -60.0 && mix.effects > -60.0);
    app.world_mut().resource_mut::<Settings>().music_volume = 0;
    run(&mut app, 1);
    let mix = *app.world().resource::<Mix>();
    assert_eq!(mix.music, -60.0, "music off");
    assert!(mix.effects > -60.0, "effects still on");
    app.world_mut().resource_mut::<Settings>().muted = true;
    run(&mut app, 1);
    let mix = *app.world().resource::<Mix>();
    assert_eq!((mix.music, mix.effects, mix.ui), (-60.0, -60.0, -60.0));
}

/// Enter in the resign dialog keeps playing: a menu never focuses a button
/// that gives up, deletes or quits by itself.
#[test]
fn enter_in_the_resign_dialog_keeps_playing() {
    let mut app = app_in_game(C4, "4", HUMANS);
    act(&mut app, MenuRequest::Resign);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::ConfirmResign);
    press(&mut app, KeyCode::Enter);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::None);
    let game = &app.world().resource::<CurrentMatch>().game();
    assert!(!game.is_over(), "Enter resigned: {:?}", game.ending());
}

/// A menu over the game-over banner takes the keyboard alone: the focus
/// never goes to the banner's buttons behind it, and keys in the menu never
/// start a rematch.
#[test]
fn keys_in_a_menu_never_reach_the_banner_behind_it() {
    use lineup::theme::interaction::{ButtonInfo, Focused, MenuLayer};
    let mut app = app_in_game(C4, "1212121", HUMANS);
    settle(&mut app);
    assert_eq!(phase(&app), Some(GamePhase::Over));
    let id = app.world().resource::<CurrentMatch>().id();
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::Pause);
    // Round the whole menu and more: the focus stays on the pause menu's
    // buttons (the banner's Review is also in the pause menu, so it is
    // told apart by where it sits).
    let mut reached = Vec::new();
    for _ in 0..16 {
        press(&mut app, KeyCode::ArrowDown);
        let focused = app.world().resource::<Focused>().0.expect("a focus");
        let info = app.world().get::<ButtonInfo>(focused).expect("a button");
        reached.push(info.name.clone());
        let mut ancestors = std::iter::successors(Some(focused), |e| {
            app.world().get::<ChildOf>(*e).map(|c| c.parent())
        });
        assert!(
            ancestors.any(|e| app.world().get::<MenuLayer>(e).is_some()),
            "focus left the pause menu: {reached:?}"
        );
    }
    assert!(
        !reached.contains(&"Rematch".to_string()),
        "focus reached {reached:?}"
    );
    press(&mut app, KeyCode::Space);
    run(&mut app, 3);
    assert_eq!(app.world().resource::<CurrentMatch>().id(), id, "a rematch");
}

/// Searches run on threads of their own, never on Bevy's async compute
/// pool: with searches holding every thread it has, a task Bevy puts on
/// that pool still runs (it did not, and the frame froze while the computer
/// thought: one 4.2 s frame under Master, measured with --frame-stats).
#[test]
fn searches_leave_bevys_task_pools_free() {
    use bevy::tasks::{AsyncComputeTaskPool, block_on};
    use lineup::search::background::{BackgroundSearch, SearchKind};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    struct Held;
    impl SearchKind for Held {
        type Output = ();
    }
    let _app = crate::app_flow::app(); // Bevy's task pools
    let release = Arc::new(AtomicBool::new(false));
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let searches: Vec<BackgroundSearch<Held>> = (0..threads * 2)
        .map(|_| {
            let release = release.clone();
            BackgroundSearch::<Held>::start(0, Duration::ZERO, move |_| {
                while !release.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(5));
                }
            })
        })
        .collect();
    let (send, answered) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(block_on(AsyncComputeTaskPool::get().spawn(async { 7 })));
    });
    let answer = answered.recv_timeout(Duration::from_secs(60));
    release.store(true, Ordering::Relaxed);
    drop(searches);
    assert_eq!(answer, Ok(7), "Bevy's pool was held by the searches");
}

/// Ctrl+Z pressed and released between two frames (a quick hand, a slow
/// software renderer) still undoes: Ctrl counts when it went down this
/// frame, not only while held.
#[test]
fn a_ctrl_z_quicker_than_a_frame_still_undoes() {
    let mut app = app_in_game(C4, "44", HUMANS);
    settle(&mut app);
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyZ);
        keys.release(KeyCode::KeyZ);
        keys.release(KeyCode::ControlLeft);
    }
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .clear();
    run(&mut app, 2);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().move_count(),
        1
    );
}

/// Ctrl going down a frame before Z and coming up in Z's own frame (what
/// xdotool's key ctrl+z does at 40 frames a second, one time in three)
/// still undoes: Ctrl let go this frame was down this frame.
#[test]
fn ctrl_let_go_in_the_frame_of_z_still_undoes() {
    let mut app = app_in_game(C4, "44", HUMANS);
    settle(&mut app);
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ControlLeft);
    app.update();
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.clear();
        keys.press(KeyCode::KeyZ);
        keys.release(KeyCode::KeyZ);
        keys.release(KeyCode::ControlLeft);
    }
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .clear();
    run(&mut app, 2);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().move_count(),
        1
    );
}

/// Starting another game never throws an unfinished one away: both are
/// kept, the load list shows the one not in play under Unfinished, and it
/// opens where it was (one autosave slot lost the first game).
#[test]
fn a_new_game_keeps_the_unfinished_one_and_load_lists_it() {
    use lineup::menus::load::{LoadRequest, SaveList, Section};
    let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("keeps-unfinished");
    let _ = std::fs::remove_dir_all(&home);
    let mut app = app_with_home(&home);
    let c4 = Match::new(MatchSetup::new(C4, HUMANS));
    app.insert_resource(MatchAtStart(c4));
    run(&mut app, 3);
    request(&mut app, BoardMove::Column(Column(3)));
    settle(&mut app);
    // Another game, as New game starts one.
    act(
        &mut app,
        StartMatch(Match::new(MatchSetup::new(RENJU, HUMANS))),
    );
    run(&mut app, 3);
    request(&mut app, BoardMove::Point(Point::new(7, 7)));
    settle(&mut app);
    let folders = Folders::under(&home);
    assert_eq!(games::unfinished(&folders).len(), 2, "both games kept");
    let (newest, _) = games::newest_unfinished(&folders).expect("one to continue");
    assert_eq!(newest.moves, "h8", "Continue offers the newest");

    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    act(&mut app, MenuRequest::OpenLoad);
    run(&mut app, 2);
    let listed: Vec<(Section, String)> = app
        .world()
        .resource::<SaveList>()
        .0
        .iter()
        .map(|l| {
            let moves = l.entry.content.as_ref().map(|s| s.save.moves.clone());
            (l.section, moves.unwrap_or_default())
        })
        .collect();
    assert_eq!(listed, [(Section::Unfinished, "4".to_string())]);
    act(&mut app, LoadRequest::Load(0));
    run(&mut app, 3);
    assert_eq!(moves(&app), 1);
    assert!(matches!(
        app.world().resource::<CurrentMatch>().game(),
        lineup_core::rules::MatchGame::ConnectFour(_)
    ));
}

/// Asks for a hint and waits for it on the board: the moves it names.
fn hint_shown(app: &mut App) -> Vec<BoardMove> {
    use lineup_core::ai::advice::Found;
    act(app, HelpRequest::Hint);
    until(app, FRAMES, "a hint", |app| {
        app.world().get_resource::<Hint>().is_some()
    });
    run(app, 2);
    let Found::Hint { moves, .. } = app.world().resource::<Hint>().0.found.clone() else {
        panic!("not a hint");
    };
    moves
}

#[test]
fn a_gomoku_hint_is_a_ghost_stone_in_a_breathing_ring() {
    use lineup::board::layout::BoardLayout;
    use lineup::board::ringed_ghost::Breathing;
    // Before, the hint was a faint gold square on gold wood.
    let mut app = app_in_game(RENJU, "h8h9i8", HUMANS);
    let hinted = hint_shown(&mut app);
    let layout = *app.world().resource::<BoardLayout>();
    let mut ghosts = app
        .world_mut()
        .query_filtered::<(&Transform, &Mesh2d, &Children), With<HintGlow>>();
    let ghosts: Vec<(Vec2, Vec<Entity>)> = ghosts
        .iter(app.world())
        .map(|(t, _, children)| (t.translation.truncate(), children.iter().collect()))
        .collect();
    assert_eq!(
        ghosts.len(),
        hinted.len(),
        "one ghost stone per hinted move"
    );
    for (at, children) in &ghosts {
        assert!(
            hinted.iter().any(|mv| matches!(mv, BoardMove::Point(p)
                if layout.point_centre(*p).distance(*at) < 0.5)),
            "a ghost at {at} where no move is hinted"
        );
        let ring = children
            .iter()
            .find(|c| app.world().get::<Breathing>(**c).is_some())
            .copied()
            .expect("a breathing ring on the ghost");
        let scale = |app: &App| app.world().get::<Transform>(ring).unwrap().scale.x;
        // A whole breath (2π/4 s, 32 frames of the test's 50 ms): the
        // range then does not depend on the phase the sampling starts at,
        // which depends on how many frames the hint took.
        let mut scales = Vec::new();
        for _ in 0..32 {
            app.update();
            scales.push(scale(&app));
        }
        let (low, high) = scales
            .iter()
            .fold((f32::MAX, f32::MIN), |(l, h), s| (l.min(*s), h.max(*s)));
        assert!(high - low > 0.02, "the ring breathes: {scales:?}");
    }
}

/// A Connect Four hint is a ghost disc in a ring where the disc would land,
/// nothing over the rest of the column: a glow over the whole column
/// turned the red disc under it orange.
#[test]
fn a_connect_four_hint_marks_the_landing_cell_and_tints_no_disc() {
    use lineup::board::layout::BoardLayout;
    use lineup::board::pieces::Piece;
    let mut app = app_in_game(C4, "44", HUMANS);
    let hinted = hint_shown(&mut app);
    let layout = *app.world().resource::<BoardLayout>();
    let game = app.world().resource::<CurrentMatch>().game().clone();
    let lineup_core::rules::MatchGame::ConnectFour(board) = &game else {
        panic!("Connect Four");
    };
    let landing: Vec<Vec2> = hinted
        .iter()
        .filter_map(|mv| match mv {
            BoardMove::Column(c) => board.position().landing_cell(*c),
            _ => None,
        })
        .map(|cell| layout.cell_centre(cell))
        .collect();
    let mut marks = app
        .world_mut()
        .query_filtered::<(&Transform, Has<Sprite>), With<HintGlow>>();
    let marks: Vec<(Vec2, bool)> = marks
        .iter(app.world())
        .map(|(t, sprite)| (t.translation.truncate(), sprite))
        .collect();
    assert_eq!(marks.len(), hinted.len(), "one mark per hinted column");
    let mut pieces = app.world_mut().query::<(&Piece, &Transform)>();
    let discs: Vec<Vec2> = pieces
        .iter(app.world())
        .map(|(_, t)| t.translation.truncate())
        .collect();
    assert_eq!(discs.len(), 2);
    for (at, sprite) in marks {
        assert!(!sprite, "no glow sprite over the column");
        assert!(
            landing.iter().any(|cell| cell.distance(at) < 0.5),
            "a mark at {at}, not on a landing cell {landing:?}"
        );
        for disc in &discs {
            assert!(
                disc.distance(at) > layout.cell * 0.5,
                "the mark at {at} lies over the disc at {disc}"
            );
        }
    }
}
