//! When a search must stop: the caller's flag or the deadline, checked every
//! few hundred nodes so that a stop is seen within a millisecond or so.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub struct Clock<'a> {
    stop: &'a AtomicBool,
    deadline: Instant,
    pub nodes: u64,
    stopped: bool,
}

impl<'a> Clock<'a> {
    pub fn new(stop: &'a AtomicBool, deadline: Instant) -> Self {
        Clock {
            stop,
            deadline,
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts a node; true once the search must stop (and from then on).
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && self.nodes & 255 == 0 {
            self.stopped = self.stop.load(Ordering::Relaxed) || Instant::now() >= self.deadline;
        }
        self.stopped
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }
}
