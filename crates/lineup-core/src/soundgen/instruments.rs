//! Soft instrument voices: each renders one note as mono samples.
//!
//! All are sums of sines (additive or FM), so nothing aliases, and partials
//! above `BRIGHTNESS_LIMIT` are left out to keep the highs gentle.

use super::dsp::{Adsr, Sine};
use super::math::{decay_factor, exp2, sin_turns};

const BRIGHTNESS_LIMIT: f64 = 9_000.0;

/// One sine partial: frequency ratio, amplitude, and its own decay time
/// (seconds; infinite for a steady tone).
struct Partial(f64, f64, f64);

/// Sums decaying partials under an envelope.
fn additive(freq: f64, partials: &[Partial], env: &Adsr, gate: f64, rate: f64) -> Vec<f64> {
    let mut out = env.render(gate, rate);
    let mut voices: Vec<(Sine, f64, f64)> = partials
        .iter()
        .filter(|p| freq * p.0 < BRIGHTNESS_LIMIT)
        .map(|p| {
            (
                Sine::new(freq * p.0, rate, 0.0),
                p.1,
                decay_factor(p.2, rate),
            )
        })
        .collect();
    for sample in out.iter_mut() {
        let mut sum = 0.0;
        for (sine, amp, decay) in voices.iter_mut() {
            sum += sine.next() * *amp;
            *amp *= *decay;
        }
        *sample *= sum;
    }
    out
}

/// A plucked nylon string: harmonics plucked near the bridge, the higher
/// ones dying faster, so the note mellows as it rings.
pub fn pluck(freq: f64, gate: f64, rate: f64) -> Vec<f64> {
    let partials: Vec<Partial> = (1..=12)
        .map(|n| {
            let n = n as f64;
            let shape = sin_turns(0.5 * n * 0.22).abs() / (n * n.sqrt().sqrt());
            Partial(n, shape, 1.6 / (1.0 + 0.45 * (n - 1.0)))
        })
        .collect();
    let env = Adsr {
        attack: 0.002,
        decay: 10.0,
        sustain: 1.0,
        release: 0.12,
    };
    additive(freq, &partials, &env, gate, rate)
}

/// A music-box / celesta bell: a bright strike that settles on the fundamental.
pub fn bell(freq: f64, gate: f64, rate: f64) -> Vec<f64> {
    let partials = [
        Partial(1.0, 1.0, 1.4),
        Partial(2.0, 0.22, 0.6),
        Partial(3.0, 0.08, 0.35),
        Partial(4.2, 0.05, 0.18),
        Partial(5.4, 0.03, 0.12),
    ];
    let env = Adsr {
        attack: 0.003,
        decay: 10.0,
        sustain: 1.0,
        release: 0.35,
    };
    additive(freq, &partials, &env, gate, rate)
}

/// A warm pad: three slightly detuned, softly rolled-off saw-like voices
/// with a slow swell, which beat gently against each other.
pub fn pad(freq: f64, gate: f64, rate: f64) -> Vec<f64> {
    let env = Adsr {
        attack: 0.9,
        decay: 2.5,
        sustain: 0.75,
        release: 0.8,
    };
    let mut partials = Vec::new();
    for cents in [-7.0, 0.0, 6.0] {
        let detune = exp2(cents / 1200.0);
        let mut roll_off = 1.0 / 3.0;
        for n in 1..=7 {
            let n = n as f64;
            partials.push(Partial(n * detune, roll_off / n, 1e9));
            roll_off *= 0.6;
        }
    }
    additive(freq, &partials, &env, gate, rate)
}

/// A round bass: fundamental with a touch of second and third harmonic.
pub fn bass(freq: f64, gate: f64, rate: f64) -> Vec<f64> {
    let partials = [
        Partial(1.0, 1.0, 3.0),
        Partial(2.0, 0.3, 0.8),
        Partial(3.0, 0.1, 0.4),
    ];
    let env = Adsr {
        attack: 0.01,
        decay: 0.9,
        sustain: 0.55,
        release: 0.1,
    };
    additive(freq, &partials, &env, gate, rate)
}

/// An FM electric piano: a sine carrier phase-modulated by a sine at the same
/// frequency; the modulation index falls quickly, so the attack has a soft
/// bark and the sustain is nearly pure.
pub fn electric_piano(freq: f64, gate: f64, velocity: f64, rate: f64) -> Vec<f64> {
    let env = Adsr {
        attack: 0.004,
        decay: 1.6,
        sustain: 0.0,
        release: 0.25,
    };
    let mut out = env.render(gate, rate);
    let mut modulator = Sine::new(freq, rate, 0.0);
    let index_fall = decay_factor(0.3, rate);
    let mut index = 0.25 + 1.1 * velocity;
    let step = freq / rate;
    let mut phase = 0.0;
    for sample in out.iter_mut() {
        // The index is in radians; sin_turns takes turns.
        let modulation = modulator.next() * (0.2 + index) / std::f64::consts::TAU;
        *sample *= sin_turns(phase + modulation);
        phase += step;
        phase -= phase.floor();
        index *= index_fall;
    }
    out
}
