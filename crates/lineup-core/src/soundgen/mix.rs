//! A stereo mixing buffer that notes are added into.

use super::math::{cos_turns, sin_turns};

/// Room past the end for notes that ring on (music wraps it onto the start).
const TAIL_SECONDS: f64 = 8.0;

pub struct Stereo {
    pub rate: f64,
    pub left: Vec<f64>,
    pub right: Vec<f64>,
    len: usize,
}

impl Stereo {
    /// A buffer of `seconds`, with room for a ringing tail after it.
    pub fn new(seconds: f64, rate: u32) -> Self {
        let len = (seconds * rate as f64).round() as usize;
        let mut buffer = Self::silent(len, rate as f64);
        let room = len + (TAIL_SECONDS * rate as f64) as usize;
        buffer.left.resize(room, 0.0);
        buffer.right.resize(room, 0.0);
        buffer
    }

    /// Exactly `len` samples of silence.
    pub fn silent(len: usize, rate: f64) -> Self {
        Stereo {
            rate,
            left: vec![0.0; len],
            right: vec![0.0; len],
            len,
        }
    }

    /// The nominal length in samples (without the tail room).
    pub fn frames(&self) -> usize {
        self.len
    }

    /// Mixes `sound` in at `start` seconds; `pan` from -1 (left) to 1
    /// (right) with equal power, so a centred sound is not louder.
    pub fn add(&mut self, start: f64, sound: &[f64], gain: f64, pan: f64) {
        let angle = (pan.clamp(-1.0, 1.0) + 1.0) / 8.0;
        let (gl, gr) = (gain * cos_turns(angle), gain * sin_turns(angle));
        let first = (start * self.rate).round() as usize;
        let end = first + sound.len();
        if end > self.left.len() {
            self.left.resize(end, 0.0);
            self.right.resize(end, 0.0);
        }
        for (i, s) in sound.iter().enumerate() {
            self.left[first + i] += s * gl;
            self.right[first + i] += s * gr;
        }
    }

    /// Folds everything past the nominal length back onto the start, as if
    /// the previous time round were still ringing.
    pub fn wrap_tail(&mut self) {
        for channel in [&mut self.left, &mut self.right] {
            for i in self.len..channel.len() {
                channel[i % self.len] += channel[i];
            }
            channel.truncate(self.len);
        }
    }
}
