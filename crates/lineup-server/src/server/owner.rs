//! The one task that owns every room. Connection tasks send it
//! [`Event`]s; it takes what has queued up as one batch, hands each
//! request to the lobby, stores every room the batch changed in one
//! transaction, and only then sends the replies and the rooms' new views
//! (encoded once a room, shared by its players). A move a player has seen
//! is therefore a move the store has.
//!
//! With a [`Cluster`], a request for a room this instance does not have is
//! looked up: the player is sent where it lives, or its dead instance's
//! rooms are taken over here.

use super::Settings;
use super::batch::Batch;
use super::cluster::{Beat, Cluster, Whereabouts};
use crate::store::{Commit, RoomStore};
use lineup_core::ai::PlayRng;
use lineup_core::net::OsSecrets;
use lineup_core::net::views::{HISTORY_LIMIT, PlayerPage, RATING_POINTS, RatingPoint};
use lineup_core::net::wire::{self, ToClient};
use lineup_core::net::{
    ClientKey, Effect, Lobby, Lookup, PlayerKey, PlayerRecord, Refusal, Reply, Request, Room,
    RoomCode, RoomRecord,
};
use lineup_core::rules::Side;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Bytes;

/// What the owner hears: from connection tasks, and from the heartbeat.
#[derive(Debug)]
pub enum Event {
    /// A new connection and where to send it frames.
    Opened {
        client: ClientKey,
        outbox: mpsc::Sender<Bytes>,
    },
    Request {
        client: ClientKey,
        request: Request,
    },
    /// The connection ended (closed, dropped, or cut off).
    Gone {
        client: ClientKey,
    },
    /// What the cluster's heartbeat found.
    Beat(Beat),
}

/// The most events taken as one batch (one transaction).
const BATCH: usize = 1024;

/// A thing the owner lends to tokio's blocking pool (a store or Redis may
/// block; the owner task must not).
pub(super) type Lent<T> = Arc<Mutex<T>>;

pub(super) async fn blocking<T: Send + ?Sized + 'static, R: Send + 'static>(
    lent: &Lent<T>,
    f: impl FnOnce(&mut T) -> R + Send + 'static,
) -> R {
    let lent = lent.clone();
    let job = tokio::task::spawn_blocking(move || {
        let mut guard = lent.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut guard)
    });
    match job.await {
        Ok(result) => result,
        Err(panicked) => std::panic::resume_unwind(panicked.into_panic()),
    }
}

pub struct Owner {
    lobby: Lobby,
    store: Lent<Box<dyn RoomStore>>,
    cluster: Option<Lent<Cluster>>,
    /// This instance's name and the addresses of all, for clients.
    instance: String,
    addresses: Vec<String>,
    /// The rooms the cluster maps to this instance.
    owned: HashSet<RoomCode>,
    /// Whether a heartbeat came yet (the first maps every room restored).
    beaten: bool,
    outboxes: HashMap<ClientKey, mpsc::Sender<Bytes>>,
    started: Instant,
    log: bool,
    /// The fault-injection hook's countdown (see [`crash_after_commit`]).
    crash_after: Option<u64>,
    /// Whether the lobby changed since it was last sent to its watchers.
    lobby_stale: bool,
    /// Places for record look-ups being read ([`LOOKUPS_AT_ONCE`]).
    lookups: Arc<tokio::sync::Semaphore>,
}

/// A fault-injection hook for the load tool's fault mode (`lineup-server
/// bench --faults`): with `LINEUP_SERVER_CRASH_AFTER_COMMIT=N` in its
/// environment, the server aborts right after its Nth commit, before it
/// sends that batch's replies: the worst moment for a crash, which a
/// `kill -9` from outside rarely hits. Read once at start; unset, it costs
/// one comparison a batch.
fn crash_after_commit() -> Option<u64> {
    std::env::var("LINEUP_SERVER_CRASH_AFTER_COMMIT")
        .ok()?
        .parse()
        .ok()
        .filter(|n| *n > 0)
}

