//! The players a server knows: each by the public key that signs their
//! logins, with the display name they chose (unique, regardless of case)
//! and their ratings. The lobby holds them all in memory (a record is a few
//! dozen bytes) and the store keeps every change in the same transaction as
//! the game that caused it.

use super::identity::PlayerKey;
use super::protocol::{Refusal, display_name};
use super::rating::{RatedResult, Rating, RatingPool, Ratings, rate};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One player as the server keeps them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRecord {
    pub key: PlayerKey,
    pub name: String,
    pub ratings: Ratings,
    /// Seconds since 1970 of the first login.
    pub since: u64,
}

/// Every player known, by key and by name.
#[derive(Debug, Default)]
pub struct Players {
    by_key: HashMap<PlayerKey, PlayerRecord>,
    /// Names by their skeleton: "Ann", "ann" and "Аnn" are one name.
    by_name: HashMap<String, PlayerKey>,
}

/// A name as it is compared: its look-alike skeleton.
fn folded(name: &str) -> String {
    super::names::skeleton(name)
}

impl Players {
    /// The players a store kept.
    pub fn restore(records: impl IntoIterator<Item = PlayerRecord>) -> Players {
        let mut players = Players::default();
        for record in records {
            players.by_name.insert(folded(&record.name), record.key);
            players.by_key.insert(record.key, record);
        }
        players
    }

    pub fn get(&self, key: &PlayerKey) -> Option<&PlayerRecord> {
        self.by_key.get(key)
    }

    pub fn by_name(&self, name: &str) -> Option<&PlayerRecord> {
        self.by_key.get(self.by_name.get(&folded(name.trim()))?)
    }

    /// Whether another player holds `name` (or one that looks like it)
    /// so that `key` may not take it. A player keeps the name they have,
    /// even where an older record shares its skeleton (names were compared
    /// by case alone before).
    pub fn name_taken(&self, key: PlayerKey, name: &str) -> bool {
        let keeps_own = self.by_key.get(&key).is_some_and(|r| r.name == name);
        !keeps_own
            && self
                .by_name
                .get(&folded(name.trim()))
                .is_some_and(|holder| *holder != key)
    }

    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }

    /// `key` logs in as `name` at `now_seconds`: a new player is made; a
    /// known one takes the new name if it is free. Refused when the name is
    /// no display name or another key holds it. Returns whether the record
    /// changed (to be stored).
    pub fn enter(&mut self, key: PlayerKey, name: &str, now_seconds: u64) -> Result<bool, Refusal> {
        let name = display_name(name)?;
        if self.name_taken(key, &name) {
            return Err(Refusal::NameTaken);
        }
        match self.by_key.get_mut(&key) {
            Some(record) if record.name == name => Ok(false),
            Some(record) => {
                self.by_name.remove(&folded(&record.name));
                record.name = name.clone();
                self.by_name.insert(folded(&name), key);
                Ok(true)
            }
            None => {
                self.by_name.insert(folded(&name), key);
                self.by_key.insert(
                    key,
                    PlayerRecord {
                        key,
                        name,
                        ratings: Ratings::default(),
                        since: now_seconds,
                    },
                );
                Ok(true)
            }
        }
    }

    /// A rated game between `keys` (`keys[0]` on the first side) ended
    /// with `result`: both ratings in `pool` move. Returns the ratings
    /// after and the change each saw (rounded), or `None` when a key is
    /// unknown (nothing changes).
    pub fn rate(
        &mut self,
        keys: [PlayerKey; 2],
        pool: RatingPool,
        result: RatedResult,
    ) -> Option<([Rating; 2], [i16; 2])> {
        if keys[0] == keys[1] {
            return None;
        }
        let before = [self.get(&keys[0])?, self.get(&keys[1])?].map(|p| p.ratings.get(pool));
        let after = rate(before, result);
        for (key, rating) in keys.iter().zip(after) {
            if let Some(record) = self.by_key.get_mut(key) {
                record.ratings.set(pool, rating);
            }
        }
        let change = [0, 1].map(|i| {
            (f64::from(after[i].shown().rating) - f64::from(before[i].shown().rating)) as i16
        });
        Some((after, change))
    }
}
