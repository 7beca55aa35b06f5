//! Timed games in the window, headless: the clocks run on the window's
//! steady clock (here advanced 50 ms a frame), stop while a menu is over
//! the board, tick when a person's time runs low, and the side whose time
//! runs out loses; the clocks are kept by the save.

use crate::app_flow::{C4, HUMANS, act, app, menu, record, run, seen, settle};
use bevy::prelude::*;
use lineup::audio::{PlaySound, SoundEffect};
use lineup::current_match::{CurrentMatch, GameEnded, MatchAtStart, MoveRequested, Requester};
use lineup::menus::MenuRequest;
use lineup::panel::clocks::LowTime;
use lineup::states::Menu;
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::MatchSetup;
use lineup_core::match_state::Match;
use lineup_core::persist::save_file::SaveFile;
use lineup_core::rules::{BoardMove, Column, Ending, Side};

/// An app in a Connect Four game between two people on `clock`.
fn timed(clock: TimeControl) -> App {
    let mut app = app();
    let mut setup = MatchSetup::new(C4, HUMANS);
    setup.clock = clock;
    app.insert_resource(MatchAtStart(Match::new(setup)));
    run(&mut app, 3);
    app
}

fn play(app: &mut App, column: u8) {
    app.world_mut().write_message(MoveRequested {
        mv: BoardMove::Column(Column(column)),
        by: Requester::Human,
    });
    settle(app);
}

fn left(app: &App, side: Side) -> u64 {
    let game = app.world().resource::<CurrentMatch>();
    let now = app.world().resource::<Time<Real>>().elapsed().as_millis() as u64;
    game.clock().expect("a timed game").left_ms(side, now)
}

#[test]
fn a_timed_game_is_lost_on_time_with_ticks_and_the_clock_stops_under_a_menu() {
    let mut app = timed(TimeControl::parse("3s+1").expect("a time control"));
    record::<GameEnded>(&mut app);
    record::<LowTime>(&mut app);
    record::<PlaySound>(&mut app);
    // Nobody's time runs before the first move.
    run(&mut app, 20);
    assert_eq!(left(&app, Side::First), 3000);
    play(&mut app, 3);
    // Red's increment; Yellow's clock runs.
    assert_eq!(left(&app, Side::First), 4000);
    let yellow = left(&app, Side::Second);
    assert!(yellow < 3000, "{yellow}");

    // The pause menu stops it: 40 frames (2 s) change nothing.
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::Pause);
    let paused = left(&app, Side::Second);
    run(&mut app, 40);
    assert_eq!(left(&app, Side::Second), paused, "paused under a menu");
    act(&mut app, MenuRequest::Resume);
    run(&mut app, 2);

    // Yellow never moves: after its 3 s, it has lost on time.
    run(&mut app, 70);
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!(game.lost_on_time(), Some(Side::Second));
    assert_eq!(
        game.game().ending(),
        Some(Ending::Resigned {
            winner: Side::First
        })
    );
    assert_eq!(
        seen::<GameEnded>(&app),
        vec![GameEnded(Ending::Resigned {
            winner: Side::First
        })]
    );
    // Each second under ten ticked once, on Yellow's clock: 2, 1, 0.
    let ticks: Vec<u64> = seen::<LowTime>(&app)
        .iter()
        .map(|t| t.seconds_left)
        .collect();
    assert!(ticks.windows(2).all(|w| w[0] > w[1]), "{ticks:?}");
    assert!(ticks.len() >= 2, "{ticks:?}");
    // Each is heard: a click, higher as the seconds run out.
    let heard: Vec<f64> = seen::<PlaySound>(&app)
        .iter()
        .filter(|s| s.sound == SoundEffect::UiClick)
        .map(|s| s.rate)
        .collect();
    assert_eq!(heard.len(), ticks.len(), "{heard:?}");
    assert!(heard.windows(2).all(|w| w[0] < w[1]), "{heard:?}");

    // A move after the flag is not played.
    play(&mut app, 4);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().move_count(),
        1
    );
}

#[test]
fn a_timed_game_saved_keeps_its_clocks_and_each_move_time() {
    let mut app = timed(TimeControl::fischer(5, 3));
    play(&mut app, 3);
    run(&mut app, 10);
    play(&mut app, 4);
    let game = app.world().resource::<CurrentMatch>();
    let clock = game.clock().expect("timed").clone();
    assert_eq!(clock.spent_ms().len(), 2);
    // Yellow thought 10 frames and more (the disc's fall): at least 0.5 s.
    assert!(clock.spent_ms()[1] >= 500, "{:?}", clock.spent_ms());
    let save = SaveFile::of("t", game.setup(), game.game(), 0, 0).with_clock(game.clock());
    let text = ron::to_string(&save).expect("RON");
    let back: SaveFile = ron::from_str(&text).expect("read back");
    let loaded = Match::from_save(&back, back.replay().expect("replays"));
    let kept = loaded.clock().expect("the clock came back");
    assert_eq!(kept.spent_ms(), clock.spent_ms());
    assert_eq!(kept.control(), TimeControl::fischer(5, 3));
    assert_eq!(kept.left_ms(Side::First, 0), clock.left_ms(Side::First, 0));
}

/// A loss on time is final: Undo is shown disabled, and Ctrl+Z says why
/// instead of doing nothing. Redo is never offered in a timed game.
#[test]
fn undo_after_a_loss_on_time_is_disabled_and_says_why() {
    use lineup::current_match::HistoryRequest;
    use lineup::theme::interaction::{Disabled, Sends};
    use lineup::theme::toast::ToastPlace;
    let mut app = timed(TimeControl::parse("1s+0").expect("a time control"));
    play(&mut app, 3);
    play(&mut app, 3);
    let disabled = |app: &mut App, wanted: HistoryRequest| {
        let mut buttons = app
            .world_mut()
            .query::<(&Sends<HistoryRequest>, Has<Disabled>)>();
        buttons
            .iter(app.world())
            .find(|(Sends(r), _)| *r == wanted)
            .map(|(_, d)| d)
            .expect("the button")
    };
    // Before the flag, Undo is there to use.
    assert!(!disabled(&mut app, HistoryRequest::Undo));
    for _ in 0..60 {
        run(&mut app, 1);
        if app
            .world()
            .resource::<CurrentMatch>()
            .lost_on_time()
            .is_some()
        {
            break;
        }
    }
    assert_eq!(
        app.world().resource::<CurrentMatch>().lost_on_time(),
        Some(Side::First)
    );
    run(&mut app, 2);
    assert!(disabled(&mut app, HistoryRequest::Undo));
    assert!(disabled(&mut app, HistoryRequest::Redo));
    act(&mut app, HistoryRequest::Undo);
    run(&mut app, 2);
    assert_eq!(
        crate::app_flow::toast(&mut app, ToastPlace::Board),
        "A loss on time is final: no undo."
    );
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().move_count(),
        2
    );
}
