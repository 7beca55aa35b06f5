//! The sound files (made by `cargo run -p lineup-core --example make_audio`) and the
//! channels they play on.

/// One sound of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoundEffect {
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

impl SoundEffect {
    pub const ALL: [SoundEffect; 14] = [
        SoundEffect::DiscLand(0),
        SoundEffect::DiscLand(1),
        SoundEffect::DiscLand(2),
        SoundEffect::DiscBounce,
        SoundEffect::Stone(0),
        SoundEffect::Stone(1),
        SoundEffect::Stone(2),
        SoundEffect::Stone(3),
        SoundEffect::Refused,
        SoundEffect::Win,
        SoundEffect::Draw,
        SoundEffect::Undo,
        SoundEffect::UiHover,
        SoundEffect::UiClick,
    ];

    /// The file under `assets/`.
    pub fn path(self) -> String {
        match self {
            SoundEffect::DiscLand(weight) => {
                format!("audio/sfx/disc_land_{}.ogg", weight.min(2) + 1)
            }
            SoundEffect::DiscBounce => "audio/sfx/disc_bounce.ogg".into(),
            SoundEffect::Stone(take) => format!("audio/sfx/stone_{}.ogg", take % 4 + 1),
            SoundEffect::Refused => "audio/sfx/refused.ogg".into(),
            SoundEffect::Win => "audio/sfx/win.ogg".into(),
            SoundEffect::Draw => "audio/sfx/draw.ogg".into(),
            SoundEffect::Undo => "audio/sfx/undo.ogg".into(),
            SoundEffect::UiHover => "audio/sfx/ui_hover.ogg".into(),
            SoundEffect::UiClick => "audio/sfx/ui_click.ogg".into(),
        }
    }

    pub fn channel(self) -> Channel {
        match self {
            SoundEffect::UiHover | SoundEffect::UiClick => Channel::Ui,
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
