//! Every room on a server, and which connection sits where. The network
//! layer hands each request here and carries out the [`Effect`]s that come
//! back: replies to one client, rooms to replicate or drop, who may see
//! which room, lines for the log. Time comes in as a number, so tests run
//! the grace period without waiting.

use super::code::{RoomCode, SeatSecret};
use super::protocol::{Refusal, Reply, Request, clean_name};
use super::room::{ClientKey, Expiry, Room, RoomRecord, Seat};
use crate::ai::Rng;
use crate::rules::Side;
use std::collections::{BTreeMap, HashMap};

/// How long a dropped player's seat waits for them (milliseconds).
pub const GRACE_MS: u64 = 60_000;

/// What the network layer must do after the lobby changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Send `reply` to `to` alone.
    Reply { to: ClientKey, reply: Reply },
    /// The room changed: replicate its new view (and journal it).
    Changed(RoomCode),
    /// The room is gone: stop replicating it. Its last state comes along
    /// for the record.
    Closed(RoomRecord),
    /// `client` now sees room `code` (or none).
    Sees {
        client: ClientKey,
        code: Option<RoomCode>,
    },
    /// A line for the server's log.
    Log(String),
}

/// The rooms of one server.
#[derive(Debug)]
pub struct Lobby {
    rooms: BTreeMap<RoomCode, Room>,
    seated: HashMap<ClientKey, (RoomCode, Side)>,
    dice: Rng,
    pub grace_ms: u64,
    pub max_rooms: usize,
}

impl Lobby {
    pub fn new(dice: Rng) -> Lobby {
        Lobby {
            rooms: BTreeMap::new(),
            seated: HashMap::new(),
            dice,
            grace_ms: GRACE_MS,
            max_rooms: 100_000,
        }
    }

    pub fn room(&self, code: RoomCode) -> Option<&Room> {
        self.rooms.get(&code)
    }

    pub fn rooms(&self) -> impl Iterator<Item = &Room> {
        self.rooms.values()
    }

    /// Where `client` sits.
    pub fn seat_of(&self, client: ClientKey) -> Option<(RoomCode, Side)> {
        self.seated.get(&client).copied()
    }

    /// Takes back rooms from the journal (after a restart).
    pub fn restore(&mut self, room: Room) {
        self.rooms.insert(room.code(), room);
    }

    /// Carries out one request of `client` at `now`.
    pub fn handle(&mut self, client: ClientKey, request: Request, now: u64) -> Vec<Effect> {
        let mut effects = Vec::new();
        let result = match request {
            Request::Host { kind, side, name } => {
                self.host(client, kind, side, &name, now, &mut effects)
            }
            Request::Join { code, name, secret } => {
                self.join(client, code, &name, secret, now, &mut effects)
            }
            Request::Rejoin { code, secret } => {
                self.rejoin(client, code, secret, now, &mut effects)
            }
            Request::Leave => {
                self.leave(client, now, &mut effects);
                Ok(())
            }
            other => self.in_room(client, other, &mut effects),
        };
        if let Err(refusal) = result {
            effects.push(Effect::Reply {
                to: client,
                reply: Reply::Refused(refusal),
            });
        }
        effects
    }

