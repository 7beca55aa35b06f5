//! The sound effects, each a short mono buffer built from struck resonant
//! modes (sines that ring and die) and filtered noise bursts.

use super::dsp::{Adsr, Biquad, OnePole, Sine};
use super::instruments::{bell, electric_piano};
use super::level::set_peak;
use super::math::{cos_turns, decay_factor, midi_hz, sin_turns};
use super::noise::Noise;
use super::reverb::Reverb;

/// A resonant mode: frequency (Hz), amplitude, decay time (s).
type Mode = (f64, f64, f64);

fn silence(seconds: f64, rate: f64) -> Vec<f64> {
    vec![0.0; (seconds * rate) as usize]
}

/// Adds struck modes at `start` seconds: what a hard body rings with.
fn strike(out: &mut [f64], start: f64, modes: &[Mode], gain: f64, rate: f64) {
    let first = (start * rate) as usize;
    for &(freq, amp, decay) in modes {
        let mut sine = Sine::new(freq, rate, 0.0);
        let fall = decay_factor(decay, rate);
        let mut level = amp * gain;
        for s in out.iter_mut().skip(first) {
            *s += sine.next() * level;
            level *= fall;
        }
    }
}

/// Adds a burst of band-passed noise: the contact "tick" of a hit.
fn burst(
    out: &mut [f64],
    start: f64,
    band: (f64, f64),
    decay: f64,
    gain: f64,
    noise: &mut Noise,
    rate: f64,
) {
    let first = (start * rate) as usize;
    let mut filter = Biquad::band_pass(band.0, band.1, rate);
    let fall = decay_factor(decay, rate);
    let mut level = gain;
    let end = (first + (decay * 8.0 * rate) as usize).min(out.len());
    for s in &mut out[first..end] {
        *s += filter.process(noise.white()) * level;
        level *= fall;
    }
}

/// Softens the top, sets the peak level and fades the end to zero.
fn finish(samples: Vec<f64>, cutoff: f64, peak_db: f64, rate: f64) -> Vec<f64> {
    finish_with_fade(samples, cutoff, peak_db, 0.01, rate)
}

/// `finish` with a fade-out of `fade` seconds, for sounds with a long tail.
fn finish_with_fade(
    mut samples: Vec<f64>,
    cutoff: f64,
    peak_db: f64,
    fade: f64,
    rate: f64,
) -> Vec<f64> {
    let mut low_pass = OnePole::low_pass(cutoff, rate);
    samples.iter_mut().for_each(|s| *s = low_pass.process(*s));
    let mut channels = [samples];
    set_peak(&mut channels, peak_db);
    let [mut samples] = channels;
    let fade = ((fade * rate) as usize).clamp(1, samples.len());
    let len = samples.len();
    for (i, s) in samples[len - fade..].iter_mut().enumerate() {
        // A raised-cosine fade: no corner where it starts.
        *s *= 0.5 + 0.5 * cos_turns(0.5 * (i + 1) as f64 / fade as f64);
    }
    samples
}

/// Mixes a mono reverb tail into `samples`.
fn add_room(samples: &mut [f64], room: f64, wet: f64) {
    let mut reverb = Reverb::new(room, 0.5);
    for s in samples.iter_mut() {
        let (l, r) = reverb.process(*s, *s);
        *s += wet * 0.5 * (l + r);
    }
}

/// A Connect Four disc landing; `weight` 0..1 for a short to a long fall:
/// longer falls hit harder, lower and with more body.
pub fn disc_land(weight: f64, seed: u64, rate: f64) -> Vec<f64> {
    let mut noise = Noise::new(seed);
    let mut out = silence(0.4, rate);
    let pitch = 1.12 - 0.22 * weight;
    burst(
        &mut out,
        0.0,
        (2600.0 * pitch, 1.2),
        0.004,
        1.2,
        &mut noise,
        rate,
    );
    let plastic = [
        (780.0 * pitch, 0.9, 0.040),
        (1330.0 * pitch, 0.7, 0.028),
        (2210.0 * pitch, 0.45, 0.018),
        (3370.0 * pitch, 0.25, 0.010),
    ];
    strike(&mut out, 0.0, &plastic, 0.5, rate);
    let thump = [(95.0 + 40.0 * (1.0 - weight), 1.0, 0.03 + 0.03 * weight)];
    strike(&mut out, 0.0, &thump, 0.3 + 0.7 * weight, rate);
    finish(out, 7000.0, -6.0 + 4.0 * weight, rate)
}

/// The softer rattle of the disc settling: a few quick, fading taps.
pub fn disc_bounce(rate: f64) -> Vec<f64> {
    let mut noise = Noise::new(0xb0_0c);
    let mut out = silence(0.35, rate);
    let taps = [
        (0.0, 1.0),
        (0.07, 0.55),
        (0.118, 0.32),
        (0.152, 0.18),
        (0.176, 0.1),
    ];
    for (i, &(at, gain)) in taps.iter().enumerate() {
        let pitch = 1.2 + 0.03 * i as f64;
        burst(
            &mut out,
            at,
            (3000.0 * pitch, 1.5),
            0.002,
            gain,
            &mut noise,
            rate,
        );
        let modes = [(1330.0 * pitch, 0.7, 0.02), (2210.0 * pitch, 0.4, 0.012)];
        strike(&mut out, at, &modes, 0.4 * gain, rate);
    }
    finish(out, 7000.0, -11.0, rate)
}