impl Owner {
    pub fn new(
        mut store: Box<dyn RoomStore>,
        cluster: Option<Cluster>,
        settings: &Settings,
    ) -> Result<Owner, String> {
        // Colours drawn from the clock's seed; every secret from the system.
        let mut lobby = Lobby::new(PlayRng::from_time(), OsSecrets);
        lobby.grace_ms = settings.grace_ms;
        let players = store.players().map_err(|e| e.to_string())?;
        lobby.restore_players(players);
        let restored = store.open_rooms().map_err(|e| e.to_string())?;
        for problem in &restored.problems {
            eprintln!("Lineup server: a room could not be read and was set aside: {problem}");
        }
        for record in restored.rooms {
            match Room::from_record(record, 0) {
                Ok(room) => lobby.restore(room),
                Err(problem) => eprintln!("Lineup server: a room was not restored: {problem}"),
            }
        }
        let (instance, addresses) = match &cluster {
            Some(cluster) => (cluster.instance.clone(), vec![cluster.address.clone()]),
            None => (String::new(), Vec::new()),
        };
        // The steady clock's zero (`Owner::now`), and the calendar then.
        let started = Instant::now();
        lobby.calendar_at_zero = lineup_core::unix_time::now();
        Ok(Owner {
            lobby,
            store: Arc::new(Mutex::new(store)),
            cluster: cluster.map(|c| Arc::new(Mutex::new(c))),
            instance,
            addresses,
            owned: HashSet::new(),
            beaten: false,
            outboxes: HashMap::new(),
            started,
            log: settings.log,
            crash_after: crash_after_commit(),
            lobby_stale: false,
            lookups: Arc::new(tokio::sync::Semaphore::new(LOOKUPS_AT_ONCE)),
        })
    }

    pub fn rooms(&self) -> usize {
        self.lobby.rooms().count()
    }

    /// The cluster and the store, for the heartbeat task.
    pub fn cluster(&self) -> Option<(Lent<Cluster>, Lent<Box<dyn RoomStore>>)> {
        self.cluster.clone().map(|c| (c, self.store.clone()))
    }

    fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    fn say(&self, line: &str) {
        if self.log {
            eprintln!("Lineup server: {line}");
        }
    }

    pub async fn run(mut self, mut inbox: mpsc::Receiver<Event>) {
        // Four times a second: a flag falls within a quarter second of the
        // time running out (a move that comes later is refused by the
        // clock itself), and the grace period and the queue are checked.
        let mut check = tokio::time::interval(Duration::from_millis(250));
        check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut batch = Vec::with_capacity(BATCH);
        loop {
            tokio::select! {
                received = inbox.recv_many(&mut batch, BATCH) => {
                    if received == 0 {
                        return;
                    }
                    let events = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                    self.take(events).await;
                }
                _ = check.tick() => {
                    let now = self.now();
                    let effects = self.lobby.tick(now);
                    self.carry_out(effects).await;
                    self.send_lobby();
                }
            }
        }
    }

    /// A batch of events: the lobby's answers, stored, then sent; then the
    /// requests for rooms that live elsewhere.
    async fn take(&mut self, events: Vec<Event>) {
        let now = self.now();
        let mut effects = Vec::new();
        let mut elsewhere = Vec::new();
        for event in events {
            match event {
                Event::Opened { client, outbox } => {
                    self.outboxes.insert(client, outbox);
                    if self.cluster.is_some() {
                        let servers = ToClient::Servers(self.addresses.clone());
                        self.send(client, wire::encode(&servers).into());
                    }
                }
                Event::Request { client, request } => {
                    let code = match &request {
                        Request::Join { code, .. } | Request::Rejoin { code, .. } => Some(*code),
                        _ => None,
                    };
                    match code {
                        Some(code) if self.cluster.is_some() && self.lobby.room(code).is_none() => {
                            // A look-up in Redis and the database: from the
                            // connection's allowance of unknown codes.
                            if self.lobby.spend_code_guess(client, now) {
                                elsewhere.push((client, code, request));
                            } else {
                                let refused = Reply::Refused(Refusal::TooManyRequests);
                                effects.push(Effect::Reply {
                                    to: client,
                                    reply: refused,
                                });
                            }
                        }
                        _ => effects.extend(self.lobby.handle(client, request, now)),
                    }
                }
                Event::Gone { client } => {
                    self.outboxes.remove(&client);
                    effects.extend(self.lobby.disconnected(client, now));
                }
                Event::Beat(beat) => self.beat(beat).await,
            }
        }
        self.carry_out(effects).await;
        for (client, code, request) in elsewhere {
            self.look_up(client, code, request).await;
        }
    }

