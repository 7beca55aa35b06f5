//! The analysis board in a headless app: opened from a game and from the
//! title, edits drawn as set-up pieces with Renju's foul marks following
//! them, moves from a non-final position making branches, the engine's
//! lines arriving from the background and legal, a VCF found and drawn,
//! and the match never touched.

use crate::app_flow::{C4, HUMANS, RENJU, act, app, app_in_game, count, menu, run, screen, until};
use bevy::prelude::*;
use lineup::analysis::thinking::EngineLines;
use lineup::analysis::{AnalysisRequest, Studied};
use lineup::board::markers::ForbiddenMark;
use lineup::board::pieces::{Piece, SetupPiece};
use lineup::current_match::CurrentMatch;
use lineup::menus::MenuRequest;
use lineup::states::{BoardMode, Menu, Screen};
use lineup_core::analysis::setup::SetupEdit;
use lineup_core::analysis::threats::{ThreatAnswer, ThreatKind};
use lineup_core::rules::{BoardMove, Point, Side};

fn mode(app: &App) -> Option<BoardMode> {
    app.world()
        .get_resource::<State<BoardMode>>()
        .map(|s| *s.get())
}

fn studied(app: &App) -> &Studied {
    app.world().resource::<Studied>()
}

fn step(app: &mut App, request: AnalysisRequest) {
    act(app, request);
    run(app, 2);
}

/// The title's Analysis board, opened on the game its chooser shows.
fn open_board_from_the_title(app: &mut App) {
    use lineup::menus::analysis_board::AnalysisBoardRequest;
    act(app, MenuRequest::OpenAnalysis);
    run(app, 2);
    assert_eq!(menu(app), Menu::AnalysisBoard);
    act(app, AnalysisBoardRequest::Open);
}

fn point(name: &str) -> BoardMove {
    BoardMove::Point(Point::parse(name).expect("a point"))
}

fn place(app: &mut App, name: &str, side: Side) {
    step(
        app,
        AnalysisRequest::Edit(SetupEdit::Place {
            at: point(name),
            side,
        }),
    );
}

#[test]
fn a_game_is_studied_without_changing_it_and_moves_make_branches() {
    let mut app = app_in_game(RENJU, "h8i9j10h9", HUMANS);
    let revision = app.world().resource::<CurrentMatch>().revision();
    step(&mut app, AnalysisRequest::Open);
    assert_eq!(mode(&app), Some(BoardMode::Analysis));
    assert_eq!(count::<Piece>(&mut app), 4, "the game's moves, drawn");
    // Two moves back, then a move the game did not play: a side line.
    step(&mut app, AnalysisRequest::Back);
    step(&mut app, AnalysisRequest::Back);
    assert_eq!(count::<Piece>(&mut app), 2);
    step(&mut app, AnalysisRequest::Play(point("k11")));
    let study = &studied(&app).study;
    assert_eq!(
        study.tree().path(study.at()),
        [point("h8"), point("i9"), point("k11")]
    );
    let tree = study.tree();
    let i9 = tree.children(tree.children(tree.root())[0])[0];
    let after_i9: Vec<_> = tree
        .children(i9)
        .iter()
        .map(|&n| tree.mv(n).copied())
        .collect();
    assert_eq!(
        after_i9,
        [Some(point("j10")), Some(point("k11"))],
        "the game's line, then k11's"
    );
    assert_eq!(count::<Piece>(&mut app), 3);
    // The side line becomes the main line.
    step(&mut app, AnalysisRequest::Promote);
    let tree = studied(&app).study.tree();
    assert_eq!(tree.mv(tree.children(i9)[0]), Some(&point("k11")));
    // An illegal move changes nothing.
    let key = studied(&app).key;
    step(&mut app, AnalysisRequest::Play(point("k11")));
    assert_eq!(studied(&app).key, key, "k11 is taken");
    step(&mut app, AnalysisRequest::Leave);
    assert_eq!(
        (mode(&app), menu(&app)),
        (Some(BoardMode::Play), Menu::None)
    );
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!((game.revision(), game.game().move_count()), (revision, 4));
    assert_eq!(count::<Piece>(&mut app), 4);
    assert_eq!(count::<SetupPiece>(&mut app), 0);
}

