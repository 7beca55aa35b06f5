//! The door: how many connections each address holds, so that one
//! machine cannot take every place the server has
//! ([`super::Limits::connections`]) and leave none for the players.
//!
//! Loopback is not counted: it is this machine (the load tool's bots, a
//! reverse proxy in front of the server, which limits its own clients).
//! An IPv6 address is counted as its /64 network: one home or machine is
//! given a /64, and can take any address in it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The connections open from each address, up to a cap.
#[derive(Debug)]
pub struct Door {
    open: Mutex<HashMap<IpAddr, usize>>,
    per_address: usize,
}

/// One admitted connection's place: given back when dropped.
#[derive(Debug)]
pub struct Place {
    door: Arc<Door>,
    address: Option<IpAddr>,
}

impl Door {
    pub fn new(per_address: usize) -> Arc<Door> {
        Arc::new(Door {
            open: Mutex::new(HashMap::new()),
            per_address,
        })
    }

    /// A place for a connection from `address`, or `None` when that
    /// address already holds as many as it may.
    pub fn admit(self: &Arc<Door>, address: IpAddr) -> Option<Place> {
        let address = counted_as(address);
        if address.is_loopback() {
            return Some(Place {
                door: self.clone(),
                address: None,
            });
        }
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(address).or_insert(0);
        if *count >= self.per_address {
            return None;
        }
        *count += 1;
        Some(Place {
            door: self.clone(),
            address: Some(address),
        })
    }

    /// How many connections `address` holds now.
    pub fn open_from(&self, address: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.get(&counted_as(address)).copied().unwrap_or(0)
    }
}

/// The address a connection is counted under: an IPv4 address (written as
/// IPv6 or not) itself, an IPv6 address its /64 network.
fn counted_as(address: IpAddr) -> IpAddr {
    match address.to_canonical() {
        IpAddr::V6(v6) if !v6.is_loopback() => {
            IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into())
        }
        other => other,
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let Some(address) = self.address else {
            return;
        };
        let mut open = self.door.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&address);
            }
        }
    }
}
