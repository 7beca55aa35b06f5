//! The players' clocks: Fischer arithmetic, flags, pauses, take-backs, the
//! time controls people type and the times the panel shows; then a timed
//! match offline, its flag and its save.

use lineup_core::match_clock::{
    ClockError, GameClock, TimeControl, TimeControlError, clock_text, spent_text,
};
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::match_state::{Match, TIME_RAN_OUT};
use lineup_core::persist::save_file::SaveFile;
use lineup_core::rules::{BoardMove, Column, ConnectFourSize, Ending, MoveError, Side};
use proptest::prelude::*;

const C4: GameKind = GameKind::ConnectFour {
    size: ConnectFourSize::STANDARD,
};

/// Ten seconds each, `increment` seconds back a move.
fn seconds(base_seconds: u32, increment_seconds: u32) -> TimeControl {
    TimeControl::Fischer {
        base_seconds,
        increment_seconds,
    }
}

fn clock(control: TimeControl) -> GameClock {
    GameClock::new(control).expect("a timed control")
}

fn col(c: u8) -> BoardMove {
    BoardMove::Column(Column(c))
}

#[test]
fn an_untimed_control_has_no_clock() {
    assert!(GameClock::new(TimeControl::Untimed).is_none());
    assert!(!TimeControl::Untimed.is_timed());
    assert_eq!(TimeControl::Untimed.base_ms(), None);
    assert_eq!(seconds(10, 2).base_ms(), Some(10_000));
    assert_eq!(seconds(10, 2).increment_ms(), 2_000);
}

#[test]
fn the_first_press_costs_nothing_and_starts_the_other_side() {
    let mut clock = clock(seconds(10, 3));
    assert_eq!(clock.running(), None);
    assert_eq!(clock.to_move(), Side::First);
    // Stopped before the first move: no time passes for anyone.
    assert_eq!(clock.both_left_ms(50_000), [10_000, 10_000]);
    assert_eq!(clock.press(Side::First, 50_000), Ok(0));
    assert_eq!(clock.running(), Some(Side::Second));
    // The increment comes after the move, the first one's too.
    assert_eq!(clock.left_ms(Side::First, 50_000), 13_000);
    assert_eq!(clock.left_ms(Side::Second, 50_000), 10_000);
    // Only the running side's time goes down.
    assert_eq!(clock.both_left_ms(54_000), [13_000, 6_000]);
    assert_eq!(clock.press(Side::Second, 54_000), Ok(4_000));
    // Second: 10 - 4 + 3.
    assert_eq!(clock.both_left_ms(54_000), [13_000, 9_000]);
    assert_eq!(clock.both_left_ms(55_500), [11_500, 9_000]);
    assert_eq!(clock.spent_ms(), &[0, 4_000]);
    assert_eq!(clock.running(), Some(Side::First));
    assert_eq!(clock.falls_at(), Some(54_000 + 13_000));
}

#[test]
fn only_the_running_side_may_press() {
    let mut clock = clock(seconds(10, 0));
    assert_eq!(
        clock.press(Side::Second, 0),
        Err(ClockError::NotRunning(Side::Second))
    );
    clock.press(Side::First, 0).expect("first move");
    assert_eq!(
        clock.press(Side::First, 100),
        Err(ClockError::NotRunning(Side::First))
    );
    assert_eq!(clock.spent_ms(), &[0], "a refused press is not counted");
    assert_eq!(clock.both_left_ms(100), [10_000, 9_900]);
}

