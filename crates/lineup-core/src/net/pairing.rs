//! Finding an opponent on a server, two ways: the lobby's open [`Seeks`] (a
//! challenge anyone may accept, listed for all to see) and the quick
//! pairing [`PairingQueue`] behind the "Quick pairing" button (the server
//! picks the opponent). Plain data and time as a number, like the lobby:
//! the network layer opens the rooms for what comes out of here.
//!
//! # Quick pairing
//!
//! A waiter is paired only with someone who wants the same game kind and
//! time control ([`PairingSpec`]), and whose rating is near enough: each
//! side accepts a difference up to its own [`window`], which widens with
//! the time it has waited. [`PairingQueue::pair`] goes through the waiters
//! oldest first (equal times: smaller key first, so the outcome never
//! depends on the order of a hash map). For each waiter `A` not yet
//! paired, the opponent is, among the other unpaired waiters of the same
//! spec whose rating difference to `A` is within both `A`'s window and
//! their own, the one with the smallest difference; equal differences go
//! to whoever waited longer, then to the smaller key. Then on to the next
//! waiter. So the longest waiting are served first, and each gets the
//! closest game the two windows allow.

use super::identity::PlayerKey;
use super::rating::RatingPool;
use crate::match_clock::TimeControl;
use crate::match_setup::GameKind;
use crate::rules::Side;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::ops::Bound;

/// Names one open seek. The server hands them out (a counter), so a
/// player's "accept" names the seek they saw, not whatever that player
/// seeks now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SeekId(pub u64);

/// The game a seek offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeekSpec {
    pub kind: GameKind,
    pub clock: TimeControl,
    pub rated: bool,
    /// The side the seeker wants; `None` = random.
    pub side: Option<Side>,
}

/// An open challenge: `by` offers the game `spec` since `since_ms`.
#[derive(Clone, Debug, PartialEq)]
pub struct Seek {
    pub id: SeekId,
    pub by: PlayerKey,
    pub spec: SeekSpec,
    pub since_ms: u64,
}

/// Why a seek cannot be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeekError {
    /// Cancelled, replaced or taken by someone else first.
    NoSuchSeek,
    /// A player cannot play their own challenge.
    OwnSeek,
}

impl fmt::Display for SeekError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SeekError::NoSuchSeek => "That seek is gone",
            SeekError::OwnSeek => "That is your own seek",
        })
    }
}

impl std::error::Error for SeekError {}

/// Every open seek of a server, at most one per player: a player waits for
/// one game at a time, so a new seek replaces their old one.
#[derive(Clone, Debug, Default)]
pub struct Seeks {
    /// Keyed by (since, id) so the list reads oldest first.
    open: BTreeMap<(u64, SeekId), Seek>,
    /// Each seek's `since_ms`, to find it by id.
    since: HashMap<SeekId, u64>,
    /// Each seeking player's one seek.
    players: HashMap<PlayerKey, SeekId>,
}

impl Seeks {
    pub fn new() -> Seeks {
        Seeks::default()
    }

    /// `by` seeks a game from `now_ms` on, as seek `id`; returns the seek
    /// of theirs it replaced. A rated seek for a kind without a rating pool
    /// is opened casual, since only the pools' games are rated. Ids are the
    /// caller's to keep unique; should one come again, the seek that had
    /// it is dropped, so the lists never disagree about it.
    pub fn open(&mut self, by: PlayerKey, spec: SeekSpec, id: SeekId, now_ms: u64) -> Option<Seek> {
        let replaced = self.cancel(by);
        self.remove(id);
        let spec = SeekSpec {
            rated: spec.rated && RatingPool::of(spec.kind).is_some(),
            ..spec
        };
        self.since.insert(id, now_ms);
        self.players.insert(by, id);
        self.open.insert(
            (now_ms, id),
            Seek {
                id,
                by,
                spec,
                since_ms: now_ms,
            },
        );
        replaced
    }

    /// Withdraws `by`'s seek, if they have one.
    pub fn cancel(&mut self, by: PlayerKey) -> Option<Seek> {
        let id = *self.players.get(&by)?;
        self.remove(id)
    }

    /// `taker` accepts seek `id`: it leaves the list, and the game is
    /// theirs to start. Their own seek is refused and stays open.
    pub fn take(&mut self, id: SeekId, taker: PlayerKey) -> Result<Seek, SeekError> {
        let seek = self.get(id).ok_or(SeekError::NoSuchSeek)?;
        if seek.by == taker {
            return Err(SeekError::OwnSeek);
        }
        self.remove(id).ok_or(SeekError::NoSuchSeek)
    }

