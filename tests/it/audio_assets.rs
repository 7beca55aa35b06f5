//! The sounds in `assets/audio/`: they sound like what the generator
//! (`cargo run -p lineup-core --example make_audio`, from `lineup_core::soundgen`) makes now, on
//! this machine, they are all built into the game, they decode with the
//! decoder the game uses (symphonia, through kira), the music loops without a
//! click, and the effects are short and audible.
//!
//! Why not bit for bit: float synthesis and the C Vorbis encoder round a
//! little differently on other CPUs, so the same code gives other bytes
//! there. What must hold everywhere is that the decoded sound is the same.

// The generator's own encoder, so the test encodes exactly as it does.
#[allow(dead_code)]
#[path = "../../crates/lineup-core/examples/make_audio.rs"]
mod make_audio;

use lineup::audio::{Music, SoundEffect, files};
use lineup_core::soundgen::{self, Kind, SAMPLE_RATE, Sound};
use std::path::{Path, PathBuf};
use symphonia::core::audio::{Audio, GenericAudioBufferRef};
use symphonia::core::codecs::CodecParameters;
use symphonia::core::formats::TrackType;
use symphonia::core::io::MediaSourceStream;

fn audio_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/audio")
}

/// Decodes a committed file as kira does: one `Vec<f32>` per channel.
fn decode(path: &str) -> Vec<Vec<f32>> {
    let bytes = std::fs::read(audio_dir().join(path)).expect(path);
    decode_bytes(bytes, path)
}

/// Decodes Ogg Vorbis bytes (`path` names them in messages).
fn decode_bytes(bytes: Vec<u8>, path: &str) -> Vec<Vec<f32>> {
    let stream = MediaSourceStream::new(Box::new(std::io::Cursor::new(bytes)), Default::default());
    let mut reader = symphonia::default::get_probe()
        .probe(
            &Default::default(),
            stream,
            Default::default(),
            Default::default(),
        )
        .expect("an Ogg file");
    let track = reader.default_track(TrackType::Audio).expect("a track");
    let id = track.id;
    let Some(CodecParameters::Audio(params)) = track.codec_params.as_ref() else {
        panic!("{path}: not audio");
    };
    assert_eq!(params.sample_rate, Some(SAMPLE_RATE), "{path}");
    let mut decoder = symphonia::default::get_codecs()
        .make_audio_decoder(params, &Default::default())
        .expect("a Vorbis decoder");
    let mut channels: Vec<Vec<f32>> = Vec::new();
    while let Some(packet) = reader.next_packet().expect("readable") {
        if packet.track_id != id {
            continue;
        }
        let GenericAudioBufferRef::F32(buffer) = decoder.decode(&packet).expect("decodable") else {
            panic!("{path}: Vorbis decodes to f32");
        };
        channels.resize(buffer.num_planes(), Vec::new());
        for (c, channel) in channels.iter_mut().enumerate() {
            channel.extend_from_slice(buffer.plane(c).expect("a plane"));
        }
    }
    channels
}

fn peak(channels: &[Vec<f32>]) -> f32 {
    channels.iter().flatten().fold(0.0, |m, s| s.abs().max(m))
}

fn bits(sounds: &[Sound]) -> Vec<Vec<Vec<u32>>> {
    sounds
        .iter()
        .map(|s| {
            s.channels
                .iter()
                .map(|c| c.iter().map(|x| x.to_bits()).collect())
                .collect()
        })
        .collect()
}

#[test]
fn effects_render_identically_twice() {
    assert_eq!(bits(&soundgen::effects()), bits(&soundgen::effects()));
}

/// How far below the signal the difference between a committed file and a
/// fresh render may lie. Other CPUs land near -100 dB; a sound changed by one
/// semitone lands near 0 dB.
const MAX_RESIDUAL_DB: f64 = -40.0;

/// The energy of `a - b` relative to the energy of `a`, in decibels.
fn residual_db(a: &[Vec<f32>], b: &[Vec<f32>]) -> f64 {
    let (mut signal, mut residual) = (0.0f64, 0.0f64);
    for (ca, cb) in a.iter().zip(b) {
        for (x, y) in ca.iter().zip(cb) {
            signal += (*x as f64).powi(2);
            residual += (*x as f64 - *y as f64).powi(2);
        }
    }
    10.0 * (residual.max(1e-30) / signal.max(1e-30)).log10()
}