#[test]
fn a_press_after_the_time_ran_out_is_refused_and_the_flag_stays_down() {
    let mut clock = clock(seconds(10, 5));
    clock.press(Side::First, 1_000).expect("first move");
    // Second's ten seconds run out at 11 000.
    assert_eq!(clock.flag(10_999), None);
    assert_eq!(clock.left_ms(Side::Second, 10_999), 1);
    assert_eq!(
        clock.press(Side::Second, 11_000),
        Err(ClockError::Flagged(Side::Second))
    );
    assert_eq!(clock.flagged(), Some(Side::Second));
    assert_eq!(clock.left_ms(Side::Second, 11_000), 0);
    assert_eq!(clock.running(), None, "the clocks stop");
    assert_eq!(clock.spent_ms(), &[0], "the late move does not count");
    // It stays down: no start, no press, no later look at the time revives it.
    clock.start(20_000);
    assert_eq!(clock.running(), None);
    assert_eq!(
        clock.press(Side::Second, 20_000),
        Err(ClockError::Flagged(Side::Second))
    );
    assert_eq!(
        clock.press(Side::First, 20_000),
        Err(ClockError::Flagged(Side::Second))
    );
    assert_eq!(clock.flag(30_000), Some(Side::Second));
    assert_eq!(clock.both_left_ms(30_000), [15_000, 0]);
}

#[test]
fn time_while_paused_is_not_charged() {
    let mut clock = clock(seconds(10, 0));
    clock.press(Side::First, 0).expect("first move");
    clock.pause(3_000);
    assert!(clock.is_paused());
    assert_eq!(clock.to_move(), Side::Second);
    assert_eq!(clock.left_ms(Side::Second, 3_000), 7_000);
    assert_eq!(clock.left_ms(Side::Second, 100_000), 7_000);
    assert_eq!(clock.flag(100_000), None);
    assert_eq!(clock.falls_at(), None);
    clock.start(100_000);
    assert_eq!(clock.running(), Some(Side::Second));
    assert_eq!(clock.falls_at(), Some(107_000));
    assert_eq!(clock.left_ms(Side::Second, 104_000), 3_000);
    assert_eq!(clock.flag(106_999), None);
    assert_eq!(clock.flag(107_000), Some(Side::Second));
}

#[test]
fn a_take_back_drops_the_moves_times_and_runs_on_for_the_side_given() {
    let mut clock = clock(seconds(60, 0));
    clock.press(Side::First, 0).expect("1");
    clock.press(Side::Second, 2_000).expect("2");
    clock.press(Side::First, 5_000).expect("3");
    assert_eq!(clock.spent_ms(), &[0, 2_000, 3_000]);
    // At 6 000 the last two moves go back: First to move again.
    clock.take_back(2, Side::First, 6_000);
    assert_eq!(clock.spent_ms(), &[0]);
    assert_eq!(clock.running(), Some(Side::First));
    // Time used is not given back: Second keeps what it had at 6 000.
    assert_eq!(clock.both_left_ms(6_000), [57_000, 57_000]);
    assert_eq!(clock.both_left_ms(7_000), [56_000, 57_000]);
    assert_eq!(clock.press(Side::First, 7_000), Ok(1_000));
    assert_eq!(clock.spent_ms(), &[0, 1_000]);
    // Taking back more than there is leaves none; a stopped clock stays so.
    clock.pause(8_000);
    clock.take_back(10, Side::First, 9_000);
    assert!(clock.spent_ms().is_empty());
    assert!(clock.is_paused());
    assert_eq!(clock.to_move(), Side::First);
}

#[test]
fn a_clock_resumed_as_it_stood_is_stopped_and_knows_a_fallen_flag() {
    let resumed = GameClock::resumed(
        seconds(10, 0),
        [4_000, 9_000],
        Side::Second,
        vec![0, 6_000, 1_000],
    )
    .expect("timed");
    assert!(resumed.is_paused());
    assert_eq!(resumed.to_move(), Side::Second);
    assert_eq!(resumed.both_left_ms(1_000_000), [4_000, 9_000]);
    assert_eq!(resumed.flagged(), None);
    let fallen =
        GameClock::resumed(seconds(10, 0), [0, 9_000], Side::First, vec![0]).expect("timed");
    assert_eq!(fallen.flagged(), Some(Side::First));
    assert!(GameClock::resumed(TimeControl::Untimed, [1, 1], Side::First, vec![]).is_none());
}

