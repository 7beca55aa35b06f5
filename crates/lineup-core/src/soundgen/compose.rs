//! Music theory for the tracks: diatonic chords and a melody generator that
//! writes two-bar phrases over a chord progression.

use super::noise::Noise;

const MAJOR: [i32; 7] = [0, 2, 4, 5, 7, 9, 11];

/// A diatonic chord by its scale degree (0 = I, 5 = vi…), optionally with
/// its seventh.
#[derive(Clone, Copy)]
pub struct Chord {
    pub degree: i32,
    pub seventh: bool,
}

/// Parses a progression such as "I vi IV V" (a trailing 7 adds the seventh).
pub fn progression(text: &str) -> Vec<Chord> {
    text.split_whitespace()
        .map(|name| {
            let seventh = name.ends_with('7');
            let numeral = name.trim_end_matches('7').to_ascii_uppercase();
            let degree = ["I", "II", "III", "IV", "V", "VI", "VII"]
                .iter()
                .position(|n| *n == numeral)
                .unwrap_or(0) as i32;
            Chord { degree, seventh }
        })
        .collect()
}

/// The MIDI note of scale degree `degree` (may leave the octave) in a major
/// key whose tonic is `tonic`.
pub fn note_of(tonic: i32, degree: i32) -> i32 {
    tonic + MAJOR[degree.rem_euclid(7) as usize] + 12 * degree.div_euclid(7)
}

impl Chord {
    /// The chord's scale degrees, root first.
    pub fn degrees(&self) -> Vec<i32> {
        let count = if self.seventh { 4 } else { 3 };
        (0..count).map(|i| self.degree + 2 * i).collect()
    }

    /// A close voicing: every chord tone moved into `[low, low + 12)`.
    pub fn voicing(&self, tonic: i32, low: i32) -> Vec<i32> {
        self.degrees()
            .iter()
            .map(|&d| low + (note_of(tonic, d) - low).rem_euclid(12))
            .collect()
    }

    /// Like `voicing`, but a seventh chord leaves its root to the bass:
    /// the major-seventh's semitone rub between root and seventh goes away.
    pub fn rootless(&self, tonic: i32, low: i32) -> Vec<i32> {
        let mut notes = self.voicing(tonic, low);
        if self.seventh {
            notes.remove(0);
        }
        notes
    }

    /// Is this scale degree (any octave) one of the chord's tones?
    fn contains(&self, degree: i32) -> bool {
        self.degrees()
            .iter()
            .any(|d| (d - degree).rem_euclid(7) == 0)
    }
}

/// A note on the score: start and length in beats, a MIDI pitch, a velocity.
#[derive(Clone, Copy)]
pub struct Note {
    pub beat: f64,
    pub beats: f64,
    pub pitch: i32,
    pub velocity: f64,
}

/// Rhythms of one bar in beats; a negative length is a rest.
const OPENING_BARS: [&[f64]; 6] = [
    &[1.0, 1.0, 2.0],
    &[2.0, 1.0, 1.0],
    &[1.5, 0.5, 1.0, 1.0],
    &[1.0, 0.5, 0.5, 2.0],
    &[-1.0, 1.0, 1.0, 1.0],
    &[0.5, 0.5, 1.0, 2.0],
];
const CLOSING_BARS: [&[f64]; 4] = [&[2.0, -2.0], &[1.0, 1.0, 2.0], &[3.0, -1.0], &[1.0, 3.0]];

/// A melody over `chords` (one per bar, four beats each) in scale degrees
/// around `center`: phrases of two bars, where the third phrase of every
/// four reuses the rhythm of the first, so the tune has a shape (A A' B A'').
pub fn melody(chords: &[Chord], tonic: i32, center: i32, noise: &mut Noise) -> Vec<Note> {
    let mut notes = Vec::new();
    let mut degree = center;
    let mut first_rhythm: Option<(usize, usize)> = None;
    for (phrase, pair) in chords.chunks(2).enumerate() {
        let rhythm = match (phrase % 4, first_rhythm) {
            (2, Some(r)) => r,
            _ => (
                noise.below(OPENING_BARS.len()),
                noise.below(CLOSING_BARS.len()),
            ),
        };
        if phrase % 4 == 0 {
            first_rhythm = Some(rhythm);
        }
        for (bar_in_phrase, chord) in pair.iter().enumerate() {
            let bar = phrase * 2 + bar_in_phrase;
            let closing = bar_in_phrase == 1;
            let bar_rhythm = if closing {
                CLOSING_BARS[rhythm.1]
            } else {
                OPENING_BARS[rhythm.0]
            };
            let mut beat = 0.0;
            for (i, &len) in bar_rhythm.iter().enumerate() {
                if len > 0.0 {
                    let last = closing && i + 1 == bar_rhythm.len();
                    degree = next_degree(degree, chord, beat, last, center, noise);
                    notes.push(Note {
                        beat: bar as f64 * 4.0 + beat,
                        beats: len,
                        pitch: note_of(tonic, degree),
                        velocity: if beat == 0.0 { 1.0 } else { 0.8 },
                    });
                }
                beat += len.abs();
            }
        }
    }
    notes
}

/// Strong beats and phrase ends land on chord tones; other notes move by
/// step, drifting back towards the centre of the range.
fn next_degree(
    current: i32,
    chord: &Chord,
    beat: f64,
    last: bool,
    center: i32,
    noise: &mut Noise,
) -> i32 {
    let pull = if current > center + 3 {
        -1
    } else if current < center - 3 {
        1
    } else {
        0
    };
    let strong = beat == 0.0 || beat == 2.0;
    if strong || last {
        let wanted = current + pull + noise.below(5) as i32 - 2;
        // The nearest chord tone; a phrase end prefers root or third.
        (0..=3)
            .flat_map(|d| [wanted - d, wanted + d])
            .find(|&d| chord.contains(d) && (!last || (d - chord.degree).rem_euclid(7) <= 2))
            .unwrap_or(wanted)
    } else {
        let step = if pull != 0 {
            pull
        } else if noise.below(2) == 0 {
            -1
        } else {
            1
        };
        current + step
    }
}
