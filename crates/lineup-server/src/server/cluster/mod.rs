//! Several instances of the server on Redis. Each instance keeps a
//! heartbeat key with its address (gone five seconds after its last beat),
//! belongs to the set of instances, and maps each room it owns to itself.
//! A player who reaches the wrong instance is told where the room lives; the
//! rooms of an instance whose heartbeat stopped are taken over (from the
//! shared PostgreSQL) by whichever instance claims them first.
//!
//! Redis only speeds the way: the rooms and their owners are in the
//! database, so a Redis restarted empty loses no game. Each instance notices
//! (its marker key is gone) and maps its rooms again.

#[cfg(not(feature = "cluster"))]
mod absent;
#[cfg(feature = "cluster")]
mod redis_registry;

/// Where a room lives, as the registry knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whereabouts {
    /// Nobody has it.
    Nowhere,
    /// A live instance has it, at this address.
    Live { instance: String, address: String },
    /// Its instance's heartbeat has stopped.
    Orphaned { instance: String },
}

/// What one beat found.
#[derive(Debug, Default)]
pub struct Beat {
    /// Instances whose heartbeat stopped, not yet claimed by anyone.
    pub dead: Vec<String>,
    /// Every live instance's address, this one first.
    pub addresses: Vec<String>,
    /// Redis had lost this instance's rooms (it restarted empty).
    pub forgotten: bool,
}

/// This instance in the registry of instances. Built only with the
/// `cluster` feature; without it, [`Cluster::connect`] says so and no
/// value of the type exists.
pub struct Cluster {
    #[cfg(feature = "cluster")]
    registry: redis_registry::Registry,
    #[cfg(not(feature = "cluster"))]
    registry: absent::Registry,
    pub instance: String,
    pub address: String,
}