#[test]
fn time_controls_are_read_as_people_write_them() {
    assert_eq!(TimeControl::parse("5+3"), Ok(TimeControl::fischer(5, 3)));
    assert_eq!(TimeControl::parse("10s+0"), Ok(seconds(10, 0)));
    assert_eq!(
        TimeControl::parse(" 15 + 10 "),
        Ok(TimeControl::fischer(15, 10))
    );
    assert_eq!(TimeControl::parse("none"), Ok(TimeControl::Untimed));
    assert_eq!(TimeControl::parse("NONE"), Ok(TimeControl::Untimed));
    assert_eq!(
        TimeControl::parse("1440+0"),
        Ok(seconds(86_400, 0)),
        "a day"
    );
    for text in ["5+3", "10s+0", "none", "90s+2", "1440+60"] {
        let control = TimeControl::parse(text).expect(text);
        assert_eq!(control.to_string(), text);
        assert_eq!(TimeControl::parse(&control.to_string()), Ok(control));
    }
    // Whole minutes in seconds are written as minutes.
    assert_eq!(
        TimeControl::parse("120s+5").expect("2+5").to_string(),
        "2+5"
    );
    for bad in [
        "0+0",
        "0s+5",
        "abc",
        "",
        "5",
        "5+",
        "+3",
        "-5+3",
        "5+x",
        "1441+0",
        "86401s+0",
        "4294967295+0",
        "5+3601",
    ] {
        assert_eq!(
            TimeControl::parse(bad),
            Err(TimeControlError(bad.to_string())),
            "{bad:?}"
        );
    }
}

#[test]
fn the_menus_cycle_through_their_choices() {
    let mut control = TimeControl::Untimed;
    let mut seen = Vec::new();
    for _ in 0..TimeControl::CHOICES.len() {
        control = control.next();
        seen.push(control);
    }
    assert_eq!(
        seen,
        [
            TimeControl::fischer(5, 3),
            TimeControl::fischer(15, 5),
            TimeControl::fischer(30, 10),
            TimeControl::Untimed,
        ]
    );
    assert_eq!(seconds(7, 7).next(), TimeControl::CHOICES[0]);
}

#[test]
fn times_read_as_the_panel_shows_them() {
    assert_eq!(clock_text(9_400), "9.4");
    assert_eq!(clock_text(9_999), "9.9");
    assert_eq!(clock_text(0), "0.0");
    assert_eq!(clock_text(10_000), "0:10");
    assert_eq!(clock_text(65_000), "1:05");
    assert_eq!(clock_text(65_999), "1:05");
    assert_eq!(clock_text(3_599_000), "59:59");
    assert_eq!(clock_text(3_600_000), "1:00:00");
    assert_eq!(clock_text(3_725_000), "1:02:05");
    assert_eq!(spent_text(400), "0.4s");
    assert_eq!(spent_text(12_000), "12s");
    assert_eq!(spent_text(65_000), "1m05s");
}

proptest! {
    #[test]
    fn a_written_time_control_reads_back_the_same(
        base in 1u32..=86_400,
        increment in 0u32..=3_600,
    ) {
        let control = seconds(base, increment);
        prop_assert_eq!(TimeControl::parse(&control.to_string()), Ok(control));
    }

    /// Time is neither made nor lost: while no flag fell, what the moves
    /// took and what is left add up to both bases and every increment.
    #[test]
    fn the_time_spent_and_left_always_add_up(
        base in 1u32..60,
        increment in 0u32..10,
        gaps in proptest::collection::vec(0u64..25_000, 1..40),
    ) {
        let mut clock = clock(seconds(base, increment));
        let total = |presses: u64| 2 * u64::from(base) * 1000 + u64::from(increment) * 1000 * presses;
        let mut now = 0;
        let mut side = Side::First;
        for (presses, gap) in gaps.into_iter().enumerate() {
            now += gap;
            match clock.press(side, now) {
                Ok(spent) => {
                    prop_assert_eq!(clock.spent_ms().last(), Some(&spent));
                    let spent: u64 = clock.spent_ms().iter().sum();
                    let left: u64 = clock.both_left_ms(now).iter().sum();
                    prop_assert_eq!(spent + left, total(presses as u64 + 1));
                    prop_assert_eq!(clock.spent_ms().len(), presses + 1);
                    side = side.other();
                }
                Err(error) => {
                    // Only a flag stops a press of the side to move, and
                    // only once that side's time is all gone.
                    prop_assert_eq!(error, ClockError::Flagged(side));
                    prop_assert_eq!(clock.left_ms(side, now), 0);
                    prop_assert_eq!(clock.flagged(), Some(side));
                    prop_assert_eq!(clock.spent_ms().len(), presses);
                    break;
                }
            }
        }
    }
}

