//! Renders every sound of the game and writes `assets/audio/` as Ogg Vorbis:
//! `cargo run -p lineup-core --example make_audio`. The output is the same bit for bit on
//! every run (fixed seeds, fixed stream serial, fixed encoder settings).

use lineup_core::soundgen::{
    self, EFFECT_QUALITY, Kind, MUSIC_QUALITY, OGG_SERIAL, SAMPLE_RATE, Sound,
};
use std::num::{NonZeroU8, NonZeroU32};
use std::path::Path;
use std::process::ExitCode;
use vorbis_rs::{VorbisBitrateManagementStrategy, VorbisEncoderBuilder};

fn main() -> ExitCode {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/audio");
    match soundgen::write_all(&dir, encode) {
        Ok(files) => {
            for (path, bytes) in files {
                println!("{bytes:>9}  assets/audio/{path}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("make_audio: {e}");
            ExitCode::FAILURE
        }
    }
}

/// One sound as an Ogg Vorbis file in memory (the asset test uses it too).
pub fn encode(sound: &Sound) -> std::io::Result<Vec<u8>> {
    let quality = match sound.kind {
        Kind::Effect => EFFECT_QUALITY,
        Kind::Music => MUSIC_QUALITY,
    };
    let rate = NonZeroU32::new(SAMPLE_RATE).ok_or_else(|| invalid("sample rate"))?;
    let channels =
        NonZeroU8::new(sound.channels.len() as u8).ok_or_else(|| invalid("no channels"))?;
    let mut encoder = VorbisEncoderBuilder::new_with_serial(rate, channels, Vec::new(), OGG_SERIAL)
        .bitrate_management_strategy(VorbisBitrateManagementStrategy::QualityVbr {
            target_quality: quality,
        })
        .build()
        .map_err(std::io::Error::other)?;
    // Blocks of 4096 frames, as the encoder prefers.
    let len = sound.channels[0].len();
    for start in (0..len).step_by(4096) {
        let end = (start + 4096).min(len);
        let block: Vec<&[f32]> = sound.channels.iter().map(|c| &c[start..end]).collect();
        encoder
            .encode_audio_block(&block)
            .map_err(std::io::Error::other)?;
    }
    encoder.finish().map_err(std::io::Error::other)
}

fn invalid(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, what)
}