    /// `client`'s connection dropped at `now`.
    pub fn disconnected(&mut self, client: ClientKey, now: u64) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.leave(client, now, &mut effects);
        effects
    }

    /// Ends what the grace period allows at `now`: absent players forfeit,
    /// empty rooms close.
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
                Expiry::Forfeit(side) => {
                    if let Some(room) = self.rooms.get_mut(&code) {
                        room.forfeit(side);
                        effects.push(Effect::Changed(code));
                        if let Some(line) = room.result_line() {
                            effects.push(Effect::Log(format!("room {code}: {line}")));
                        }
                    }
                }
                Expiry::Close => {
                    if let Some(room) = self.rooms.remove(&code) {
                        self.seated.retain(|_, (c, _)| *c != code);
                        effects.push(Effect::Log(format!("room {code}: closed")));
                        effects.push(Effect::Closed(room.record()));
                    }
                }
                Expiry::Wait => {}
            }
        }
        effects
    }

    fn host(
        &mut self,
        client: ClientKey,
        kind: crate::match_setup::GameKind,
        side: Side,
        name: &str,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        if self.rooms.len() >= self.max_rooms {
            return Err(Refusal::TooManyRooms);
        }
        self.leave(client, now, effects);
        let code = loop {
            let code = RoomCode::from_number(self.dice.next_u64());
            if !self.rooms.contains_key(&code) {
                break code;
            }
        };
        let secret = SeatSecret(self.dice.next_u64());
        let host = Seat {
            name: clean_name(name),
            secret,
            client: Some(client),
            away_since: None,
        };
        effects.push(Effect::Log(format!(
            "room {code}: {} opened by {} as {}",
            kind.title(),
            host.name,
            kind.side_name(side)
        )));
        self.rooms.insert(code, Room::open(code, kind, side, host));
        self.sit(client, code, side, secret, effects);
        Ok(())
    }

    fn join(
        &mut self,
        client: ClientKey,
        code: RoomCode,
        name: &str,
        secret: SeatSecret,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let Some(room) = self.rooms.get(&code) else {
            return Err(Refusal::NoSuchRoom(code));
        };
        // This join came before and took a seat (its reply was lost).
        if [Side::First, Side::Second]
            .into_iter()
            .any(|side| room.seat(side).is_some_and(|seat| seat.secret == secret))
        {
            return self.rejoin(client, code, secret, now, effects);
        }
        if self.seated.get(&client).is_some_and(|(c, _)| *c == code) {
            // Already here: say so again rather than take the other seat.
            let (_, side) = self.seated[&client];
            let secret = self.rooms[&code].seat(side).map(|s| s.secret);
            if let Some(secret) = secret {
                self.sit(client, code, side, secret, effects);
            }
            return Ok(());
        }
        let room = self.rooms.get_mut(&code).ok_or(Refusal::NoSuchRoom(code))?;
        let side = room.join(name, secret, client)?;
        let kind_name = room.kind().side_name(side);
        let joined = room.seat(side).map(|s| s.name.clone()).unwrap_or_default();
        self.leave(client, now, effects);
        effects.push(Effect::Log(format!(
            "room {code}: {joined} joined as {kind_name}"
        )));
        self.sit(client, code, side, secret, effects);
        Ok(())
    }

    fn rejoin(
        &mut self,
        client: ClientKey,
        code: RoomCode,
        secret: SeatSecret,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let room = self.rooms.get_mut(&code).ok_or(Refusal::NoSuchRoom(code))?;
        let (side, replaced) = room.rejoin(secret, client)?;
        let back = format!("room {code}: {} is back", side_label(room, side));
        if let Some(old) = replaced {
            self.seated.remove(&old);
            effects.push(Effect::Sees {
                client: old,
                code: None,
            });
        }
        if self.seated.get(&client).is_some_and(|(c, _)| *c != code) {
            self.leave(client, now, effects);
        }
        effects.push(Effect::Log(back));
        self.sit(client, code, side, secret, effects);
        Ok(())
    }

    fn sit(
        &mut self,
        client: ClientKey,
        code: RoomCode,
        side: Side,
        secret: SeatSecret,
        effects: &mut Vec<Effect>,
    ) {
        self.seated.insert(client, (code, side));
        effects.push(Effect::Sees {
            client,
            code: Some(code),
        });
        effects.push(Effect::Changed(code));
        effects.push(Effect::Reply {
            to: client,
            reply: Reply::Seated { code, side, secret },
        });
    }

    fn leave(&mut self, client: ClientKey, now: u64, effects: &mut Vec<Effect>) {
        let Some((code, side)) = self.seated.remove(&client) else {
            return;
        };
        effects.push(Effect::Sees { client, code: None });
        if let Some(room) = self.rooms.get_mut(&code) {
            room.leave(side, now);
            effects.push(Effect::Log(format!(
                "room {code}: {} left",
                side_label(room, side)
            )));
            effects.push(Effect::Changed(code));
        }
    }

    /// Requests that act on the room the client sits in.
    fn in_room(
        &mut self,
        client: ClientKey,
        request: Request,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let (code, side) = self.seat_of(client).ok_or(Refusal::NotSeated)?;
        let room = self.rooms.get_mut(&code).ok_or(Refusal::NotSeated)?;
        let was_over = room.game().is_over();
        let line = match request {
            Request::Play { mv, ply } => {
                room.play(side, mv, ply)?;
                format!("{} plays {mv}", side_label(room, side))
            }
            Request::Resign => {
                room.resign(side)?;
                format!("{} resigns", side_label(room, side))
            }
            Request::AskUndo => {
                room.ask_undo(side)?;
                format!("{} asks to take back a move", side_label(room, side))
            }
            Request::AnswerUndo { accept } => {
                let count = room.answer_undo(side, accept)?;
                if accept {
                    format!(
                        "{} agrees: {count} moves taken back",
                        side_label(room, side)
                    )
                } else {
                    format!("{} declines the undo", side_label(room, side))
                }
            }
            Request::Host { .. }
            | Request::Join { .. }
            | Request::Rejoin { .. }
            | Request::Leave => {
                return Ok(());
            }
        };
        effects.push(Effect::Log(format!("room {code}: {line}")));
        effects.push(Effect::Changed(code));
        if !was_over && let Some(result) = room.result_line() {
            effects.push(Effect::Log(format!("room {code}: {result}")));
        }
        Ok(())
    }
}

fn side_label(room: &Room, side: Side) -> String {
    let colour = room.kind().side_name(side);
    match room.seat(side) {
        Some(seat) => format!("{} ({colour})", seat.name),
        None => colour.to_string(),
    }
}
