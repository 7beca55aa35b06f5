//! The sound files (made by `cargo run -p lineup-core --example make_audio`) and the
//! channels they play on.

/// One sound of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A disc landing; 0 = short fall, 2 = from the top.
    DiscLand(u8),
    DiscBounce,
    /// A stone on wood, one of four takes.
    Stone(u8),
    Refused,
    Win,
    Draw,
    Undo,
    UiHover,
    UiClick,
}

/// The three channels, each with its own volume.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    Music,
    Effects,
    Ui,
}

impl Sound {
    pub const ALL: [Sound; 14] = [
        Sound::DiscLand(0),
        Sound::DiscLand(1),
        Sound::DiscLand(2),
        Sound::DiscBounce,
        Sound::Stone(0),
        Sound::Stone(1),
        Sound::Stone(2),
        Sound::Stone(3),
        Sound::Refused,
        Sound::Win,
        Sound::Draw,
        Sound::Undo,
        Sound::UiHover,
        Sound::UiClick,
    ];

    /// The file under `assets/`.
    pub fn path(self) -> String {
        match self {
            Sound::DiscLand(weight) => format!("audio/sfx/disc_land_{}.ogg", weight.min(2) + 1),
            Sound::DiscBounce => "audio/sfx/disc_bounce.ogg".into(),
            Sound::Stone(take) => format!("audio/sfx/stone_{}.ogg", take % 4 + 1),
            Sound::Refused => "audio/sfx/refused.ogg".into(),
            Sound::Win => "audio/sfx/win.ogg".into(),
            Sound::Draw => "audio/sfx/draw.ogg".into(),
            Sound::Undo => "audio/sfx/undo.ogg".into(),
            Sound::UiHover => "audio/sfx/ui_hover.ogg".into(),
            Sound::UiClick => "audio/sfx/ui_click.ogg".into(),
        }
    }

    pub fn channel(self) -> Channel {
        match self {
            Sound::UiHover | Sound::UiClick => Channel::Ui,
            _ => Channel::Effects,
        }
    }
}

/// A volume slider (0 to 100) in decibels. Loudness is heard roughly
/// logarithmically, so the slider follows the square of its position
/// (40·log10): half way is -12 dB, a tenth is -40 dB, and 0 is silence.
pub fn volume_db(percent: u8, muted: bool) -> f32 {
    /// Kira's silence.
    const SILENCE: f32 = -60.0;
    if muted || percent == 0 {
        return SILENCE;
    }
    (40.0 * (percent.min(100) as f32 / 100.0).log10()).max(SILENCE)
}
