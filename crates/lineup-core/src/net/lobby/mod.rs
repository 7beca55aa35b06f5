//! Every room on a server, who sits and who watches where, the players
//! logged in, the open seeks and the pairing queue. The network layer hands
//! each request here and carries out the [`Effect`]s that come back:
//! replies to one client, rooms to store and send, the lobby to send, chat
//! lines, records to look up, lines for the log. Time comes in as a number
//! (milliseconds on the server's steady clock), so tests run the grace
//! period and the clocks without waiting.
//!
//! Here the state and the dispatch of requests; beside it, one file a
//! job: `login`, `seating` (rooms opened, joined, left), `meeting` (seeks,
//! the queue, watching), `play` (moves, undo, rematch, the end and its
//! ratings) and `chat`.

use super::code::{RoomCode, SeatSecret};
use super::identity::{Challenge, PlayerKey, verify};
use super::pairing::{PairingQueue, PairingSpec, SeekId, SeekSpec, Seeks, Waiter};
use super::players::{PlayerRecord, Players};
use super::protocol::{GameId, Refusal, Reply, Request, guest_name};
use super::rating::{RatedResult, RatingPool, ShownRating};
use super::room::{ClientKey, Expiry, Room, RoomRecord, Seat, Terms};
use super::secrets::SecretSource;
use super::views::{Audience, ChatLine, GameListing, LOBBY_LIMIT, LobbyView, SeekView, clean_chat};
use crate::ai::PlayRng;
use crate::match_setup::GameKind;
use crate::rules::{Ending, Side};
use allowance::Allowances;
use std::collections::{BTreeMap, BTreeSet, HashMap};

mod allowance;
mod chat;
mod login;
mod meeting;
mod play;
mod seating;

/// How long a dropped player's seat waits for them (milliseconds). In a
/// timed game their clock runs on meanwhile: whichever ends first, the
/// grace or their time, ends the game.
pub const GRACE_MS: u64 = 60_000;

/// How long a login challenge may be signed in (milliseconds): a client
/// signs at once; a challenge kept longer is refused, and it is good for
/// one answer in any case.
pub const CHALLENGE_MS: u64 = 30_000;

/// Logins of one key: five at once, then one every ten seconds.
pub const LOGIN_EVERY_MS: u64 = 10_000;
pub const LOGIN_BURST: u64 = 5;
/// Past this many holders' allowances (keys, connections, rooms), the full
/// ones are forgotten.
const ALLOWANCES_KEPT: usize = 10_000;

/// Chat: a line a second on average, three at once, for each connection;
/// and for a room's watchers together, however many connections they
/// open, three lines a second, six at once.
pub const CHAT_EVERY_MS: u64 = 1_000;
pub const CHAT_BURST: u64 = 3;
pub const WATCHERS_CHAT_EVERY_MS: u64 = 333;
pub const WATCHERS_CHAT_BURST: u64 = 6;

/// Room codes that find no room (Join, Rejoin, Watch): ten at once, then
/// one every two seconds, for each connection. A mistyped code costs a
/// player nothing; a stranger walking the codes for a private room that
/// waits for its second player gets a handful a minute from a connection
/// (of 887 million codes).
pub const CODE_GUESS_EVERY_MS: u64 = 2_000;
pub const CODE_GUESS_BURST: u64 = 10;

/// Records looked up (a history, a finished game, a player's page), each
/// a read of the store: one every half second, five at once, for each
/// connection.
pub const LOOKUP_EVERY_MS: u64 = 500;
pub const LOOKUP_BURST: u64 = 5;

