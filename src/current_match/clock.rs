//! The players' clocks in a timed match, kept by the one writer of the
//! match: offline they run only while the board takes moves (a menu over
//! it, review or the analysis board stop them), and the side whose time
//! runs out loses; online the server's clock is the truth and arrives as a
//! [`ServerDecision::Clock`](super::ServerDecision), so nothing here
//! decides a flag.
//!
//! The time is the window's steady clock (`Time<Real>`), in milliseconds:
//! a slow frame neither stretches nor shrinks anybody's time.

use super::apply::MoveQueue;
use super::{CurrentMatch, GameEnded, MatchAuthority};
use crate::states::{AppSystems, BoardMode, Menu, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keep_time
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Game).and_then(resource_exists::<CurrentMatch>)),
    );
}

/// Milliseconds on the window's steady clock: what the match's clocks
/// count in.
pub fn clock_now(time: &Time<Real>) -> u64 {
    time.elapsed().as_millis() as u64
}

/// Offline: the clock runs while the board takes moves, stops otherwise;
/// a flag that falls ends the game.
fn keep_time(
    time: Res<Time<Real>>,
    authority: Res<MatchAuthority>,
    menu: Res<State<Menu>>,
    mode: Option<Res<State<BoardMode>>>,
    mut game: ResMut<CurrentMatch>,
    mut ended: MessageWriter<GameEnded>,
    mut queue: ResMut<MoveQueue>,
) {
    if *authority != MatchAuthority::Local || game.clock().is_none() {
        return;
    }
    let now = clock_now(&time);
    let in_play = *menu.get() == Menu::None && mode.is_none_or(|m| *m.get() == BoardMode::Play);
    let running = game.clock().is_some_and(|c| !c.is_paused());
    if in_play && !running {
        game.0.resume_clock(now);
    } else if !in_play && running {
        game.0.pause_clock(now);
    }
    // Read first: a `ResMut` touched every frame would tell every reader
    // the match changed.
    let falls = game.clock().is_some_and(|clock| {
        clock
            .running()
            .is_some_and(|side| clock.left_ms(side, now) == 0)
    });
    if falls && !game.game().is_over() && game.0.flag_fall(now).is_some() {
        queue.0.clear();
        if let Some(ending) = game.game().ending() {
            ended.write(GameEnded(ending));
        }
    }
}