    /// Stores what changed, maps new rooms to this instance, then tells
    /// the players, the watchers and the lobby.
    async fn carry_out(&mut self, effects: Vec<Effect>) {
        if effects.is_empty() {
            return;
        }
        let mut batch = Batch::of(effects, self.log);
        if batch.lobby_changed {
            // Sent at the next check (four times a second at most): under
            // load the lobby changes with nearly every batch.
            self.lobby_stale = true;
        }
        let gone: Vec<RoomCode> = batch.closed.iter().map(|r| r.code).collect();
        self.store_batch(&mut batch).await;
        self.map_rooms(&batch.changed, gone).await;
        self.send_batch(batch);
    }

    /// Stores what a batch changed: rooms, results, players and the
    /// ratings a result moved, in one transaction (both or neither survive
    /// a crash).
    async fn store_batch(&mut self, batch: &mut Batch) {
        let records: Vec<RoomRecord> = batch
            .changed
            .iter()
            .filter_map(|code| self.lobby.room(*code).map(Room::record))
            .collect();
        let unix = lineup_core::unix_time::now();
        let player_records: Vec<PlayerRecord> = batch
            .players
            .iter()
            .filter_map(|key| self.lobby.players().get(key).cloned())
            .collect();
        let points: Vec<(PlayerKey, RatingPoint)> = batch
            .rated
            .iter()
            .map(|&(key, pool, rating)| {
                (
                    key,
                    RatingPoint {
                        pool,
                        at: unix,
                        rating,
                    },
                )
            })
            .collect();
        if records.is_empty()
            && batch.closed.is_empty()
            && player_records.is_empty()
            && points.is_empty()
        {
            return;
        }
        // Stored, then forgotten: nothing after this needs them.
        let closed = std::mem::take(&mut batch.closed);
        let stored = blocking(&self.store, move |store| {
            store.commit(&Commit {
                changed: &records,
                closed: &closed,
                players: &player_records,
                points: &points,
                now_seconds: unix,
            })
        })
        .await;
        if let Err(problem) = stored {
            // The game goes on; the operator must see this at once.
            eprintln!("Lineup server: NOT STORED: {problem}");
        }
        if let Some(left) = self.crash_after.as_mut() {
            *left -= 1;
            if *left == 0 {
                eprintln!(
                    "Lineup server: crashing after a commit, before its replies (fault injection)"
                );
                std::process::abort();
            }
        }
    }

    /// Tells the cluster which rooms this instance now holds and which are
    /// gone.
    async fn map_rooms(&mut self, changed: &BTreeSet<RoomCode>, gone: Vec<RoomCode>) {
        let Some(cluster) = &self.cluster else {
            return;
        };
        let new: Vec<RoomCode> = changed
            .iter()
            .filter(|c| self.lobby.room(**c).is_some() && !self.owned.contains(*c))
            .copied()
            .collect();
        self.owned.extend(new.iter().copied());
        for code in &gone {
            self.owned.remove(code);
        }
        if !new.is_empty() || !gone.is_empty() {
            let mapped = blocking(cluster, move |c| c.own(&new).and(c.release(&gone))).await;
            if let Err(problem) = mapped {
                self.say(&format!("Redis: {problem} (the database still knows)"));
            }
        }
    }

    /// Sends what a batch has for the clients, once it is stored: replies,
    /// rooms, chat lines, the lobby, records looked up; and its log lines.
    fn send_batch(&mut self, batch: Batch) {
        for (to, reply) in batch.replies {
            self.send(to, wire::encode(&ToClient::Reply(reply)).into());
        }
        for code in batch.changed.union(&batch.shown) {
            self.send_room(*code);
        }
        for (line, to) in batch.chats {
            let frame: Bytes = wire::encode(&ToClient::Chat(line)).into();
            for client in to {
                self.send(client, frame.clone());
            }
        }
        if !batch.lobby_to.is_empty() {
            let frame: Bytes = wire::encode(&ToClient::Lobby(self.lobby.view())).into();
            for client in batch.lobby_to {
                self.send(client, frame.clone());
            }
        }
        for (client, what) in batch.lookups {
            self.look_up_records(client, what);
        }
        if !batch.log.is_empty() {
            use std::io::Write;
            let _ = std::io::stderr().lock().write_all(batch.log.as_bytes());
        }
    }