/// What the network layer must do after the lobby changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Send `reply` to `to` alone.
    Reply { to: ClientKey, reply: Reply },
    /// The room changed: store its record, send its view to its players
    /// and watchers.
    Changed(RoomCode),
    /// Who watches the room changed (nothing the store keeps): send its
    /// view again, for the watcher count.
    Shown(RoomCode),
    /// The room is gone: stop replicating it. Its last state comes along
    /// for the record.
    Closed(Box<RoomRecord>),
    /// `client` now sees room `code` (or none).
    Sees {
        client: ClientKey,
        code: Option<RoomCode>,
    },
    /// The lobby changed: send it to everyone watching it.
    LobbyChanged,
    /// Send the lobby to `client` now.
    LobbyTo(ClientKey),
    /// A chat line for these connections.
    Chat { line: ChatLine, to: Vec<ClientKey> },
    /// A player's record changed (a login, a rating): store it.
    PlayerChanged(PlayerKey),
    /// A rated game moved `key`'s rating in `pool` to `rating`: a point of
    /// their rating history.
    Rated {
        key: PlayerKey,
        pool: RatingPool,
        rating: u16,
    },
    /// `client` asked for records the store holds.
    Lookup { client: ClientKey, what: Lookup },
    /// A line for the server's log.
    Log(String),
}

/// Records a client asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Lookup {
    /// The player's finished games.
    History(PlayerKey),
    /// One finished game.
    Game(GameId),
    /// A player's page (their record as it is now).
    Player(Box<PlayerRecord>),
}

impl Eq for Lookup {}

/// Where a connection stands in logging in.
#[derive(Clone, Debug)]
enum Login {
    /// Sent `challenge` to sign for `key`, to be known as `name`.
    Asked {
        key: PlayerKey,
        name: String,
        challenge: Challenge,
        /// When it was sent (the server's clock).
        asked_at: u64,
    },
    In(PlayerKey),
}

/// The rooms, players, seeks and queue of one server.
///
/// No I/O: a request goes in with the time, the effects to carry out come
/// out.
///
/// ```
/// use lineup_core::ai::PlayRng;
/// use lineup_core::match_clock::TimeControl;
/// use lineup_core::match_setup::GameKind;
/// use lineup_core::net::{Effect, Lobby, PredictableSecrets, Reply, Request};
/// use lineup_core::rules::Side;
///
/// // Tests replay their secrets; a server hands the lobby `OsSecrets`.
/// let mut lobby = Lobby::new(PlayRng::new(1), PredictableSecrets::default());
/// let host = Request::Host {
///     kind: GameKind::default(),
///     side: Side::First,
///     name: "Ann".into(),
///     clock: TimeControl::Untimed,
/// };
/// // Client 1 asks at 0 ms on the server's clock.
/// let effects = lobby.handle(1, host, 0);
/// let seat = effects.iter().find_map(|effect| match effect {
///     Effect::Reply { to: 1, reply: Reply::Seated { code, side, .. } } => Some((*code, *side)),
///     _ => None,
/// });
/// let (code, side) = seat.expect("Ann is seated");
/// assert_eq!(side, Side::First);
/// assert!(effects.contains(&Effect::Changed(code)), "the room is stored");
/// ```
#[derive(Debug)]
pub struct Lobby {
    rooms: BTreeMap<RoomCode, Room>,
    seated: HashMap<ClientKey, (RoomCode, Side)>,
    watching: HashMap<ClientKey, RoomCode>,
    logins: HashMap<ClientKey, Login>,
    players: Players,
    seeks: Seeks,
    /// Which connection holds each seek and waiter (they go with it).
    seekers: HashMap<PlayerKey, ClientKey>,
    queue: PairingQueue,
    lobby_watchers: BTreeSet<ClientKey>,
    /// Chat lines, each connection's and each room's watchers'.
    chat_allowance: Allowances<ClientKey>,
    watchers_chat_allowance: Allowances<RoomCode>,
    /// Logins, each key's, whichever connection they come from.
    login_allowance: Allowances<PlayerKey>,
    /// Records looked up, each connection's.
    lookup_allowance: Allowances<ClientKey>,
    /// Room codes that found no room, each connection's.
    guess_allowance: Allowances<ClientKey>,
    /// Play: colours drawn for a pairing. Seeded, so a seed replays it.
    dice: PlayRng,
    /// Everything an outsider could use: challenges, seat secrets, room
    /// codes, game and seek ids (the operating system's, on a server).
    secrets: Box<dyn SecretSource>,
    pub grace_ms: u64,
    pub max_rooms: usize,
    /// The calendar's seconds (since 1970) when the steady clock read 0:
    /// the date a player was last seen is this plus the steady time. The
    /// server sets it at start; tests leave it 0.
    pub calendar_at_zero: u64,
}

