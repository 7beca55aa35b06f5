//! Building blocks: a drift-free sine oscillator, filters and envelopes.

use super::math::{cos_turns, decay_factor, sin_turns};

/// A sine by rotating a phasor: two multiplies per sample instead of a
/// polynomial, and exactly repeatable. Over a few seconds the magnitude
/// drifts by far less than one 16-bit step.
#[derive(Clone, Copy)]
pub struct Sine {
    re: f64,
    im: f64,
    cos_step: f64,
    sin_step: f64,
}

impl Sine {
    pub fn new(freq: f64, rate: f64, phase_turns: f64) -> Self {
        let step = freq / rate;
        Sine {
            re: cos_turns(phase_turns),
            im: sin_turns(phase_turns),
            cos_step: cos_turns(step),
            sin_step: sin_turns(step),
        }
    }

    /// The current value, then advance one sample.
    pub fn next(&mut self) -> f64 {
        let out = self.im;
        let re = self.re * self.cos_step - self.im * self.sin_step;
        self.im = self.re * self.sin_step + self.im * self.cos_step;
        self.re = re;
        out
    }
}

/// One-pole low-pass: a gentle 6 dB/octave roll-off that softens highs.
pub struct OnePole {
    coef: f64,
    state: f64,
}

impl OnePole {
    pub fn low_pass(cutoff: f64, rate: f64) -> Self {
        OnePole {
            coef: decay_factor(1.0 / (std::f64::consts::TAU * cutoff), rate),
            state: 0.0,
        }
    }

    pub fn process(&mut self, x: f64) -> f64 {
        self.state = x + (self.state - x) * self.coef;
        self.state
    }
}

/// RBJ-cookbook biquad (direct form I).
pub struct Biquad {
    b: [f64; 3],
    a: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl Biquad {
    fn from(b: [f64; 3], a0: f64, a: [f64; 2]) -> Self {
        Biquad {
            b: b.map(|v| v / a0),
            a: a.map(|v| v / a0),
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }

    fn terms(freq: f64, q: f64, rate: f64) -> (f64, f64) {
        let w = freq / rate;
        (cos_turns(w), sin_turns(w) / (2.0 * q))
    }

    /// Band-pass with 0 dB peak gain.
    pub fn band_pass(freq: f64, q: f64, rate: f64) -> Self {
        let (c, alpha) = Self::terms(freq, q, rate);
        Self::from([alpha, 0.0, -alpha], 1.0 + alpha, [-2.0 * c, 1.0 - alpha])
    }

    pub fn process(&mut self, x: f64) -> f64 {
        let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}

/// Attack–decay–sustain–release, in seconds; decay and release are
/// exponential time constants (the natural fall of a struck string).
#[derive(Clone, Copy)]
pub struct Adsr {
    pub attack: f64,
    pub decay: f64,
    pub sustain: f64,
    pub release: f64,
}

impl Adsr {
    /// Samples held down for `gate` seconds, then released until about
    /// -60 dB; the last few milliseconds fade linearly to exactly zero.
    pub fn render(&self, gate: f64, rate: f64) -> Vec<f64> {
        let gate_len = (gate * rate) as usize;
        let attack_len = ((self.attack * rate) as usize).max(1);
        let release_len = (self.release * 6.9 * rate) as usize + 1;
        let decay = decay_factor(self.decay, rate);
        let release = decay_factor(self.release, rate);
        let mut out = Vec::with_capacity(gate_len + release_len);
        let mut level = 0.0;
        let mut falling = 1.0 - self.sustain;
        for i in 0..gate_len {
            level = if i < attack_len {
                // A raised-cosine attack: no corner, so no click.
                0.5 - 0.5 * cos_turns(0.5 * i as f64 / attack_len as f64)
            } else {
                falling *= decay;
                self.sustain + falling
            };
            out.push(level);
        }
        let fade = ((0.005 * rate) as usize).min(release_len);
        for i in 0..release_len {
            level *= release;
            let tail = (release_len - i).min(fade) as f64 / fade as f64;
            out.push(level * tail);
        }
        out
    }
}
