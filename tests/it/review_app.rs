//! Review mode in the headless app: stepping and jumping show earlier
//! positions without touching the match, keys and Esc, nothing plays
//! meanwhile, play from here (history and undo), and the graph's values
//! filled in from the background.

use crate::app_flow::{C4, HUMANS, RENJU, act, app_in_game, count, menu, moves, press, run};
use bevy::prelude::*;
use lineup::board::drawn_position::ReviewPosition;
use lineup::board::pieces::Piece;
use lineup::current_match::CurrentMatch;
use lineup::current_match::HistoryRequest;
use lineup::menus::MenuRequest;
use lineup::menus::load::LoadRequest;
use lineup::menus::new_game::NewGameRequest;
use lineup::menus::new_game::SetupField;
use lineup::menus::save::SaveRequest;
use lineup::review::ReviewRequest;
use lineup::review::ReviewValues;
use lineup::states::{BoardMode, Menu};
use lineup_core::ai::Level;
use lineup_core::ai::review::review;
use lineup_core::match_setup::PlayerKind;
use std::sync::atomic::AtomicBool;

/// Frames (at most 600, 20 ms apart) until review's background analysis has
/// judged the whole game; what it found.
pub(crate) fn until_reviewed(app: &mut App) -> lineup_core::ai::review::GameReview {
    for _ in 0..600 {
        run(app, 1);
        if let Some(v) = app.world().get_resource::<ReviewValues>()
            && v.took.is_some()
        {
            return v.review.clone();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the review's analysis never finished");
}

fn mode(app: &App) -> Option<BoardMode> {
    app.world()
        .get_resource::<State<BoardMode>>()
        .map(|s| *s.get())
}

fn shown_ply(app: &App) -> Option<usize> {
    app.world().get_resource::<ReviewPosition>().map(|p| p.ply)
}

fn step<M: Message>(app: &mut App, message: M) {
    act(app, message);
    run(app, 2);
}

#[test]
fn stepping_shows_earlier_positions_and_never_changes_the_match() {
    let mut app = app_in_game(C4, "445566", HUMANS);
    let revision = app.world().resource::<CurrentMatch>().revision();
    step(&mut app, ReviewRequest::Open);
    assert_eq!(mode(&app), Some(BoardMode::Review));
    assert_eq!((shown_ply(&app), count::<Piece>(&mut app)), (Some(6), 6));
    for (action, ply) in [
        (ReviewRequest::Back, 5),
        (ReviewRequest::Back, 4),
        (ReviewRequest::First, 0),
        (ReviewRequest::Back, 0),
        (ReviewRequest::Jump(3), 3),
        (ReviewRequest::Forward, 4),
        (ReviewRequest::Jump(99), 6),
    ] {
        step(&mut app, action);
        assert_eq!(shown_ply(&app), Some(ply), "after {action:?}");
        // The pieces are the position's, at once (no fall).
        assert_eq!(count::<Piece>(&mut app), ply, "after {action:?}");
    }
    step(&mut app, ReviewRequest::Jump(2));
    let columns: Vec<u8> = {
        let mut query = app.world_mut().query::<&Piece>();
        let mut plies: Vec<(usize, String)> = query
            .iter(app.world())
            .map(|p| (p.ply, p.mv.to_string()))
            .collect();
        plies.sort();
        plies.iter().map(|(_, m)| m.as_bytes()[7] - b'0').collect()
    };
    assert_eq!(columns, [4, 4], "the first two discs");
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!((game.revision(), game.game().move_count()), (revision, 6));
    step(&mut app, ReviewRequest::Leave);
    assert_eq!(mode(&app), Some(BoardMode::Play));
    assert_eq!((shown_ply(&app), count::<Piece>(&mut app)), (None, 6));
}

#[test]
fn arrows_home_end_and_esc_in_review() {
    let mut app = app_in_game(RENJU, "h8i9j10h9", HUMANS);
    step(&mut app, ReviewRequest::Open);
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(shown_ply(&app), Some(3));
    press(&mut app, KeyCode::Home);
    assert_eq!(shown_ply(&app), Some(0));
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(shown_ply(&app), Some(1));
    press(&mut app, KeyCode::End);
    assert_eq!(shown_ply(&app), Some(4));
    // Esc leaves review for the game, not for the pause menu.
    press(&mut app, KeyCode::Escape);
    run(&mut app, 2);
    assert_eq!(
        (mode(&app), menu(&app)),
        (Some(BoardMode::Play), Menu::None)
    );
    assert_eq!(moves(&app), 4);
}

#[test]
fn the_computer_waits_while_its_game_is_reviewed() {
    // Yellow (the computer) is to move.
    let computer = [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)];
    let mut app = app_in_game(C4, "4", computer);
    act(&mut app, ReviewRequest::Open);
    for _ in 0..40 {
        run(&mut app, 1);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(moves(&app), 1, "the computer moved during review");
    step(&mut app, ReviewRequest::Leave);
    for _ in 0..200 {
        if moves(&app) == 2 {
            return;
        }
        run(&mut app, 1);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the computer never moved after review");
}

#[test]
fn play_from_here_keeps_the_earlier_moves_for_undo() {
    let mut app = app_in_game(C4, "445566", HUMANS);
    let old = app.world().resource::<CurrentMatch>().id();
    step(&mut app, ReviewRequest::Open);
    step(&mut app, ReviewRequest::Jump(3));
    step(&mut app, ReviewRequest::PlayFromHere);
    run(&mut app, 3);
    assert_eq!(mode(&app), Some(BoardMode::Play));
    let game = app.world().resource::<CurrentMatch>();
    assert_ne!(game.id(), old, "a new game, saved apart from the old one");
    assert_eq!(
        lineup_core::persist::export::move_string(game.game()),
        "445"
    );
    assert!(!game.game().can_redo(), "nothing of the old game to redo");
    assert_eq!(count::<Piece>(&mut app), 3);
    step(&mut app, HistoryRequest::Undo);
    assert_eq!(moves(&app), 2);
}

#[test]
fn play_from_here_with_other_players_goes_through_new_game() {
    let mut app = app_in_game(C4, "445566", HUMANS);
    step(&mut app, ReviewRequest::Open);
    step(&mut app, ReviewRequest::Jump(4));
    step(&mut app, ReviewRequest::PlayFromHereChoosing);
    assert_eq!(menu(&app), Menu::NewGame);
    // Yellow becomes a computer.
    step(&mut app, NewGameRequest::Cycle(SetupField::SecondPlayer, 1));
    step(&mut app, NewGameRequest::StartGame);
    run(&mut app, 3);
    assert_eq!(mode(&app), Some(BoardMode::Play));
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!(
        lineup_core::persist::export::move_string(game.game()),
        "4455"
    );
    assert!(game.setup().players[1].is_computer());
}

#[test]
fn the_graph_values_come_from_the_background_and_match_the_review() {
    let moves_played = "4455443";
    let mut app = app_in_game(C4, moves_played, HUMANS);
    step(&mut app, ReviewRequest::Open);
    let values = until_reviewed(&mut app);
    let game = app.world().resource::<CurrentMatch>().game().clone();
    assert_eq!(values, review(&game, &AtomicBool::new(false)));
    assert_eq!(values.judged(), moves_played.len() + 1);
}

#[test]
fn review_from_the_load_list_opens_the_saved_game_at_its_last_move() {
    let mut app = app_in_game(C4, "4455443", HUMANS);
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    act(&mut app, MenuRequest::OpenSave);
    run(&mut app, 2);
    act(&mut app, SaveRequest::Save);
    run(&mut app, 3);
    act(&mut app, MenuRequest::QuitToTitle);
    run(&mut app, 3);
    act(&mut app, MenuRequest::OpenLoad);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::Load);
    act(&mut app, LoadRequest::Review(0));
    run(&mut app, 4);
    assert_eq!(
        (mode(&app), menu(&app)),
        (Some(BoardMode::Review), Menu::None)
    );
    assert_eq!(shown_ply(&app), Some(7));
    assert_eq!(count::<Piece>(&mut app), 7);
}

/// A press on the slider, or on the graph's bars, shows the move under the
/// pointer (the pointer's place set as Bevy's UI would: from the centre).
#[test]
fn pressing_the_slider_or_the_graph_jumps_there() {
    use bevy::ui::RelativeCursorPosition;
    let mut app = app_in_game(C4, "4455443", HUMANS);
    step(&mut app, ReviewRequest::Open);
    let press_on = |app: &mut App, name: &str, x: f32| {
        let mut query = app.world_mut().query::<(Entity, &Name)>();
        let target = query
            .iter(app.world())
            .find(|(_, n)| n.as_str() == name)
            .map(|(e, _)| e)
            .expect(name);
        app.world_mut().entity_mut(target).insert((
            Interaction::Pressed,
            RelativeCursorPosition {
                cursor_over: true,
                normalized: Some(Vec2::new(x - 0.5, 0.0)),
            },
        ));
        run(app, 2);
        app.world_mut().entity_mut(target).insert(Interaction::None);
        run(app, 1);
    };
    // The slider's ends are the empty board and the last move.
    press_on(&mut app, "Slider", 0.0);
    assert_eq!(shown_ply(&app), Some(0));
    press_on(&mut app, "Slider", 3.0 / 7.0);
    assert_eq!(shown_ply(&app), Some(3));
    // The graph's fifth bar of seven (x from 4/7 to 5/7) is move 5.
    press_on(&mut app, "Graph", 4.5 / 7.0);
    assert_eq!(shown_ply(&app), Some(5));
    press_on(&mut app, "Graph", 1.0);
    assert_eq!(shown_ply(&app), Some(7));
}

/// A verdict names the side it is for, counts the winner's moves still to
/// play, and after the winning move says who won (it said "Win in 1").
#[test]
fn verdicts_name_the_winner_and_the_last_move_says_who_won() {
    // Red's four on the bottom row, with move 7.
    let mut app = app_in_game(C4, "4455667", HUMANS);
    step(&mut app, ReviewRequest::Open);
    until_reviewed(&mut app);
    run(&mut app, 2);
    assert_eq!(shown_ply(&app), Some(7));
    assert!(
        crate::app_flow::texts(&mut app)
            .iter()
            .any(|t| t == "Red won"),
        "{:?}",
        crate::app_flow::texts(&mut app)
    );
    step(&mut app, ReviewRequest::Jump(6));
    assert!(
        crate::app_flow::texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Red wins with the next move")),
        "{:?}",
        crate::app_flow::texts(&mut app)
    );
    step(&mut app, ReviewRequest::Jump(4));
    assert!(
        crate::app_flow::texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Red wins in 2 moves")),
        "{:?}",
        crate::app_flow::texts(&mut app)
    );
}