/// A Connect Four match between two people on this computer, 10s+0.
fn timed_match() -> Match {
    let mut setup = MatchSetup::new(C4, [PlayerKind::Human; 2]);
    setup.clock = seconds(10, 0);
    Match::new(setup)
}

#[test]
fn offline_the_side_whose_time_runs_out_loses_on_time() {
    let mut game = timed_match();
    game.play_at(col(3), 1_000).expect("Red");
    game.play_at(col(3), 4_000).expect("Yellow, 3 s");
    // Red to move with 10 s from 4 000.
    assert_eq!(game.flag_fall(13_999), None);
    assert!(!game.game().is_over());
    assert_eq!(game.flag_fall(14_000), Some(Side::First));
    assert_eq!(game.lost_on_time(), Some(Side::First));
    assert!(game.game().is_over());
    assert_eq!(
        game.game().ending(),
        Some(Ending::Resigned {
            winner: Side::Second
        })
    );
    assert_eq!(game.forfeit(), Some(TIME_RAN_OUT));
    assert_eq!(
        game.play_at(col(0), 14_500),
        Err(MoveError::GameOver),
        "no move after the flag"
    );
    assert_eq!(game.game().move_count(), 2);
    // Asking again changes nothing.
    assert_eq!(game.flag_fall(20_000), None);
    assert_eq!(game.lost_on_time(), Some(Side::First));
}

#[test]
fn offline_a_move_sent_after_the_flag_fell_loses_on_time_instead() {
    let mut game = timed_match();
    game.play_at(col(3), 0).expect("Red");
    assert_eq!(game.play_at(col(3), 10_001), Err(MoveError::GameOver));
    assert_eq!(game.lost_on_time(), Some(Side::Second));
    assert_eq!(game.game().move_count(), 1);
}

#[test]
fn an_untimed_or_resigned_match_never_loses_on_time() {
    let mut game = Match::new(MatchSetup::new(C4, [PlayerKind::Human; 2]));
    assert!(game.clock().is_none());
    game.play_at(col(3), 0).expect("Red");
    assert_eq!(game.flag_fall(u64::MAX / 2), None);
    let mut resigned = timed_match();
    resigned.play_at(col(3), 0).expect("Red");
    resigned.resign(Side::Second).expect("resigns");
    assert_eq!(resigned.flag_fall(1_000_000), None);
    assert_eq!(resigned.lost_on_time(), None);
}

#[test]
fn a_paused_match_clock_stops_time() {
    let mut game = timed_match();
    game.play_at(col(3), 0).expect("Red");
    game.play_at(col(3), 2_000).expect("Yellow");
    // Red's clock runs from 2 000; a menu opens at 5 000.
    game.pause_clock(5_000);
    assert_eq!(game.flag_fall(1_000_000), None);
    let clock = game.clock().expect("timed");
    assert_eq!(clock.both_left_ms(1_000_000), [7_000, 8_000]);
    game.resume_clock(1_000_000);
    assert_eq!(game.flag_fall(1_006_999), None);
    assert_eq!(game.flag_fall(1_007_000), Some(Side::First));
}