#[test]
fn the_pause_menu_opens_it_and_esc_comes_back() {
    let mut app = app_in_game(C4, "4455", HUMANS);
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::Pause);
    step(&mut app, AnalysisRequest::Open);
    assert_eq!(
        (mode(&app), menu(&app)),
        (Some(BoardMode::Analysis), Menu::None)
    );
    crate::app_flow::press(&mut app, KeyCode::Escape);
    run(&mut app, 2);
    assert_eq!(
        (mode(&app), menu(&app)),
        (Some(BoardMode::Play), Menu::None)
    );
}

#[test]
fn edits_are_set_up_pieces_and_the_foul_marks_follow_them() {
    let mut app = app();
    run(&mut app, 3);
    open_board_from_the_title(&mut app);
    until(&mut app, 50, "the analysis board", |app| {
        mode(app) == Some(BoardMode::Analysis)
    });
    assert_eq!(screen(&app), Screen::Game);
    // Black's double three at h8 once these are down.
    for name in ["f8", "g8", "h10", "h9"] {
        place(&mut app, name, Side::First);
    }
    place(&mut app, "a1", Side::Second);
    place(&mut app, "a2", Side::Second);
    run(&mut app, 2);
    assert_eq!(count::<SetupPiece>(&mut app), 6);
    assert_eq!(count::<Piece>(&mut app), 0, "no moves yet");
    // White has fewer stones, so White moves: no crosses (they bind Black).
    assert_eq!(studied(&app).study.setup().to_move(), Side::Second);
    assert_eq!(count::<ForbiddenMark>(&mut app), 0);
    // Black to move: the cross on h8 appears.
    step(&mut app, AnalysisRequest::SwapSideToMove);
    assert_eq!(studied(&app).study.setup().to_move(), Side::First);
    let marks: Vec<Point> = {
        let mut q = app.world_mut().query::<&ForbiddenMark>();
        q.iter(app.world()).map(|m| m.0).collect()
    };
    assert!(marks.contains(&Point::parse("h8").unwrap()), "{marks:?}");
    // Erase and take back.
    step(
        &mut app,
        AnalysisRequest::Edit(SetupEdit::Erase { at: point("a1") }),
    );
    assert_eq!(count::<SetupPiece>(&mut app), 5);
    step(&mut app, AnalysisRequest::TakeBack);
    assert_eq!(count::<SetupPiece>(&mut app), 6);
    // Back goes to the title, where it came from.
    step(&mut app, AnalysisRequest::Leave);
    run(&mut app, 2);
    assert_eq!(screen(&app), Screen::Title);
}

#[test]
fn the_engine_thinks_aloud_with_legal_lines_best_first() {
    let mut app = app_in_game(RENJU, "h8i9h9h10g8i8", HUMANS);
    step(&mut app, AnalysisRequest::Open);
    let key = studied(&app).key;
    until(&mut app, 2000, "the engine's first lines", |app| {
        let lines = app.world().resource::<EngineLines>();
        lines.key == key && lines.report.as_ref().is_some_and(|r| r.lines.len() >= 2)
    });
    // Paused, the engine keeps its last lines on show and reports no more.
    step(&mut app, AnalysisRequest::PauseEngine);
    let report = app
        .world()
        .resource::<EngineLines>()
        .report
        .clone()
        .unwrap();
    assert!(report.depth >= 1 && report.nodes > 0);
    // Its search is gone (nothing is left to report), and frames go by.
    let searches = |app: &App| {
        app.world()
            .get_resource::<lineup::search::background::BackgroundSearch<
                lineup::analysis::thinking::Thinking,
            >>()
            .is_some()
    };
    assert!(!searches(&app), "the search stopped with the pause");
    run(&mut app, 10);
    assert!(!searches(&app));
    assert_eq!(
        app.world().resource::<EngineLines>().report.as_ref(),
        Some(&report)
    );
    let game = studied(&app).study.position().unwrap().clone();
    for line in &report.lines {
        let mut replay = game.clone();
        for &mv in &line.moves {
            replay
                .play(mv)
                .unwrap_or_else(|e| panic!("{mv} in {line:?}: {e}"));
        }
    }
    // A click on the first line steps into it: its moves become a branch.
    let length = report.lines[0].moves.len();
    step(&mut app, AnalysisRequest::StepInto(0, 2));
    let study = &studied(&app).study;
    assert_eq!(
        study.tree().path(study.at()),
        [&game.moves()[..], &report.lines[0].moves[..2.min(length)]].concat()
    );
}