impl Lobby {
    /// A lobby that draws colours with `dice` and secrets from `secrets`
    /// ([`super::OsSecrets`] wherever real players connect).
    pub fn new(dice: PlayRng, secrets: impl SecretSource + 'static) -> Lobby {
        Lobby {
            rooms: BTreeMap::new(),
            seated: HashMap::new(),
            watching: HashMap::new(),
            logins: HashMap::new(),
            players: Players::default(),
            seeks: Seeks::new(),
            seekers: HashMap::new(),
            queue: PairingQueue::new(),
            lobby_watchers: BTreeSet::new(),
            chat_allowance: Allowances::new(CHAT_EVERY_MS, CHAT_BURST, ALLOWANCES_KEPT),
            watchers_chat_allowance: Allowances::new(
                WATCHERS_CHAT_EVERY_MS,
                WATCHERS_CHAT_BURST,
                ALLOWANCES_KEPT,
            ),
            login_allowance: Allowances::new(LOGIN_EVERY_MS, LOGIN_BURST, ALLOWANCES_KEPT),
            lookup_allowance: Allowances::new(LOOKUP_EVERY_MS, LOOKUP_BURST, ALLOWANCES_KEPT),
            guess_allowance: Allowances::new(
                CODE_GUESS_EVERY_MS,
                CODE_GUESS_BURST,
                ALLOWANCES_KEPT,
            ),
            dice,
            secrets: Box::new(secrets),
            grace_ms: GRACE_MS,
            max_rooms: 100_000,
            calendar_at_zero: 0,
        }
    }

    pub fn room(&self, code: RoomCode) -> Option<&Room> {
        self.rooms.get(&code)
    }

    pub fn rooms(&self) -> impl Iterator<Item = &Room> {
        self.rooms.values()
    }

    pub fn players(&self) -> &Players {
        &self.players
    }

    /// Takes back the players a store kept.
    pub fn restore_players(&mut self, records: impl IntoIterator<Item = PlayerRecord>) {
        self.players = Players::restore(records);
    }

    /// Where `client` sits.
    pub fn seat_of(&self, client: ClientKey) -> Option<(RoomCode, Side)> {
        self.seated.get(&client).copied()
    }

    /// The player `client` is logged in as.
    pub fn player_of(&self, client: ClientKey) -> Option<PlayerKey> {
        match self.logins.get(&client)? {
            Login::In(key) => Some(*key),
            Login::Asked { .. } => None,
        }
    }

    /// Takes back rooms from the journal (after a restart).
    pub fn restore(&mut self, room: Room) {
        self.rooms.insert(room.code(), room);
    }

