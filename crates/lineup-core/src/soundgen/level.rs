//! Loudness: measuring and setting levels.

use super::math::db;

pub fn peak(samples: &[f64]) -> f64 {
    samples.iter().fold(0.0, |m, s| s.abs().max(m))
}

pub fn rms(samples: &[f64]) -> f64 {
    (samples.iter().map(|s| s * s).sum::<f64>() / samples.len().max(1) as f64).sqrt()
}

/// Scales every channel by one gain so the loudest peak sits at `peak_db`.
pub fn set_peak(channels: &mut [Vec<f64>], peak_db: f64) {
    let loudest = channels.iter().map(|c| peak(c)).fold(0.0, f64::max);
    if loudest > 0.0 {
        let gain = db(peak_db) / loudest;
        channels.iter_mut().flatten().for_each(|s| *s *= gain);
    }
}

/// Music: an RMS of `rms_db` (a rough stand-in for LUFS), but never a peak
/// above `max_peak_db`, whichever is quieter.
pub fn set_loudness(channels: &mut [Vec<f64>], rms_db: f64, max_peak_db: f64) {
    let all: Vec<f64> = channels.iter().flatten().copied().collect();
    let (level, loudest) = (rms(&all), peak(&all));
    if level > 0.0 {
        let gain = (db(rms_db) / level).min(db(max_peak_db) / loudest);
        channels.iter_mut().flatten().for_each(|s| *s *= gain);
    }
}