#[test]
fn a_vcf_is_found_for_either_side_and_drawn_on_the_board() {
    // Black (to move) has no win; White wins by fours: f9 e10... is not
    // needed, the test asks the search and replays what it says.
    let mut app = app_in_game(RENJU, "h8a1i8a2j8", HUMANS);
    step(&mut app, AnalysisRequest::Open);
    // White to move; a VCF for Black (the side not to move): h8 i8 j8 and
    // an open end make a four, then five.
    step(
        &mut app,
        AnalysisRequest::Threat(ThreatKind::Vcf, Side::First),
    );
    until(&mut app, 2000, "the VCF's answer", |app| {
        app.world()
            .get_resource::<lineup::analysis::threats::ThreatShown>()
            .is_some_and(|t| t.answer.is_some())
    });
    let shown = app
        .world()
        .resource::<lineup::analysis::threats::ThreatShown>()
        .clone();
    let Some(ThreatAnswer::Found(win)) = shown.answer else {
        panic!("no VCF: {:?}", shown.answer);
    };
    assert_eq!(win.attacker, Side::First);
    assert!(!win.moves.is_empty());
    run(&mut app, 3);
    assert!(
        count::<lineup::analysis::lines_on_board::LineGhost>(&mut app) >= win.moves.len().min(1)
    );
}

#[test]
fn a_study_is_saved_in_the_library_and_loaded_back_from_load_game() {
    let mut app = app_in_game(RENJU, "h8i9", HUMANS);
    step(&mut app, AnalysisRequest::Open);
    step(&mut app, AnalysisRequest::Back);
    step(&mut app, AnalysisRequest::Play(point("j10")));
    step(
        &mut app,
        AnalysisRequest::Mark(Some(lineup_core::analysis::tree::MoveMark::Good)),
    );
    let before = studied(&app).study.clone();
    step(&mut app, AnalysisRequest::Save);
    let file = studied(&app).file.clone().expect("saved to a file");
    assert!(file.exists(), "{}", file.display());
    // Saved again, the same file.
    step(&mut app, AnalysisRequest::Save);
    assert_eq!(studied(&app).file.as_ref(), Some(&file));
    step(&mut app, AnalysisRequest::Leave);
    act(&mut app, MenuRequest::OpenLoad);
    run(&mut app, 3);
    // Load game tells a study by what it holds (it said "Human vs Human ·
    // 0 moves"): h8 i9, and j10 beside i9.
    let mut texts = app.world_mut().query::<&Text>();
    let said: Vec<String> = texts.iter(app.world()).map(|t| t.0.clone()).collect();
    assert!(
        said.iter()
            .any(|t| t.starts_with("Renju 15x15 study · 2 moves · 1 side line · ")),
        "{said:?}"
    );
    assert!(
        !said.iter().any(|t| t.contains("Human vs Human")),
        "{said:?}"
    );
    let index = {
        let list = app.world().resource::<lineup::menus::load::SaveList>();
        list.0
            .iter()
            .position(|l| l.entry.path == file)
            .expect("the study is listed")
    };
    act(&mut app, lineup::menus::load::LoadRequest::Load(index));
    until(&mut app, 50, "the study on the analysis board", |app| {
        mode(app) == Some(BoardMode::Analysis)
    });
    let study = &studied(&app).study;
    assert_eq!(study.tree(), before.tree());
    assert_eq!(study.at(), before.at());
    assert_eq!(study.position().ok(), before.position().ok());
    assert_eq!(studied(&app).file.as_ref(), Some(&file));
}