    /// Carries out one request of `client` at `now`.
    pub fn handle(&mut self, client: ClientKey, request: Request, now: u64) -> Vec<Effect> {
        let mut effects = Vec::new();
        // A code that finds no room spends from the connection's
        // allowance of guesses; with none left, no code is looked at.
        let names_a_code = matches!(
            request,
            Request::Join { .. } | Request::Rejoin { .. } | Request::Watch(_)
        );
        let result = match request {
            _ if names_a_code && !self.guess_allowance.has(&client, now) => {
                Err(Refusal::TooManyRequests)
            }
            Request::Hello { key, name } => self.hello(client, key, name, now, &mut effects),
            Request::Prove { signature } => {
                // A challenge answers once: taken out whatever the answer.
                let asked = match self.logins.remove(&client) {
                    Some(Login::In(key)) => {
                        self.logins.insert(client, Login::In(key));
                        None
                    }
                    asked => asked,
                };
                match asked {
                    Some(Login::Asked { asked_at, .. })
                        if !Lobby::challenge_fresh(asked_at, now) =>
                    {
                        Err(Refusal::ChallengeExpired)
                    }
                    Some(Login::Asked {
                        key,
                        name,
                        challenge,
                        ..
                    }) if verify(&key, &challenge, &signature) => {
                        self.logged_in(client, key, &name, now, &mut effects)
                    }
                    _ => Err(Refusal::BadSignature),
                }
            }
            Request::Host {
                kind,
                side,
                name,
                clock,
            } => {
                let terms = Terms {
                    clock,
                    rated: false,
                };
                self.host(client, kind, side, &name, terms, now, &mut effects)
            }
            Request::Join { code, name, secret } => {
                self.join(client, code, &name, secret, now, &mut effects)
            }
            Request::Rejoin { code, secret } => {
                self.rejoin(client, code, secret, now, &mut effects)
            }
            Request::Leave => {
                self.leave(client, now, &mut effects);
                self.stop_watching(client, &mut effects);
                self.withdraw(client, &mut effects);
                self.lobby_watchers.remove(&client);
                Ok(())
            }
            Request::WatchLobby => {
                self.lobby_watchers.insert(client);
                effects.push(Effect::LobbyTo(client));
                Ok(())
            }
            Request::Seek(spec) => self.seek(client, spec, now, &mut effects),
            Request::CancelSeek => {
                self.withdraw(client, &mut effects);
                Ok(())
            }
            Request::Accept(id) => self.accept(client, id, now, &mut effects),
            Request::QuickPair(spec) => self.quick_pair(client, spec, now, &mut effects),
            Request::Watch(code) => self.watch(client, code, now, &mut effects),
            Request::Chat(text) => self.chat(client, &text, now, &mut effects),
            Request::History => match self.player_of(client) {
                Some(key) => self.look_up(client, Lookup::History(key), now, &mut effects),
                None => Err(Refusal::NotLoggedIn),
            },
            Request::Game(id) => self.look_up(client, Lookup::Game(id), now, &mut effects),
            Request::Player(name) => match self.players.by_name(&name) {
                Some(record) => {
                    let what = Lookup::Player(Box::new(record.clone()));
                    self.look_up(client, what, now, &mut effects)
                }
                None => Err(Refusal::NoSuchPlayer),
            },
            other => self.in_room(client, other, now, &mut effects),
        };
        if let Err(refusal) = result {
            if let Refusal::NoSuchRoom(_) = refusal {
                self.guess_allowance.spend(client, now);
            }
            effects.push(Effect::Reply {
                to: client,
                reply: Reply::Refused(refusal),
            });
        }
        effects
    }

    /// Whether `client` may name a room code it does not know to be here
    /// (a cluster's server asks before it looks the code up elsewhere),
    /// and if so, the guess spent.
    pub fn spend_code_guess(&mut self, client: ClientKey, now: u64) -> bool {
        self.guess_allowance.spend(client, now)
    }

    /// Asks the network layer for a record, from `client`'s allowance:
    /// each look-up is a read of the store.
    fn look_up(
        &mut self,
        client: ClientKey,
        what: Lookup,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        if !self.lookup_allowance.spend(client, now) {
            return Err(Refusal::TooManyRequests);
        }
        effects.push(Effect::Lookup { client, what });
        Ok(())
    }

