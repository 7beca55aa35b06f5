//! Seats: rooms opened (by a host, or for two players at once), joined,
//! taken back, left; and watchers leaving.

use super::*;

impl Lobby {
    /// A room code no room has, drawn from the secrets: a friend's code
    /// is the only way into a private room's free seat.
    pub(super) fn new_code(&mut self) -> Result<RoomCode, Refusal> {
        loop {
            let code = RoomCode::from_number(self.secrets.next_u64()?);
            if !self.rooms.contains_key(&code) {
                return Ok(code);
            }
        }
    }

    /// Opens a room for `players` (by side: connection, name, key), both
    /// seated at once: a seek accepted, a pairing, a rematch.
    pub(super) fn open_for_two(
        &mut self,
        kind: GameKind,
        terms: Terms,
        players: [(ClientKey, String, Option<PlayerKey>); 2],
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<RoomCode, Refusal> {
        if self.rooms.len() >= self.max_rooms {
            return Err(Refusal::TooManyRooms);
        }
        for (client, _, _) in &players {
            self.abandon_unjoined(*client, effects);
            self.leave(*client, now, effects);
            self.stop_watching(*client, effects);
            self.withdraw(*client, effects);
        }
        let code = self.new_code()?;
        let game_id = GameId(self.secrets.next_u64()?);
        let seat = |(client, name, key): &(ClientKey, String, Option<PlayerKey>), secret| Seat {
            name: name.clone(),
            secret,
            key: *key,
            client: Some(*client),
            away_since: None,
        };
        let secrets = [
            SeatSecret::fresh(&mut self.secrets)?,
            SeatSecret::fresh(&mut self.secrets)?,
        ];
        let mut room = Room::open(
            code,
            kind,
            Side::First,
            seat(&players[0], secrets[0]),
            game_id,
            terms,
        );
        let (client, name, key) = &players[1];
        room.join(name, *key, secrets[1], *client, now)?;
        room.set_ratings(
            players
                .each_ref()
                .map(|(_, _, key)| self.shown_rating(*key, kind)),
        );
        effects.push(Effect::Log(format!(
            "room {code}: {} {} ({}) against {}",
            if terms.rated { "rated" } else { "casual" },
            kind.title(),
            terms.clock,
            players.each_ref().map(|p| p.1.clone()).join(" and ")
        )));
        self.rooms.insert(code, room);
        for (side, (client, _, _)) in [Side::First, Side::Second].into_iter().zip(&players) {
            self.sit(*client, code, side, secrets[side.index()], effects);
        }
        effects.push(Effect::LobbyChanged);
        Ok(code)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn host(
        &mut self,
        client: ClientKey,
        kind: GameKind,
        side: Side,
        name: &str,
        terms: Terms,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        if self.rooms.len() >= self.max_rooms {
            return Err(Refusal::TooManyRooms);
        }
        // Refused before anything changes: the host keeps their room.
        let (name, key) = self.name_of(client, name)?;
        self.abandon_unjoined(client, effects);
        self.leave(client, now, effects);
        self.stop_watching(client, effects);
        let code = self.new_code()?;
        let secret = SeatSecret::fresh(&mut self.secrets)?;
        let game_id = GameId(self.secrets.next_u64()?);
        let host = Seat {
            name,
            secret,
            key,
            client: Some(client),
            away_since: None,
        };
        effects.push(Effect::Log(format!(
            "room {code}: {} opened by {} as {}",
            kind.title(),
            host.name,
            kind.side_name(side)
        )));
        self.rooms
            .insert(code, Room::open(code, kind, side, host, game_id, terms));
        self.sit(client, code, side, secret, effects);
        Ok(())
    }

    pub(super) fn join(
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
        let (name, key) = self.name_of(client, name)?;
        let kind = room.kind();
        let room = self.rooms.get_mut(&code).ok_or(Refusal::NoSuchRoom(code))?;
        let side = room.join(&name, key, secret, client, now)?;
        let kind_name = room.kind().side_name(side);
        let keys = room.keys();
        let ratings = keys.map(|k| self.shown_rating(k, kind));
        if let Some(room) = self.rooms.get_mut(&code) {
            room.set_ratings(ratings);
        }
        self.leave(client, now, effects);
        self.stop_watching(client, effects);
        effects.push(Effect::Log(format!(
            "room {code}: {name} joined as {kind_name}"
        )));
        self.sit(client, code, side, secret, effects);
        effects.push(Effect::LobbyChanged);
        Ok(())
    }

    pub(super) fn rejoin(
        &mut self,
        client: ClientKey,
        code: RoomCode,
        secret: SeatSecret,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let room = self.rooms.get_mut(&code).ok_or(Refusal::NoSuchRoom(code))?;
        let (side, replaced) = room.rejoin(secret, client, now)?;
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
        self.watching.remove(&client);
        effects.push(Effect::Log(back));
        self.sit(client, code, side, secret, effects);
        Ok(())
    }

    pub(super) fn sit(
        &mut self,
        client: ClientKey,
        code: RoomCode,
        side: Side,
        secret: SeatSecret,
        effects: &mut Vec<Effect>,
    ) {
        self.seated.insert(client, (code, side));
        // A player in a game no longer needs the lobby's news.
        self.lobby_watchers.remove(&client);
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

    /// `client` opens another room: the room it hosts, if nobody has
    /// joined it yet, closes now rather than wait out the grace period.
    /// (Else one connection hosting again and again kept a room alive for
    /// each request, and a few filled the server's rooms.)
    fn abandon_unjoined(&mut self, client: ClientKey, effects: &mut Vec<Effect>) {
        let Some((code, side)) = self.seated.get(&client).copied() else {
            return;
        };
        let unjoined = self
            .rooms
            .get(&code)
            .is_some_and(|room| room.seat(side.other()).is_none() && room.game().move_count() == 0);
        if !unjoined || self.watching.values().any(|c| *c == code) {
            return;
        }
        effects.push(Effect::Sees { client, code: None });
        self.close_room(code, "closed, its host opened another", effects);
    }

    pub(super) fn leave(&mut self, client: ClientKey, now: u64, effects: &mut Vec<Effect>) {
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

    pub(super) fn stop_watching(&mut self, client: ClientKey, effects: &mut Vec<Effect>) {
        if let Some(code) = self.watching.remove(&client)
            && let Some(room) = self.rooms.get_mut(&code)
        {
            room.unwatch(client);
            effects.push(Effect::Shown(code));
        }
    }
}
