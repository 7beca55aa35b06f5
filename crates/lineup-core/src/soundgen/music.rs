//! The two music loops: an arrangement (chords, bass, melody, arpeggio)
//! rendered once, its ringing tail wrapped onto the start, and the whole
//! loop sent through the reverb twice so the end flows into the beginning.

use super::compose::{Chord, Note, melody, note_of, progression};
use super::instruments::{bass, bell, electric_piano, pad, pluck};
use super::math::{midi_hz, sin_turns};
use super::mix::Stereo;
use super::noise::Noise;
use super::reverb::Reverb;

/// What the player hears in the menus: slow, spacious, a bell tune over a pad.
pub fn menu(rate: u32) -> Stereo {
    // 72 bpm at 44.1 kHz is exactly 36 750 samples a beat; 24 bars = 80 s.
    let chords = progression(
        "I vi IV V I vi ii V \
         IV V iii vi ii V I V \
         I vi IV V I vi ii V",
    );
    let tonic = 60; // C major
    let beat = 60.0 / 72.0;
    let mut mix = Stereo::new(chords.len() as f64 * 4.0 * beat, rate);
    let mut noise = Noise::new(0x4d45_4e55);
    let mut touch = Noise::new(0x4d45_4e56);
    for (bar, chord) in chords.iter().enumerate() {
        let start = bar as f64 * 4.0 * beat;
        for (i, pitch) in chord.voicing(tonic, 53).iter().enumerate() {
            let pan = [-0.3, 0.0, 0.3, 0.1][i];
            mix.add(
                start,
                &pad(midi_hz(*pitch as f64), 4.0 * beat, mix.rate),
                0.10,
                pan,
            );
        }
        let root = note_of(tonic - 24, chord.degree);
        mix.add(
            start,
            &bass(midi_hz(root as f64), 3.5 * beat, mix.rate),
            0.22,
            0.0,
        );
        arpeggio(&mut mix, chord, tonic, (start, beat, bar), &mut touch);
    }
    for note in melody(&chords, tonic + 12, 4, &mut noise) {
        let gate = note.beats * beat;
        let sound = bell(midi_hz(note.pitch as f64), gate, mix.rate);
        mix.add(note.beat * beat, &sound, 0.16 * note.velocity, 0.15);
    }
    finish(mix, 0.75)
}

/// What plays during a game: a gentle electric-piano groove that stays out of
/// the way, with a sparse plucked tune.
pub fn game(rate: u32) -> Stereo {
    // 84 bpm is exactly 31 500 samples a beat; 32 bars ≈ 91.4 s.
    let chords = progression(
        "I7 vi7 ii7 V7 I7 vi7 ii7 V7 \
         IV7 V7 iii7 vi7 IV7 V7 ii7 V7 \
         I7 vi7 ii7 V7 I7 vi7 ii7 V7 \
         vi7 IV7 I7 V7 vi7 IV7 ii7 V7",
    );
    let tonic = 65; // F major
    let beat = 60.0 / 84.0;
    let mut mix = Stereo::new(chords.len() as f64 * 4.0 * beat, rate);
    let mut noise = Noise::new(0x4741_4d45);
    let mut touch = Noise::new(0x4741_4d46);
    for (bar, chord) in chords.iter().enumerate() {
        let start = bar as f64 * 4.0 * beat;
        let voicing = chord.rootless(tonic, 55);
        // Comping: a full chord on one, a softer push on the "and" of two.
        for (offset, gate, velocity) in [(0.0, 1.8, 0.7), (2.5, 1.2, 0.45)] {
            for (i, pitch) in voicing.iter().enumerate() {
                let f = midi_hz(*pitch as f64);
                let sound = electric_piano(f, gate * beat, velocity, mix.rate);
                let pan = -0.25 + 0.15 * i as f64;
                let when = start + offset * beat + 0.004 * touch.unit();
                mix.add(when, &sound, 0.075 * velocity * touch.vary(0.1), pan);
            }
        }
        for (i, pitch) in chord.rootless(tonic, 48).iter().enumerate() {
            let f = midi_hz(*pitch as f64);
            mix.add(
                start,
                &pad(f, 4.0 * beat, mix.rate),
                0.035,
                [-0.5, 0.5, -0.2, 0.2][i],
            );
        }
        let root = note_of(tonic - 24, chord.degree);
        let fifth = note_of(tonic - 24, chord.degree + 4);
        for (offset, pitch, gate) in [(0.0, root, 2.2), (2.5, fifth, 0.8), (3.0, root, 0.9)] {
            let sound = bass(midi_hz(pitch as f64), gate * beat, mix.rate);
            mix.add(start + offset * beat, &sound, 0.24, 0.0);
        }
    }
    // The tune rests through the third section so the groove can breathe.
    let tune: Vec<Note> = melody(&chords, tonic, 4, &mut noise)
        .into_iter()
        .filter(|n| !(64.0..96.0).contains(&n.beat))
        .collect();
    for note in tune {
        let sound = pluck(midi_hz(note.pitch as f64), note.beats * beat, mix.rate);
        mix.add(note.beat * beat, &sound, 0.2 * note.velocity, -0.1);
    }
    finish(mix, 0.6)
}

/// A quiet broken chord in eighths, up and back down, an octave above the pad.
/// `at` is the bar's start (s), the beat length (s) and the bar number; the
/// noise varies touch and timing a little, as a player would.
fn arpeggio(mix: &mut Stereo, chord: &Chord, tonic: i32, at: (f64, f64, usize), noise: &mut Noise) {
    let (start, beat, bar) = at;
    let tones = chord.voicing(tonic, 60);
    let order = [0, 1, 2, 1, 0, 2, 1, 2];
    for (i, &k) in order.iter().enumerate() {
        // Every fourth bar the arpeggio thins out to half notes.
        if bar % 4 == 3 && i % 4 != 0 {
            continue;
        }
        let pitch = tones[k % tones.len()] + if i == 5 { 12 } else { 0 };
        let sound = pluck(midi_hz(pitch as f64), 0.5 * beat, mix.rate);
        let pan = 0.4 * sin_turns(i as f64 / 8.0);
        let when = start + i as f64 * 0.5 * beat + 0.006 * noise.white().abs();
        mix.add(when, &sound, 0.06 * noise.vary(0.2), pan);
    }
}

/// Wraps the tail onto the start, then adds the reverb as if the loop had
/// already played once: the first pass only fills the reverb, so the tail
/// at the start is the one the end leaves behind.
fn finish(mut mix: Stereo, wet: f64) -> Stereo {
    mix.wrap_tail();
    let mut reverb = Reverb::new(0.8, 0.6);
    let len = mix.frames();
    let mut out = Stereo::silent(len, mix.rate);
    for pass in 0..2 {
        for i in 0..len {
            let (l, r) = (mix.left[i], mix.right[i]);
            let (wl, wr) = reverb.process(l, r);
            if pass == 1 {
                out.left[i] = l + wet * wl;
                out.right[i] = r + wet * wr;
            }
        }
    }
    out
}
