//! The players' clocks on the panel, each beside its player's row: `m:ss`,
//! tenths under ten seconds, the running one bright, a low one in the
//! warning colour, a fallen flag said in words. Under ten seconds, each
//! second of a person's own running clock ticks (`LowTime`, which `audio`
//! hears).

use crate::current_match::CurrentMatch;
use crate::current_match::clock::clock_now;
use crate::states::{AppSystems, Screen};
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use bevy::prelude::*;
use lineup_core::match_clock::clock_text;
use lineup_core::match_setup::PlayerKind;
use lineup_core::rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LowTime>().add_systems(
        Update,
        show_clocks
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Game).and_then(resource_exists::<CurrentMatch>)),
    );
}

/// A clock's text on the panel.
#[derive(Component)]
pub struct ClockText(pub Side);

/// Under ten seconds, one of a person's own running clock went by.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowTime {
    pub seconds_left: u64,
}

/// Below this, the clock shows tenths, turns the warning colour and ticks.
const LOW_MS: u64 = 10_000;

/// The clock's text for a player's row.
pub fn clock_text_node(side: Side) -> impl Bundle {
    (
        ClockText(side),
        Text::new(""),
        TextFont::from_font_size(crate::theme::fonts::size::SMALL),
        Ink(Colour::TextDim),
        Node {
            margin: UiRect::left(px(6)),
            flex_shrink: 0.0,
            ..default()
        },
    )
}

fn show_clocks(
    time: Res<Time<Real>>,
    game: Res<CurrentMatch>,
    mut texts: Query<(&ClockText, &mut Text, &mut Ink)>,
    mut ticks: MessageWriter<LowTime>,
    mut last_tick: Local<Option<(u64, u64)>>,
) {
    let now = clock_now(&time);
    let clock = game.clock();
    for (ClockText(side), mut text, mut ink) in &mut texts {
        let Some(clock) = clock else {
            if !text.0.is_empty() {
                text.0.clear();
            }
            continue;
        };
        let left = clock.left_ms(*side, now);
        let running = clock.running() == Some(*side);
        let shown = if clock.flagged() == Some(*side) || game.lost_on_time() == Some(*side) {
            clock_text(0)
        } else {
            clock_text(left)
        };
        if text.0 != shown {
            text.0 = shown;
        }
        let colour = match (running, left < LOW_MS) {
            (_, true) if !game.game().is_over() => Colour::Warning,
            (true, _) => Colour::Text,
            _ => Colour::TextDim,
        };
        if ink.0 != colour {
            ink.0 = colour;
        }
        // A person's own clock ticks once a second when it runs low (not
        // the computer's, not an online opponent's).
        if running && left < LOW_MS && left > 0 && game.player_of(*side) == PlayerKind::Human {
            let second = left / 1000;
            if *last_tick != Some((game.id(), second)) {
                *last_tick = Some((game.id(), second));
                ticks.write(LowTime {
                    seconds_left: second,
                });
            }
        }
    }
}