#[test]
fn a_comment_is_typed_and_kept_and_point_marks_cycle() {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    use lineup::analysis::marks_on_board::PointMarkGlyph;
    use lineup_core::analysis::setup::Spot;
    use lineup_core::analysis::tree::PointMark;
    let mut app = app_in_game(RENJU, "h8i9", HUMANS);
    step(&mut app, AnalysisRequest::Open);
    step(&mut app, AnalysisRequest::Comment);
    assert_eq!(menu(&app), Menu::Comment);
    crate::app_flow::type_keys(&mut app, "sharp");
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Enter,
            logical_key: Key::Enter,
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
    run(&mut app, 3);
    assert_eq!(menu(&app), Menu::None);
    let study = &studied(&app).study;
    assert_eq!(study.tree().comment(study.at()), "sharp");
    // Triangle, square, circle, then none, on one point.
    let j10 = Spot::Point(Point::parse("j10").unwrap());
    for expected in [
        Some(PointMark::Triangle),
        Some(PointMark::Square),
        Some(PointMark::Circle),
        None,
    ] {
        step(&mut app, AnalysisRequest::PointMark(point("j10")));
        let study = &studied(&app).study;
        let marks = study.tree().point_marks(study.at()).to_vec();
        assert_eq!(
            marks,
            expected.map(|m| (j10, m)).into_iter().collect::<Vec<_>>()
        );
        assert_eq!(
            count::<PointMarkGlyph>(&mut app),
            usize::from(expected.is_some())
        );
    }
    // Esc in the dialog keeps the comment as it was.
    step(&mut app, AnalysisRequest::Comment);
    crate::app_flow::type_keys(&mut app, " and more");
    crate::app_flow::press(&mut app, KeyCode::Escape);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::None);
    let study = &studied(&app).study;
    assert_eq!(study.tree().comment(study.at()), "sharp");
}

#[test]
fn moves_after_a_set_up_with_white_to_move_are_white_first() {
    let mut app = app();
    run(&mut app, 3);
    open_board_from_the_title(&mut app);
    until(&mut app, 50, "the analysis board", |app| {
        mode(app) == Some(BoardMode::Analysis)
    });
    // One black stone: White moves.
    place(&mut app, "h8", Side::First);
    step(&mut app, AnalysisRequest::Play(point("i9")));
    step(&mut app, AnalysisRequest::Play(point("j10")));
    let mut sides: Vec<(usize, Side)> = {
        let mut q = app.world_mut().query::<&Piece>();
        q.iter(app.world()).map(|p| (p.ply, p.side)).collect()
    };
    sides.sort();
    assert_eq!(sides, [(0, Side::Second), (1, Side::First)]);
    // A mark or a comment changes the study, not the position: the
    // engine's key stays.
    let key = studied(&app).key;
    step(
        &mut app,
        AnalysisRequest::Mark(Some(lineup_core::analysis::tree::MoveMark::Good)),
    );
    step(&mut app, AnalysisRequest::SetComment("note".into()));
    assert_eq!(studied(&app).key, key);
    step(&mut app, AnalysisRequest::Back);
    assert_ne!(studied(&app).key, key);
}

#[test]
fn two_new_studies_saved_in_one_minute_get_two_files() {
    let mut app = app_in_game(RENJU, "h8i9", HUMANS);
    step(&mut app, AnalysisRequest::Open);
    step(&mut app, AnalysisRequest::Save);
    let first = studied(&app).file.clone().expect("saved");
    // Another study (as a paste makes one): no file of its own yet.
    app.world_mut().resource_mut::<Studied>().file = None;
    step(&mut app, AnalysisRequest::Play(point("j10")));
    step(&mut app, AnalysisRequest::Save);
    let second = studied(&app).file.clone().expect("saved");
    assert_ne!(first, second);
    let read = |path: &std::path::Path| {
        let save = lineup_core::persist::save_file::SaveFile::read(path).expect("a study");
        save.study().expect("readable").expect("a study")
    };
    assert_eq!(read(&first).tree().len() + 1, read(&second).tree().len());
}