    pub fn get(&self, id: SeekId) -> Option<&Seek> {
        let since = self.since.get(&id)?;
        self.open.get(&(*since, id))
    }

    /// `key`'s open seek.
    pub fn by(&self, key: PlayerKey) -> Option<&Seek> {
        self.get(*self.players.get(&key)?)
    }

    /// Every open seek, oldest first (equal times: smaller id first).
    pub fn iter(&self) -> impl Iterator<Item = &Seek> {
        self.open.values()
    }

    pub fn len(&self) -> usize {
        self.open.len()
    }

    pub fn is_empty(&self) -> bool {
        self.open.is_empty()
    }

    /// Takes seek `id` out of all three lists.
    fn remove(&mut self, id: SeekId) -> Option<Seek> {
        let since = self.since.remove(&id)?;
        let seek = self.open.remove(&(since, id))?;
        self.players.remove(&seek.by);
        Some(seek)
    }
}

/// The rating difference a new waiter accepts.
pub const WINDOW_START: f64 = 100.0;
/// How much wider the window gets for each whole second waited.
pub const WINDOW_GROWTH_PER_SECOND: f64 = 10.0;
/// The widest window: beyond it the game would be too one-sided to be fun
/// however long one waits.
pub const WINDOW_MAX: f64 = 1000.0;

/// The rating difference a waiter accepts after waiting `waited_ms`:
/// [`WINDOW_START`] (100), plus [`WINDOW_GROWTH_PER_SECOND`] (10) for each
/// whole second waited, at most [`WINDOW_MAX`] (1000, reached after 90
/// seconds). Whole seconds, so a waiter's window changes at most once a
/// second, however often the server pairs.
pub fn window(waited_ms: u64) -> f64 {
    let seconds = (waited_ms / 1000) as f64;
    (WINDOW_START + WINDOW_GROWTH_PER_SECOND * seconds).min(WINDOW_MAX)
}

/// The game a quick pairing waiter wants: only the same kind and clock
/// pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PairingSpec {
    pub kind: GameKind,
    pub clock: TimeControl,
}

/// A player waiting for quick pairing since `since_ms`, with their rating
/// in the spec's pool (or the starting rating where there is none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Waiter {
    pub key: PlayerKey,
    pub spec: PairingSpec,
    pub rating: f64,
    pub since_ms: u64,
}

/// The quick pairing queue: every waiter, grouped by what they want, since
/// only those of one group can pair (the queue may hold thousands, and a
/// pairing round should not compare each with all).
#[derive(Clone, Debug, Default)]
pub struct PairingQueue {
    /// Each spec's waiters, oldest first (the order they are served in).
    groups: HashMap<PairingSpec, BTreeMap<(u64, PlayerKey), Waiter>>,
    /// Where each waiter is: their spec and since.
    places: HashMap<PlayerKey, (PairingSpec, u64)>,
}

impl PairingQueue {
    pub fn new() -> Self {
        PairingQueue::default()
    }

    /// Puts `waiter` in the queue. A player waits at most once: joining
    /// again replaces their place, and its spec, rating and time with the
    /// new one's (choosing another game starts the wait anew).
    pub fn join(&mut self, waiter: Waiter) {
        self.leave(waiter.key);
        self.places
            .insert(waiter.key, (waiter.spec, waiter.since_ms));
        self.groups
            .entry(waiter.spec)
            .or_default()
            .insert((waiter.since_ms, waiter.key), waiter);
    }

    /// Takes `key` out of the queue; false if they were not in it.
    pub fn leave(&mut self, key: PlayerKey) -> bool {
        let Some((spec, since)) = self.places.remove(&key) else {
            return false;
        };
        if let Some(group) = self.groups.get_mut(&spec) {
            group.remove(&(since, key));
            // No empty groups left behind, so a round visits only specs
            // someone waits for.
            if group.is_empty() {
                self.groups.remove(&spec);
            }
        }
        true
    }

    pub fn contains(&self, key: PlayerKey) -> bool {
        self.places.contains_key(&key)
    }

