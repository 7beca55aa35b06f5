//! Sound: the game's messages become requests for sounds on three channels
//! (music, effects, UI), and the playback plugin plays them with kira. Game
//! code never calls audio: this module listens. The requests are plain
//! messages, so which sound each moment asks for is tested without a sound
//! card; `playback` is added only by the real app, and sets kira's channels
//! to the `Mix` this module derives from the settings.

pub mod files;
pub mod playback;
mod sounds;

pub use sounds::{Channel, SoundEffect, volume_db};

use crate::analysis::StudySound;
use crate::board::pieces::DiscBounced;
use crate::current_match::PieceLanded;
use crate::current_match::{GameEnded, MoveRefusal, MoveRefused, MovesTakenBack};
use crate::panel::clocks::LowTime;
use crate::settings::Settings;
use crate::states::{AppSystems, Screen};
use crate::theme::interaction::{Activated, Focusable, PointerRest};
use bevy::prelude::*;
use lineup_core::rules::{BoardMove, Ending};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>()
        .init_resource::<Music>()
        .init_resource::<Mix>()
        .add_observer(hover_tick)
        .add_observer(click_on_activation)
        .add_systems(
            Update,
            (game_sounds, choose_music, follow_settings).in_set(AppSystems::Present),
        );
}

/// A request to play one sound.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct PlaySound {
    pub sound: SoundEffect,
    /// 1.0 is the recorded pitch; small changes keep repeats from sounding
    /// mechanical.
    pub rate: f64,
}

/// Which music the current screen wants.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Music {
    #[default]
    Menu,
    Game,
}

impl Music {
    pub const ALL: [Music; 2] = [Music::Menu, Music::Game];

    /// The file under `assets/`.
    pub fn path(self) -> &'static str {
        match self {
            Music::Menu => "audio/music/menu.ogg",
            Music::Game => "audio/music/game.ogg",
        }
    }
}

/// Each channel's volume in decibels, derived from the settings (sliders and
/// mute); playback sets kira's channels to it whenever it changes.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Mix {
    pub music: f32,
    pub effects: f32,
    pub ui: f32,
}

impl Mix {
    pub fn of(settings: &Settings) -> Mix {
        Mix {
            music: volume_db(settings.music_volume, settings.muted),
            effects: volume_db(settings.effects_volume, settings.muted),
            ui: volume_db(settings.ui_volume, settings.muted),
        }
    }
}

impl Default for Mix {
    fn default() -> Self {
        Mix::of(&Settings::default())
    }
}

fn follow_settings(settings: Res<Settings>, mut mix: ResMut<Mix>) {
    if settings.is_changed() {
        mix.set_if_neq(Mix::of(&settings));
    }
}

/// A little pitch variation from a number (the move), the same each time.
fn variation(n: usize, spread: f64) -> f64 {
    let h = (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40;
    1.0 + spread * ((h % 1000) as f64 / 500.0 - 1.0)
}

fn game_sounds(
    mut landed: MessageReader<PieceLanded>,
    mut bounced: MessageReader<DiscBounced>,
    mut refused: MessageReader<MoveRefused>,
    mut ended: MessageReader<GameEnded>,
    mut taken_back: MessageReader<MovesTakenBack>,
    mut studied: MessageReader<StudySound>,
    mut low_time: MessageReader<LowTime>,
    mut play: MessageWriter<PlaySound>,
) {
    // A clock running low ticks, higher as the last seconds go.
    for tick in low_time.read() {
        play.write(PlaySound {
            sound: SoundEffect::UiClick,
            rate: 1.3 + 0.05 * (10 - tick.seconds_left.min(10)) as f64,
        });
    }
    // The analysis board's pieces appear at once: a stone's click, a
    // disc's light landing.
    for heard in studied.read() {
        let (sound, rate) = match *heard {
            StudySound::Piece { count, disc: true } => {
                (SoundEffect::DiscLand(0), variation(count, 0.04))
            }
            StudySound::Piece { count, disc: false } => (
                SoundEffect::Stone((count % 4) as u8),
                variation(count, 0.04),
            ),
            StudySound::Refused => (SoundEffect::Refused, 1.0),
        };
        play.write(PlaySound { sound, rate });
    }
    for piece in landed.read() {
        let sound = match piece.mv {
            // Three weights of clack: a longer fall lands lower and harder.
            BoardMove::Column(_) => SoundEffect::DiscLand((piece.drop * 3.0).clamp(0.0, 2.0) as u8),
            BoardMove::Point(_) => SoundEffect::Stone((piece.ply % 4) as u8),
            // A pass puts nothing on the board: nothing lands.
            BoardMove::Pass => continue,
        };
        play.write(PlaySound {
            sound,
            rate: variation(piece.ply, 0.04),
        });
    }
    for bounce in bounced.read() {
        play.write(PlaySound {
            sound: SoundEffect::DiscBounce,
            rate: variation(bounce.ply, 0.05),
        });
    }
    for refusal in refused.read() {
        if refusal.refusal != MoveRefusal::NotYourTurn {
            play.write(PlaySound {
                sound: SoundEffect::Refused,
                rate: 1.0,
            });
        }
    }
    for GameEnded(ending) in ended.read() {
        let sound = if *ending == Ending::Draw {
            SoundEffect::Draw
        } else {
            SoundEffect::Win
        };
        play.write(PlaySound { sound, rate: 1.0 });
    }
    for _ in taken_back.read() {
        play.write(PlaySound {
            sound: SoundEffect::Undo,
            rate: 1.0,
        });
    }
}

/// Every button activated clicks, by the mouse or the keyboard.
fn click_on_activation(_: On<Activated>, mut play: MessageWriter<PlaySound>) {
    play.write(PlaySound {
        sound: SoundEffect::UiClick,
        rate: 1.0,
    });
}

fn hover_tick(
    over: On<Pointer<Over>>,
    buttons: Query<(), With<Focusable>>,
    rest: Res<PointerRest>,
    mut play: MessageWriter<PlaySound>,
) {
    if buttons.contains(over.entity) && rest.moved(&over) {
        play.write(PlaySound {
            sound: SoundEffect::UiHover,
            rate: 1.0,
        });
    }
}

fn choose_music(screen: Option<Res<State<Screen>>>, mut music: ResMut<Music>) {
    let wanted = match screen.map(|s| *s.get()) {
        Some(Screen::Game) => Music::Game,
        _ => Music::Menu,
    };
    music.set_if_neq(wanted);
}