#[test]
fn committed_files_sound_like_a_fresh_render() {
    let sounds: Vec<Sound> = soundgen::effects()
        .into_iter()
        .chain(soundgen::music())
        .collect();
    for sound in &sounds {
        // Both through the same encoder and decoder, so only what this
        // machine computes differently (and any real change) remains.
        let fresh = decode_bytes(make_audio::encode(sound).expect("encodes"), &sound.path);
        let committed = decode(&sound.path);
        let lengths = |c: &[Vec<f32>]| c.iter().map(Vec::len).collect::<Vec<_>>();
        assert_eq!(
            lengths(&committed),
            lengths(&fresh),
            "{}: channels or length differ from a fresh render: run `cargo run -p lineup-core --example make_audio`",
            sound.path
        );
        let db = residual_db(&committed, &fresh);
        assert!(
            db <= MAX_RESIDUAL_DB,
            "{} differs from a fresh render by {db:.1} dB (at most {MAX_RESIDUAL_DB} dB): \
             run `cargo run -p lineup-core --example make_audio`",
            sound.path
        );
    }
    // And nothing stale lies beside them.
    let mut on_disk = Vec::new();
    for dir in ["sfx", "music"] {
        for entry in std::fs::read_dir(audio_dir().join(dir)).expect(dir) {
            let name = entry.expect("an entry").file_name();
            on_disk.push(format!("{dir}/{}", name.to_string_lossy()));
        }
    }
    on_disk.sort();
    let mut made: Vec<String> = sounds.iter().map(|s| s.path.clone()).collect();
    made.sort();
    assert_eq!(on_disk, made);
}

#[test]
fn the_game_carries_every_sound_it_plays() {
    // What is built in is what the generator makes (the files themselves
    // are checked against a fresh render above), and every effect the game
    // asks for is among them.
    let mut embedded: Vec<&str> = files::FILES.iter().map(|(path, _)| *path).collect();
    embedded.sort();
    let mut generated: Vec<String> = soundgen::effects()
        .into_iter()
        .map(|s| format!("audio/{}", s.path))
        .chain(Music::ALL.iter().map(|m| m.path().to_string()))
        .collect();
    generated.sort();
    assert_eq!(embedded, generated);
    for path in SoundEffect::ALL.iter().map(|s| s.path()) {
        assert!(embedded.contains(&path.as_str()), "{path} is not built in");
    }
}

#[test]
fn music_loops_without_a_click() {
    for path in ["music/menu.ogg", "music/game.ogg"] {
        let channels = decode(path);
        assert_eq!(channels.len(), 2, "{path}: stereo");
        let len = channels[0].len();
        let seconds = len as f64 / SAMPLE_RATE as f64;
        assert!(seconds >= 60.0, "{path}: {seconds} s");
        for channel in &channels {
            let (first, last) = (channel[0], channel[len - 1]);
            assert!(
                (first - last).abs() < 0.02,
                "{path}: jump {first} -> {last}"
            );
        }
        let peak = peak(&channels);
        assert!(peak < 0.9, "{path}: peak {peak}");
    }
}

#[test]
fn effects_are_short_and_audible() {
    for sound in soundgen::effects() {
        let channels = decode(&sound.path);
        let seconds = channels[0].len() as f64 / SAMPLE_RATE as f64;
        let limit = if sound.path.ends_with("win.ogg") {
            4.0
        } else {
            2.0
        };
        assert!(
            seconds > 0.03 && seconds < limit,
            "{}: {seconds} s",
            sound.path
        );
        let peak = peak(&channels);
        assert!(peak > 0.1 && peak < 0.95, "{}: peak {peak}", sound.path);
        assert_eq!(sound.kind, Kind::Effect);
    }
}

#[test]
fn all_audio_is_under_ten_megabytes() {
    let mut total = 0;
    for dir in ["sfx", "music"] {
        for entry in std::fs::read_dir(audio_dir().join(dir)).expect(dir) {
            total += entry.expect("an entry").metadata().expect("metadata").len();
        }
    }
    assert!(total < 10_000_000, "{total} bytes");
}
