//! A build without the `cluster` feature (a window that hosts a game):
//! there is no registry, so no `Cluster` can be made and none of its
//! methods can run.

use super::{Beat, Cluster, Whereabouts};
use lineup_core::net::RoomCode;

/// No value: a `Cluster` can't be built without Redis.
pub(super) enum Registry {}

impl Cluster {
    pub fn connect(_url: &str, _instance: &str, _address: &str) -> Result<Cluster, String> {
        Err("this build of the server has no Redis registry (the `cluster` feature)".into())
    }

    pub fn beat(&mut self) -> Result<Beat, String> {
        match self.registry {}
    }

    pub fn claim(&mut self, _gone: &str) -> Result<bool, String> {
        match self.registry {}
    }

    pub fn own(&mut self, _codes: &[RoomCode]) -> Result<(), String> {
        match self.registry {}
    }

    pub fn release(&mut self, _codes: &[RoomCode]) -> Result<(), String> {
        match self.registry {}
    }

    pub fn locate(&mut self, _code: RoomCode) -> Result<Whereabouts, String> {
        match self.registry {}
    }

    pub fn find(&mut self, _instance: &str) -> Result<Whereabouts, String> {
        match self.registry {}
    }
}
