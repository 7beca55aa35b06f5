//! The sounds in `assets/audio/`: they are exactly what the generator
//! (`cargo run --example make_audio`, from `lineup::soundgen`) makes, they
//! decode with the decoder the game uses (symphonia, through kira), the music
//! loops without a click, and the effects are short and audible.

// The generator's own encoder, so the test encodes exactly as it does.
#[allow(dead_code)]
#[path = "../../examples/make_audio.rs"]
mod make_audio;

use lineup::soundgen::{self, Kind, SAMPLE_RATE, Sound};
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
    let file = std::fs::File::open(audio_dir().join(path)).expect(path);
    let stream = MediaSourceStream::new(Box::new(file), Default::default());
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

#[test]
fn committed_files_equal_a_fresh_generation() {
    let sounds: Vec<Sound> = soundgen::effects()
        .into_iter()
        .chain(soundgen::music())
        .collect();
    for sound in &sounds {
        let fresh = make_audio::encode(sound).expect("encodes");
        let committed = std::fs::read(audio_dir().join(&sound.path)).expect(&sound.path);
        assert!(
            fresh == committed,
            "{} differs from a fresh render: run `cargo run --example make_audio`",
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