#[test]
fn a_timed_undo_drops_the_moves_times_and_keeps_the_time_used() {
    let mut game = timed_match();
    game.play_at(col(3), 0).expect("Red");
    game.play_at(col(4), 3_000).expect("Yellow");
    assert_eq!(game.undo_turn_at(4_000), Some(1));
    let clock = game.clock().expect("timed");
    assert_eq!(clock.spent_ms(), &[0]);
    assert_eq!(clock.running(), Some(Side::Second));
    // Yellow's three seconds stay used; its clock runs on from 4 000.
    assert_eq!(clock.both_left_ms(5_000), [9_000, 6_000]);
    assert_eq!(game.redo_turn(), 0, "no redo in a timed match");
}

/// A save written as RON text and read back.
fn through_ron(save: &SaveFile) -> SaveFile {
    let text = ron::to_string(save).expect("writes");
    ron::from_str(&text).expect("reads")
}

#[test]
fn a_saved_clock_comes_back_with_its_times() {
    let mut game = timed_match();
    game.play_at(col(3), 0).expect("Red");
    game.play_at(col(3), 2_500).expect("Yellow");
    game.play_at(col(4), 3_700).expect("Red");
    game.pause_clock(9_000);
    let save = SaveFile::of("timed", game.setup(), game.game(), 1, 2).with_clock(game.clock());
    let back = through_ron(&save);
    assert_eq!(back, save);
    let loaded = Match::from_save(&back, back.replay().expect("legal"));
    let clock = loaded.clock().expect("the clock came back");
    assert_eq!(clock.spent_ms(), &[0, 2_500, 1_200]);
    assert_eq!(clock.control(), seconds(10, 0));
    assert_eq!(clock.to_move(), Side::Second);
    // Yellow had 7.5 s, used 5.3 s of them before the pause.
    assert_eq!(clock.both_left_ms(0), [8_800, 2_200]);
    assert_eq!(
        clock.both_left_ms(0),
        game.clock().expect("timed").both_left_ms(9_000)
    );
    assert_eq!(loaded.lost_on_time(), None);
}

#[test]
fn a_saved_flag_still_says_the_game_was_lost_on_time() {
    let mut game = timed_match();
    game.play_at(col(3), 0).expect("Red");
    assert_eq!(game.flag_fall(10_000), Some(Side::Second));
    let save = SaveFile::of("flag", game.setup(), game.game(), 1, 2).with_clock(game.clock());
    let back = through_ron(&save);
    let loaded = Match::from_save(&back, back.replay().expect("legal"));
    assert!(loaded.game().is_over());
    assert_eq!(loaded.lost_on_time(), Some(Side::Second));
    assert_eq!(
        loaded.clock().and_then(GameClock::flagged),
        Some(Side::Second)
    );
}

#[test]
fn a_saved_clock_with_more_moves_than_the_game_is_dropped() {
    let mut longer = timed_match();
    for (i, c) in [3, 3, 4].into_iter().enumerate() {
        longer.play_at(col(c), 1_000 * i as u64).expect("a move");
    }
    let mut shorter = timed_match();
    shorter.play_at(col(3), 0).expect("Red");
    shorter.play_at(col(3), 1_000).expect("Yellow");
    let save =
        SaveFile::of("mixed", shorter.setup(), shorter.game(), 1, 2).with_clock(longer.clock());
    let back = through_ron(&save);
    let loaded = Match::from_save(&back, back.replay().expect("legal"));
    assert_eq!(loaded.game().move_count(), 2);
    assert!(loaded.clock().is_none(), "not this game's clock");
    // The same clock with as many moves as the game is kept.
    let fits = SaveFile::of("fits", longer.setup(), longer.game(), 1, 2).with_clock(longer.clock());
    let back = through_ron(&fits);
    let loaded = Match::from_save(&back, back.replay().expect("legal"));
    assert_eq!(loaded.clock().map(|c| c.spent_ms().len()), Some(3));
}