#[test]
fn a_piece_put_on_the_analysis_board_is_heard_and_a_refusal_too() {
    use crate::app_flow::{record, seen};
    use lineup::audio::{PlaySound, SoundEffect};
    let mut app = app_in_game(RENJU, "h8", HUMANS);
    step(&mut app, AnalysisRequest::Open);
    record::<PlaySound>(&mut app);
    step(&mut app, AnalysisRequest::Play(point("i9")));
    place(&mut app, "a1", Side::First);
    // Taken: refused.
    step(&mut app, AnalysisRequest::Play(point("h8")));
    let sounds: Vec<SoundEffect> = seen::<PlaySound>(&app).iter().map(|p| p.sound).collect();
    assert!(
        matches!(
            sounds[..],
            [
                SoundEffect::Stone(_),
                SoundEffect::Stone(_),
                SoundEffect::Refused
            ]
        ),
        "{sounds:?}"
    );
}

/// A Connect Four "win in N" draws only the line's first moves (drawn
/// whole it covered the board), and its button, pressed again, hides it.
#[test]
fn a_long_win_shows_its_first_moves_and_its_button_hides_it() {
    use lineup::analysis::lines_on_board::{LineGhost, SHOWN_MOVES};
    use lineup::analysis::threats::ThreatShown;
    let mut app = app_in_game(C4, "44", HUMANS);
    step(&mut app, AnalysisRequest::Open);
    let ask = AnalysisRequest::Threat(ThreatKind::Vcf, Side::First);
    step(&mut app, ask.clone());
    until(&mut app, 3000, "the win in N", |app| {
        app.world()
            .get_resource::<ThreatShown>()
            .is_some_and(|t| t.answer.is_some())
    });
    let Some(ThreatAnswer::Found(win)) = app.world().resource::<ThreatShown>().answer.clone()
    else {
        panic!("Red wins from 44");
    };
    assert!(win.moves.len() > SHOWN_MOVES, "{} moves", win.moves.len());
    run(&mut app, 3);
    assert_eq!(count::<LineGhost>(&mut app), SHOWN_MOVES);
    assert!(
        crate::app_flow::texts(&mut app)
            .iter()
            .any(|t| t == "Hide the line")
    );
    step(&mut app, ask);
    run(&mut app, 2);
    assert_eq!(count::<LineGhost>(&mut app), 0);
    assert!(app.world().get_resource::<ThreatShown>().is_none());
    assert!(
        !crate::app_flow::texts(&mut app)
            .iter()
            .any(|t| t == "Hide the line")
    );
}

/// The title's Analysis board asks which game and board: Connect Four 7x6
/// chosen there opens a Connect Four board (it was always Renju 15x15).
#[test]
fn the_titles_analysis_board_opens_the_game_chosen() {
    use lineup::menus::analysis_board::{AnalysisBoardRequest, AnalysisBoardSetup};
    use lineup::menus::new_game::SetupField;
    use lineup_core::match_setup::GameKind;
    let mut app = app();
    run(&mut app, 3);
    act(&mut app, MenuRequest::OpenAnalysis);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::AnalysisBoard);
    // Back is the title's menu; asked again, the chooser.
    act(&mut app, MenuRequest::Back);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::Main);
    act(&mut app, MenuRequest::OpenAnalysis);
    run(&mut app, 2);
    assert!(matches!(
        app.world().resource::<AnalysisBoardSetup>().0.kind,
        GameKind::Gomoku { .. }
    ));
    act(&mut app, AnalysisBoardRequest::Cycle(SetupField::Game, 1));
    run(&mut app, 2);
    assert_eq!(app.world().resource::<AnalysisBoardSetup>().0.kind, C4);
    act(&mut app, AnalysisBoardRequest::Open);
    until(&mut app, 50, "the analysis board", |app| {
        mode(app) == Some(BoardMode::Analysis)
    });
    assert_eq!(studied(&app).study.setup().kind(), C4);
}