    /// `client`'s connection dropped at `now`.
    pub fn disconnected(&mut self, client: ClientKey, now: u64) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.leave(client, now, &mut effects);
        self.stop_watching(client, &mut effects);
        self.withdraw(client, &mut effects);
        self.lobby_watchers.remove(&client);
        self.chat_allowance.forget(&client);
        self.lookup_allowance.forget(&client);
        self.guess_allowance.forget(&client);
        if self.logins.remove(&client).is_some() {
            effects.push(Effect::LobbyChanged);
        }
        effects
    }

    /// What time allows at `now`: flags fall, absent players forfeit,
    /// empty rooms close, the pairing queue pairs whoever it can.
    pub fn tick(&mut self, now: u64) -> Vec<Effect> {
        let mut effects = Vec::new();
        let due: Vec<(RoomCode, Expiry)> = self
            .rooms
            .values()
            .map(|room| (room.code(), room.expiry(now, self.grace_ms)))
            .filter(|(_, expiry)| *expiry != Expiry::Wait)
            .collect();
        for (code, expiry) in due {
            match expiry {
                Expiry::Flag(side) => {
                    if let Some(room) = self.rooms.get_mut(&code) {
                        room.flag_fall(side, now);
                        self.ended(code, &mut effects);
                    }
                }
                Expiry::Forfeit(side) => {
                    if let Some(room) = self.rooms.get_mut(&code) {
                        room.forfeit(side, now);
                        self.ended(code, &mut effects);
                    }
                }
                Expiry::Close => self.close_room(code, "closed", &mut effects),
                Expiry::Wait => {}
            }
        }
        self.pair(now, &mut effects);
        effects
    }

    /// Room `code` is gone (its last state to the record): nobody sits or
    /// watches there any more; `why` for the log.
    pub(super) fn close_room(&mut self, code: RoomCode, why: &str, effects: &mut Vec<Effect>) {
        if let Some(room) = self.rooms.remove(&code) {
            self.seated.retain(|_, (c, _)| *c != code);
            self.watching.retain(|_, c| *c != code);
            effects.push(Effect::Log(format!("room {code}: {why}")));
            effects.push(Effect::Closed(Box::new(room.record())));
            effects.push(Effect::LobbyChanged);
        }
    }

    /// The lobby as clients see it.
    pub fn view(&self) -> LobbyView {
        let seeks = self
            .seeks
            .iter()
            .take(LOBBY_LIMIT)
            .map(|seek| {
                let player = self.players.get(&seek.by);
                SeekView {
                    id: seek.id,
                    name: player.map_or_else(String::new, |p| p.name.clone()),
                    rating: self.shown_rating(Some(seek.by), seek.spec.kind),
                    spec: seek.spec,
                }
            })
            .collect();
        let mut games: Vec<GameListing> = self
            .rooms
            .values()
            .filter(|room| !room.game().is_over())
            .filter_map(|room| {
                let names =
                    [Side::First, Side::Second].map(|s| room.seat(s).map(|s| s.name.clone()));
                let [Some(first), Some(second)] = names else {
                    return None;
                };
                Some(GameListing {
                    code: room.code(),
                    kind: room.kind(),
                    names: [first, second],
                    ratings: room.ratings(),
                    clock: room.terms().clock,
                    rated: room.is_rated(),
                    moves: room.game().move_count() as u32,
                    watchers: room.watchers().len() as u32,
                })
            })
            .collect();
        games.sort_by(|a, b| b.watchers.cmp(&a.watchers).then(a.code.cmp(&b.code)));
        games.truncate(LOBBY_LIMIT);
        LobbyView {
            seeks,
            games,
            queued: self.queue.len() as u32,
            online: self
                .logins
                .values()
                .filter(|l| matches!(l, Login::In(_)))
                .count() as u32,
        }
    }

    /// Everyone watching the lobby.
    pub fn lobby_watchers(&self) -> impl Iterator<Item = ClientKey> + '_ {
        self.lobby_watchers.iter().copied()
    }
}

pub(super) fn side_label(room: &Room, side: Side) -> String {
    let colour = room.kind().side_name(side);
    match room.seat(side) {
        Some(seat) => format!("{} ({colour})", seat.name),
        None => colour.to_string(),
    }
}
