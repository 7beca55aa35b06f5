//! The lobby's effects of one batch of requests, sorted by what the owner
//! does with them: store, map in the cluster, send, log. Sorting first
//! lets a batch be stored in one transaction and each room be sent once,
//! however many of its moves the batch held.

use lineup_core::net::rating::RatingPool;
use lineup_core::net::views::ChatLine;
use lineup_core::net::{ClientKey, Effect, Lookup, PlayerKey, Reply, RoomCode, RoomRecord};
use std::collections::BTreeSet;

#[derive(Default)]
pub(super) struct Batch {
    /// Rooms to store and send to their players and watchers.
    pub changed: BTreeSet<RoomCode>,
    /// Rooms whose watchers changed: sent, not stored.
    pub shown: BTreeSet<RoomCode>,
    /// Rooms gone, with their last state.
    pub closed: Vec<RoomRecord>,
    pub replies: Vec<(ClientKey, Reply)>,
    /// Players whose records changed.
    pub players: BTreeSet<PlayerKey>,
    /// Ratings a result moved.
    pub rated: Vec<(PlayerKey, RatingPool, u16)>,
    pub lookups: Vec<(ClientKey, Lookup)>,
    pub chats: Vec<(ChatLine, Vec<ClientKey>)>,
    /// The lobby changed: everyone watching it is sent it soon.
    pub lobby_changed: bool,
    /// Clients sent the lobby now.
    pub lobby_to: BTreeSet<ClientKey>,
    /// The batch's log lines, written at once: under load, a write per
    /// move would cost more than the move.
    pub log: String,
}

impl Batch {
    /// Sorts `effects`; their log lines are kept when `logging`.
    pub fn of(effects: Vec<Effect>, logging: bool) -> Batch {
        let mut batch = Batch::default();
        for effect in effects {
            match effect {
                Effect::Changed(code) => {
                    batch.changed.insert(code);
                }
                Effect::Shown(code) => {
                    batch.shown.insert(code);
                }
                Effect::Closed(record) => batch.closed.push(*record),
                Effect::Reply { to, reply } => batch.replies.push((to, reply)),
                // Who sees a room follows from its seats and watchers.
                Effect::Sees { .. } => {}
                Effect::LobbyChanged => batch.lobby_changed = true,
                Effect::LobbyTo(client) => {
                    batch.lobby_to.insert(client);
                }
                Effect::Chat { line, to } => batch.chats.push((line, to)),
                Effect::PlayerChanged(key) => {
                    batch.players.insert(key);
                }
                Effect::Rated { key, pool, rating } => batch.rated.push((key, pool, rating)),
                Effect::Lookup { client, what } => batch.lookups.push((client, what)),
                Effect::Log(line) => {
                    if logging {
                        batch.log.push_str("Lineup server: ");
                        batch.log.push_str(&line);
                        batch.log.push('\n');
                    }
                }
            }
        }
        batch
    }
}
