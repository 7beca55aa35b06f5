//! The game's sounds, synthesised from code (no Bevy, no recordings):
//! `cargo run -p lineup-core --example make_audio` renders them and writes
//! `assets/audio/`. Every random choice comes from a fixed seed and the
//! math avoids platform libm, so a fresh render equals the committed files.
//!
//! The library gives PCM only; the encoder is passed in by the caller, so
//! the game does not link an encoder.

mod compose;
mod dsp;
mod instruments;
mod level;
mod math;
mod mix;
mod music;
mod noise;
mod reverb;
mod sfx;

use std::io;
use std::path::Path;

pub const SAMPLE_RATE: u32 = 44_100;
/// Ogg stream serial of every file: fixed, so encoding is repeatable.
pub const OGG_SERIAL: i32 = 0x4c49_4e45;
/// Vorbis VBR quality (-0.2..1) for effects and music.
pub const EFFECT_QUALITY: f32 = 0.4;
pub const MUSIC_QUALITY: f32 = 0.4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Effect,
    Music,
}

/// One sound: where it goes under `assets/audio/`, and its samples.
pub struct Sound {
    pub path: String,
    pub kind: Kind,
    /// One `Vec` per channel (1 = mono, 2 = left and right), all equally long.
    pub channels: Vec<Vec<f32>>,
}

impl Sound {
    fn new(path: &str, kind: Kind, channels: Vec<Vec<f64>>) -> Self {
        Sound {
            path: path.to_string(),
            kind,
            channels: channels
                .into_iter()
                .map(|c| c.into_iter().map(|s| s as f32).collect())
                .collect(),
        }
    }

    pub fn seconds(&self) -> f64 {
        self.channels[0].len() as f64 / SAMPLE_RATE as f64
    }
}

/// Every effect, in a fixed order.
pub fn effects() -> Vec<Sound> {
    let rate = SAMPLE_RATE as f64;
    let effect = |path: &str, samples: Vec<f64>| Sound::new(path, Kind::Effect, vec![samples]);
    let mut sounds = Vec::new();
    for (i, weight) in [0.0, 0.5, 1.0].into_iter().enumerate() {
        let path = format!("sfx/disc_land_{}.ogg", i + 1);
        sounds.push(effect(
            &path,
            sfx::disc_land(weight, 0xd15c + i as u64, rate),
        ));
    }
    sounds.push(effect("sfx/disc_bounce.ogg", sfx::disc_bounce(rate)));
    for i in 0..4u64 {
        let path = format!("sfx/stone_{}.ogg", i + 1);
        sounds.push(effect(&path, sfx::stone(0x5701e + i, rate)));
    }
    sounds.push(effect("sfx/refused.ogg", sfx::refused(rate)));
    sounds.push(effect("sfx/win.ogg", sfx::win(rate)));
    sounds.push(effect("sfx/draw.ogg", sfx::draw(rate)));
    sounds.push(effect("sfx/undo.ogg", sfx::undo(rate)));
    sounds.push(effect("sfx/ui_hover.ogg", sfx::ui_hover(rate)));
    sounds.push(effect("sfx/ui_click.ogg", sfx::ui_click(rate)));
    sounds
}

/// Both music loops (rendered on two threads: each takes a moment).
pub fn music() -> Vec<Sound> {
    let track = |path: &str, render: fn(u32) -> mix::Stereo| {
        let stereo = render(SAMPLE_RATE);
        let mut channels = vec![stereo.left, stereo.right];
        // Around -20 dBFS RMS, well under the effects; peaks at most -3 dBFS.
        level::set_loudness(&mut channels, -20.0, -3.0);
        Sound::new(path, Kind::Music, channels)
    };
    std::thread::scope(|scope| {
        let menu = scope.spawn(|| track("music/menu.ogg", music::menu));
        let game = track("music/game.ogg", music::game);
        let menu = menu.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        vec![menu, game]
    })
}

/// Renders everything, encodes each sound with `encode`, and writes the
/// files under `dir`; returns each path with its size in bytes.
pub fn write_all(
    dir: &Path,
    mut encode: impl FnMut(&Sound) -> io::Result<Vec<u8>>,
) -> io::Result<Vec<(String, usize)>> {
    let mut written = Vec::new();
    for sound in effects().into_iter().chain(music()) {
        let bytes = encode(&sound)?;
        let path = dir.join(&sound.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, &bytes)?;
        written.push((sound.path, bytes.len()));
    }
    Ok(written)
}