    /// A client asked for records: read off the store and sent to it
    /// alone by a task of their own, so that the owner goes on with the
    /// moves meanwhile. At most [`LOOKUPS_AT_ONCE`] are read at a time (each
    /// holds the store a moment, between commits); past that the client is
    /// told to wait (`TooManyRequests`), as past its own allowance.
    fn look_up_records(&mut self, client: ClientKey, what: Lookup) {
        let Some(outbox) = self.outboxes.get(&client).cloned() else {
            return;
        };
        let Ok(reading) = self.lookups.clone().try_acquire_owned() else {
            let refused = ToClient::Reply(Reply::Refused(Refusal::TooManyRequests));
            self.send(client, wire::encode(&refused).into());
            return;
        };
        let store = self.store.clone();
        tokio::spawn(async move {
            let message = read_records(&store, what).await;
            drop(reading);
            // A client that reads too slowly is cut off by the owner; its
            // record is not worth waiting for long.
            let frame: Bytes = wire::encode(&message).into();
            let _ = tokio::time::timeout(Duration::from_secs(5), outbox.send(frame)).await;
        });
    }

    /// A heartbeat's findings: the instances' addresses, rooms mapped
    /// again after Redis forgot them, and dead instances' rooms taken over.
    async fn beat(&mut self, beat: Beat) {
        let mut before = std::mem::replace(&mut self.addresses, beat.addresses);
        let mut now = self.addresses.clone();
        before.sort();
        now.sort();
        if before != now {
            // Every player learns where to go should this instance die.
            let frame: Bytes = wire::encode(&ToClient::Servers(self.addresses.clone())).into();
            let clients: Vec<ClientKey> = self.outboxes.keys().copied().collect();
            for client in clients {
                self.send(client, frame.clone());
            }
        }
        let Some(cluster) = self.cluster.clone() else {
            return;
        };
        if beat.forgotten || !self.beaten {
            self.beaten = true;
            let mine: Vec<RoomCode> = self.lobby.rooms().map(Room::code).collect();
            self.owned.extend(mine.iter().copied());
            let count = mine.len();
            match blocking(&cluster, move |c| c.own(&mine)).await {
                Ok(()) => self.say(&format!("Redis: {count} rooms mapped to this instance")),
                Err(problem) => self.say(&format!("Redis: {problem}")),
            }
        }
        for gone in beat.dead {
            let claim = gone.clone();
            if let Ok(true) = blocking(&cluster, move |c| c.claim(&claim)).await {
                self.adopt(&gone).await;
            }
        }
    }

    /// Takes over the open rooms of dead instance `gone`.
    async fn adopt(&mut self, gone: &str) {
        let from = gone.to_string();
        let records = match blocking(&self.store, move |store| store.adopt(&from)).await {
            Ok(records) => records,
            Err(problem) => {
                self.say(&format!("cannot take over the rooms of {gone}: {problem}"));
                return;
            }
        };
        let now = self.now();
        let mut codes = Vec::new();
        for record in records {
            if let Ok(room) = Room::from_record(record, now) {
                codes.push(room.code());
                self.lobby.restore(room);
            }
        }
        self.say(&format!(
            "took over {} rooms of instance {gone}",
            codes.len()
        ));
        self.owned.extend(codes.iter().copied());
        if let Some(cluster) = &self.cluster
            && let Err(problem) = blocking(cluster, move |c| c.own(&codes)).await
        {
            self.say(&format!("Redis: {problem}"));
        }
    }

    /// A request for room `code`, which is not here: sends the player
    /// where it lives, or takes it over from its dead instance.
    async fn look_up(&mut self, client: ClientKey, code: RoomCode, request: Request) {
        let Some(cluster) = self.cluster.clone() else {
            return;
        };
        let mut whereabouts = self.whereabouts(&cluster, code).await;
        if let Whereabouts::Orphaned { instance } = &whereabouts
            && *instance != self.instance
        {
            let gone = instance.clone();
            self.adopt(&gone).await;
            whereabouts = if self.lobby.room(code).is_some() {
                Whereabouts::Nowhere
            } else {
                // Another instance was quicker: ask where it went.
                self.whereabouts(&cluster, code).await
            };
        }
        match whereabouts {
            Whereabouts::Live { instance, address } if instance != self.instance => {
                let reply = Reply::Elsewhere {
                    code,
                    server: address,
                };
                self.send(client, wire::encode(&ToClient::Reply(reply)).into());
            }
            Whereabouts::Orphaned { .. } if self.lobby.room(code).is_none() => {
                let reply = Reply::Refused(Refusal::NoSuchRoom(code));
                self.send(client, wire::encode(&ToClient::Reply(reply)).into());
            }
            _ => {
                let now = self.now();
                let effects = self.lobby.handle(client, request, now);
                self.carry_out(effects).await;
            }
        }
    }