    pub fn len(&self) -> usize {
        self.places.len()
    }

    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// Pairs whoever can be paired at `now_ms` (the rule is in the module's
    /// doc) and removes them from the queue. Each pair is (a, b) with `a`
    /// the one who waited longer; the pairs come oldest `a` first (equal
    /// times: smaller key first).
    pub fn pair(&mut self, now_ms: u64) -> Vec<(Waiter, Waiter)> {
        let mut pairs = Vec::new();
        for group in self.groups.values() {
            if group.len() >= 2 {
                pair_group(group, now_ms, &mut pairs);
            }
        }
        for (a, b) in &pairs {
            self.leave(a.key);
            self.leave(b.key);
        }
        // Groups are visited in a hash map's order; sorting makes the
        // result the same as serving the whole queue oldest first.
        pairs.sort_by_key(|(a, _)| (a.since_ms, a.key));
        pairs
    }
}

/// A waiter's place on the rating line: by rating, then since and key so
/// that equal ratings are distinct entries.
#[derive(Clone, Copy, Debug)]
struct ByRating {
    rating: f64,
    since_ms: u64,
    key: PlayerKey,
}

impl ByRating {
    fn of(waiter: &Waiter) -> ByRating {
        ByRating {
            rating: waiter.rating,
            since_ms: waiter.since_ms,
            key: waiter.key,
        }
    }
}

impl Ord for ByRating {
    fn cmp(&self, other: &Self) -> Ordering {
        // total_cmp: a total order even for a NaN, which never pairs (no
        // difference to it is within a window) but must not upset the set.
        self.rating
            .total_cmp(&other.rating)
            .then(self.since_ms.cmp(&other.since_ms))
            .then(self.key.cmp(&other.key))
    }
}

impl PartialOrd for ByRating {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for ByRating {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for ByRating {}

/// Pairs the waiters of one spec (`group`, oldest first) at `now_ms` into
/// `pairs`. The unpaired are kept sorted by rating, so each waiter looks
/// only at its neighbours, outwards, until the difference passes its own
/// window or the best found so far: O(n log n) unless many neighbours
/// within reach turn it down.
fn pair_group(
    group: &BTreeMap<(u64, PlayerKey), Waiter>,
    now_ms: u64,
    pairs: &mut Vec<(Waiter, Waiter)>,
) {
    let mut unpaired: BTreeSet<ByRating> = group.values().map(ByRating::of).collect();
    for a in group.values() {
        let a_place = ByRating::of(a);
        // Already taken as someone's opponent.
        if !unpaired.contains(&a_place) {
            continue;
        }
        let below = unpaired
            .range((Bound::Unbounded, Bound::Excluded(a_place)))
            .rev();
        let above = unpaired.range((Bound::Excluded(a_place), Bound::Unbounded));
        let mut best = None;
        nearest(a, below, now_ms, &mut best);
        nearest(a, above, now_ms, &mut best);
        if let Some((_, b)) = best {
            unpaired.remove(&a_place);
            unpaired.remove(&b);
            // `a` came first in the oldest-first walk, so it waited at
            // least as long: everyone older is paired, or found no one,
            // and so could not pair with `b` either (the rule is
            // symmetric).
            pairs.push((*a, group[&(b.since_ms, b.key)]));
        }
    }
}

/// Walks one side of `a` on the rating line (`side`, nearest first) and
/// keeps in `best` the opponent the rule prefers, with its difference:
/// smallest difference, then longest wait, then smallest key.
fn nearest<'a>(
    a: &Waiter,
    side: impl Iterator<Item = &'a ByRating>,
    now_ms: u64,
    best: &mut Option<(f64, ByRating)>,
) {
    let reach = |since_ms: u64| window(now_ms.saturating_sub(since_ms));
    let a_reach = reach(a.since_ms);
    for b in side {
        let difference = (a.rating - b.rating).abs();
        let limit = best.map_or(a_reach, |(held, _)| held.min(a_reach));
        // Further out on this side nothing is nearer. A NaN stops the walk
        // too: it sorts at the ends, beyond every real rating.
        if difference.is_nan() || difference > limit {
            break;
        }
        // Too far for `b`'s own, narrower, window: look further.
        if difference > reach(b.since_ms) {
            continue;
        }
        let better = match best {
            None => true,
            Some((held, held_by)) => {
                difference < *held
                    || (difference == *held
                        && (b.since_ms, b.key) < (held_by.since_ms, held_by.key))
            }
        };
        if better {
            *best = Some((difference, *b));
        }
    }
}