/// A Gomoku stone set on a wooden board: a crisp click with a short woody
/// ring; each seed varies pitch, balance and decay a little.
pub fn stone(seed: u64, rate: f64) -> Vec<f64> {
    let mut noise = Noise::new(seed);
    let mut out = silence(0.25, rate);
    let pitch = noise.vary(0.05);
    burst(
        &mut out,
        0.0,
        (4200.0 * pitch, 0.9),
        0.0012,
        1.0,
        &mut noise,
        rate,
    );
    let wood = [
        (1850.0, 1.0, 0.016),
        (3050.0, 0.55, 0.009),
        (640.0, 0.45, 0.032),
        (4750.0, 0.2, 0.005),
    ];
    let varied: Vec<Mode> = wood
        .iter()
        .map(|&(f, a, d)| {
            (
                f * pitch * noise.vary(0.02),
                a * noise.vary(0.15),
                d * noise.vary(0.1),
            )
        })
        .collect();
    strike(&mut out, 0.0, &varied, 0.45, rate);
    finish(out, 9000.0, -3.0 - noise.unit() * 1.5, rate)
}

/// A refused move: a soft, muted falling pair of notes ("uh-uh").
pub fn refused(rate: f64) -> Vec<f64> {
    let mut out = silence(0.55, rate);
    for (i, note) in [67.0, 63.0].iter().enumerate() {
        let tone = electric_piano(midi_hz(*note), 0.11, 0.35, rate);
        let first = (i as f64 * 0.14 * rate) as usize;
        for (s, t) in out[first..].iter_mut().zip(tone) {
            *s += t;
        }
    }
    finish(out, 4000.0, -6.0, rate)
}

/// Adds a bell note at `start` seconds.
fn add_bell(out: &mut [f64], start: f64, note: f64, gate: f64, gain: f64, rate: f64) {
    let first = (start * rate) as usize;
    for (s, t) in out[first..].iter_mut().zip(bell(midi_hz(note), gate, rate)) {
        *s += t * gain;
    }
}

/// The win jingle: a rising major arpeggio that blooms into a chord.
pub fn win(rate: f64) -> Vec<f64> {
    let mut out = silence(3.2, rate);
    for (i, note) in [72.0, 76.0, 79.0, 84.0].iter().enumerate() {
        add_bell(&mut out, i as f64 * 0.11, *note, 0.2, 0.8, rate);
    }
    for note in [72.0, 76.0, 79.0, 84.0, 88.0] {
        add_bell(&mut out, 0.48, note, 1.4, 0.45, rate);
    }
    for note in [48.0, 60.0] {
        add_bell(&mut out, 0.48, note, 1.4, 0.5, rate);
    }
    add_room(&mut out, 0.6, 1.0);
    finish_with_fade(out, 8000.0, -3.0, 0.8, rate)
}

/// The draw chime: three calm notes of an open, unresolved chord.
pub fn draw(rate: f64) -> Vec<f64> {
    let mut out = silence(1.9, rate);
    for (i, note) in [67.0, 72.0, 74.0].iter().enumerate() {
        add_bell(&mut out, i as f64 * 0.18, *note, 0.8, 0.7, rate);
    }
    add_bell(&mut out, 0.0, 55.0, 1.0, 0.5, rate);
    add_room(&mut out, 0.5, 0.8);
    finish_with_fade(out, 7000.0, -5.0, 0.6, rate)
}

/// Undo: a short, soft downward swoop, like something pulled back.
pub fn undo(rate: f64) -> Vec<f64> {
    let env = Adsr {
        attack: 0.01,
        decay: 0.06,
        sustain: 0.0,
        release: 0.03,
    }
    .render(0.16, rate);
    let mut out = Vec::with_capacity(env.len());
    let mut phase = 0.0;
    for (i, level) in env.iter().enumerate() {
        let t = i as f64 / rate;
        let freq = 440.0 + 500.0 * (1.0 - (t / 0.16).min(1.0));
        phase += freq / rate;
        out.push(level * (sin_turns(phase) + 0.2 * sin_turns(2.0 * phase)));
    }
    out.extend(silence(0.02, rate));
    finish(out, 5000.0, -8.0, rate)
}

/// Hovering a button: a tiny, quiet tick.
pub fn ui_hover(rate: f64) -> Vec<f64> {
    let mut out = silence(0.06, rate);
    strike(
        &mut out,
        0.0005,
        &[(1760.0, 1.0, 0.008), (3520.0, 0.2, 0.004)],
        1.0,
        rate,
    );
    finish(out, 8000.0, -16.0, rate)
}

/// Clicking a button: a firmer, slightly lower tick with a tap of noise.
pub fn ui_click(rate: f64) -> Vec<f64> {
    let mut noise = Noise::new(0xc1_1c);
    let mut out = silence(0.09, rate);
    burst(&mut out, 0.0, (3200.0, 1.0), 0.0015, 0.6, &mut noise, rate);
    strike(
        &mut out,
        0.0,
        &[(1175.0, 1.0, 0.014), (2350.0, 0.3, 0.007)],
        1.0,
        rate,
    );
    finish(out, 8000.0, -10.0, rate)
}