    /// Where room `code` lives: Redis first (a live owner there is
    /// believed), the shared database otherwise. Only the database may
    /// call an instance dead: Redis may just have restarted empty.
    async fn whereabouts(&self, cluster: &Lent<Cluster>, code: RoomCode) -> Whereabouts {
        if let Ok(found @ Whereabouts::Live { .. }) =
            blocking(cluster, move |c| c.locate(code)).await
        {
            return found;
        }
        let owner = blocking(&self.store, move |store| {
            let Some(instance) = store.owner_of(code)? else {
                return Ok(None);
            };
            let known = store.instance(&instance)?;
            Ok::<_, crate::store::StoreError>(Some((instance, known)))
        })
        .await;
        match owner {
            Ok(Some((instance, _))) if instance == self.instance => Whereabouts::Nowhere,
            Ok(Some((instance, Some((address, true))))) => Whereabouts::Live { instance, address },
            Ok(Some((instance, _))) => Whereabouts::Orphaned { instance },
            _ => Whereabouts::Nowhere,
        }
    }

    /// The lobby to everyone watching it, if it changed since it was last
    /// sent (and anyone watches: the view walks every room).
    fn send_lobby(&mut self) {
        if !self.lobby_stale {
            return;
        }
        self.lobby_stale = false;
        let watchers: Vec<ClientKey> = self.lobby.lobby_watchers().collect();
        if watchers.is_empty() {
            return;
        }
        let frame: Bytes = wire::encode(&ToClient::Lobby(self.lobby.view())).into();
        for client in watchers {
            self.send(client, frame.clone());
        }
    }

    /// The room's view to each of its players who is connected, and to
    /// its watchers.
    fn send_room(&mut self, code: RoomCode) {
        let now = self.now();
        let Some(room) = self.lobby.room(code) else {
            return;
        };
        let frame: Bytes = wire::encode(&ToClient::Room(room.view(now))).into();
        let players: Vec<ClientKey> = [Side::First, Side::Second]
            .into_iter()
            .filter_map(|side| room.seat(side).and_then(|seat| seat.client))
            .chain(room.watchers().iter().copied())
            .collect();
        for client in players {
            self.send(client, frame.clone());
        }
    }

    /// Queues a frame for `client`; one that cannot keep up is let go (its
    /// connection task sees the outbox close and hangs up).
    fn send(&mut self, client: ClientKey, frame: Bytes) {
        let Some(outbox) = self.outboxes.get(&client) else {
            return;
        };
        match outbox.try_send(frame) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.say(&format!("connection {client} cut off: it reads too slowly"));
                self.outboxes.remove(&client);
            }
            // Gone already; its `Gone` is on the way.
            Err(mpsc::error::TrySendError::Closed(_)) => {
                self.outboxes.remove(&client);
            }
        }
    }
}

/// Record look-ups read at once, at most: the rest are refused until one
/// ends.
pub const LOOKUPS_AT_ONCE: usize = 4;

/// What a look-up finds, as the message its client gets (`NoSuchGame` for
/// nothing, and for a store that failed, which the log says).
async fn read_records(store: &Lent<Box<dyn RoomStore>>, what: Lookup) -> ToClient {
    let found = blocking(store, move |store| {
        Ok::<_, crate::store::StoreError>(match what {
            Lookup::History(key) => Some(ToClient::History(store.history(key, HISTORY_LIMIT)?)),
            Lookup::Game(id) => store.game(id)?.map(ToClient::Finished),
            Lookup::Player(record) => {
                let history = store.rating_points(record.key, RATING_POINTS)?;
                let last_games = store.history(record.key, HISTORY_LIMIT)?;
                Some(ToClient::Player(PlayerPage {
                    name: record.name.clone(),
                    ratings: record.ratings.shown(),
                    games_played: record.ratings.0.map(|r| r.games),
                    history,
                    last_games,
                    since: record.since,
                }))
            }
        })
    })
    .await;
    match found {
        Ok(Some(message)) => message,
        Ok(None) => ToClient::Reply(Reply::Refused(Refusal::NoSuchGame)),
        Err(problem) => {
            eprintln!("Lineup server: cannot read the records: {problem}");
            ToClient::Reply(Reply::Refused(Refusal::NoSuchGame))
        }
    }
}
