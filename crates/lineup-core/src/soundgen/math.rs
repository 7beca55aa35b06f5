//! Deterministic math for synthesis.
//!
//! Only `+ - * /`, `floor` and `round` (all exact in IEEE 754), so every
//! platform renders bit-identical samples; libm's `sin`/`exp` may differ in
//! the last bit between systems, which would break the byte-for-byte check.

use std::f64::consts::{LN_2, TAU};

/// `sin(2π · turns)`, accurate to about 1e-9.
pub fn sin_turns(turns: f64) -> f64 {
    let t = turns - turns.round();
    // Fold into [-1/4, 1/4] with sin(π - x) = sin(x).
    let t = if t > 0.25 {
        0.5 - t
    } else if t < -0.25 {
        -0.5 - t
    } else {
        t
    };
    let x = t * TAU;
    let x2 = x * x;
    x * (1.0
        + x2 * (-1.0 / 6.0
            + x2 * (1.0 / 120.0
                + x2 * (-1.0 / 5040.0
                    + x2 * (1.0 / 362_880.0
                        + x2 * (-1.0 / 39_916_800.0 + x2 * (1.0 / 6_227_020_800.0)))))))
}

/// `cos(2π · turns)`.
pub fn cos_turns(turns: f64) -> f64 {
    sin_turns(turns + 0.25)
}

/// `2^x` from a Taylor series on the fraction and the exponent bits.
pub fn exp2(x: f64) -> f64 {
    let whole = x.floor().clamp(-1000.0, 1000.0);
    let y = (x - whole).clamp(0.0, 1.0) * LN_2;
    let (mut term, mut sum) = (1.0, 1.0);
    for k in 1..=14 {
        term *= y / k as f64;
        sum += term;
    }
    sum * f64::from_bits(((whole as i64 + 1023) as u64) << 52)
}

/// `e^x`.
pub fn exp(x: f64) -> f64 {
    exp2(x * std::f64::consts::LOG2_E)
}

/// Amplitude factor of a level in decibels.
pub fn db(decibels: f64) -> f64 {
    exp2(decibels / 20.0 * std::f64::consts::LOG2_10)
}

/// Frequency of a MIDI note number (69 = A4 = 440 Hz); fractional notes detune.
pub fn midi_hz(note: f64) -> f64 {
    440.0 * exp2((note - 69.0) / 12.0)
}

/// Per-sample factor that makes a level fall by 1/e every `seconds`.
pub fn decay_factor(seconds: f64, rate: f64) -> f64 {
    exp(-1.0 / (seconds * rate).max(1e-9))
}
