//! A small Freeverb-style stereo reverb: eight damped combs and four
//! allpasses per side, the right side's delays a little longer for width.

/// Comb lengths and allpass lengths at 44.1 kHz (Jezar's Freeverb tuning).
const COMBS: [usize; 8] = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASSES: [usize; 4] = [556, 441, 341, 225];
const SPREAD: usize = 23;

struct Comb {
    buf: Vec<f64>,
    pos: usize,
    store: f64,
}

struct Allpass {
    buf: Vec<f64>,
    pos: usize,
}

struct ReverbChannel {
    combs: Vec<Comb>,
    allpasses: Vec<Allpass>,
}

pub struct Reverb {
    sides: [ReverbChannel; 2],
    feedback: f64,
    damp: f64,
}

impl ReverbChannel {
    fn new(extra: usize) -> Self {
        ReverbChannel {
            combs: COMBS
                .iter()
                .map(|&n| Comb {
                    buf: vec![0.0; n + extra],
                    pos: 0,
                    store: 0.0,
                })
                .collect(),
            allpasses: ALLPASSES
                .iter()
                .map(|&n| Allpass {
                    buf: vec![0.0; n + extra],
                    pos: 0,
                })
                .collect(),
        }
    }

    fn process(&mut self, input: f64, feedback: f64, damp: f64) -> f64 {
        let mut out = 0.0;
        for c in &mut self.combs {
            let y = c.buf[c.pos];
            // The damping low-pass in the loop makes highs die first, as in a room.
            c.store = y * (1.0 - damp) + c.store * damp;
            c.buf[c.pos] = input + c.store * feedback;
            c.pos = (c.pos + 1) % c.buf.len();
            out += y;
        }
        for a in &mut self.allpasses {
            let b = a.buf[a.pos];
            a.buf[a.pos] = out + b * 0.5;
            a.pos = (a.pos + 1) % a.buf.len();
            out = b - out;
        }
        out
    }
}

impl Reverb {
    /// `room` in 0..1 sets the decay time, `damp` in 0..1 how dark the tail is.
    pub fn new(room: f64, damp: f64) -> Self {
        Reverb {
            sides: [ReverbChannel::new(0), ReverbChannel::new(SPREAD)],
            feedback: 0.7 + 0.28 * room,
            damp: damp * 0.4,
        }
    }

    /// The wet signal for one stereo input sample.
    pub fn process(&mut self, left: f64, right: f64) -> (f64, f64) {
        let input = (left + right) * 0.015;
        let [l, r] = &mut self.sides;
        (
            l.process(input, self.feedback, self.damp),
            r.process(input, self.feedback, self.damp),
        )
    }
}
