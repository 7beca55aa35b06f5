//! When a search must stop: the caller's flag, the deadline or a node
//! budget, checked every few hundred nodes so that a stop is seen within a
//! millisecond or so.
//!
//! Why a node budget: a match at so many nodes a move plays the same games
//! on any machine (Rapfi takes Yixin's `MAX_NODE` too), so two builds
//! compare without the machine's speed on the day in the figures.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub struct Clock<'a> {
    stop: &'a AtomicBool,
    deadline: Instant,
    /// Stop once this many nodes are counted (`u64::MAX`: no budget).
    node_limit: u64,
    pub nodes: u64,
    stopped: bool,
}

impl<'a> Clock<'a> {
    pub fn new(stop: &'a AtomicBool, deadline: Instant) -> Self {
        Clock {
            stop,
            deadline,
            node_limit: u64::MAX,
            nodes: 0,
            stopped: false,
        }
    }

    /// The same clock, stopping also after `limit` nodes (`None`: no budget).
    pub fn with_node_limit(mut self, limit: Option<u64>) -> Self {
        self.node_limit = limit.unwrap_or(u64::MAX);
        self
    }

    /// Counts a node; true once the search must stop (and from then on).
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && self.nodes & 255 == 0 {
            self.stopped = self.nodes >= self.node_limit
                || self.stop.load(Ordering::Relaxed)
                || Instant::now() >= self.deadline;
        }
        self.stopped
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }
}
