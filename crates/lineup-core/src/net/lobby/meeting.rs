//! Meeting strangers: seeks opened and accepted, the pairing queue, and
//! watching a game.

use super::*;

impl Lobby {
    /// Withdraws `client`'s seek and its place in the queue.
    pub(super) fn withdraw(&mut self, client: ClientKey, effects: &mut Vec<Effect>) {
        let Some(key) = self.player_of(client) else {
            return;
        };
        if self.seekers.get(&key) != Some(&client) {
            return;
        }
        self.seekers.remove(&key);
        let cancelled = self.seeks.cancel(key).is_some();
        let left = self.queue.leave(key);
        if cancelled || left {
            effects.push(Effect::LobbyChanged);
        }
    }

    pub(super) fn seek(
        &mut self,
        client: ClientKey,
        spec: SeekSpec,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let key = self.player_of(client).ok_or(Refusal::NotLoggedIn)?;
        self.withdraw(client, effects);
        let id = SeekId(self.secrets.next_u64()?);
        self.seeks.open(key, spec, id, now);
        self.seekers.insert(key, client);
        effects.push(Effect::Reply {
            to: client,
            reply: Reply::Seeking(id),
        });
        effects.push(Effect::LobbyChanged);
        Ok(())
    }

    pub(super) fn accept(
        &mut self,
        client: ClientKey,
        id: SeekId,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let taker = self.player_of(client).ok_or(Refusal::NotLoggedIn)?;
        let seek = self.seeks.take(id, taker).map_err(|e| match e {
            crate::net::pairing::SeekError::OwnSeek => Refusal::OwnSeek,
            crate::net::pairing::SeekError::NoSuchSeek => Refusal::NoSuchSeek,
        })?;
        let Some(seeker_client) = self.seekers.remove(&seek.by) else {
            return Err(Refusal::NoSuchSeek);
        };
        self.queue.leave(seek.by);
        let seeker_side = seek.spec.side.unwrap_or_else(|| self.random_side());
        let seeker = self.entrant(seeker_client, seek.by);
        let taker = self.entrant(client, taker);
        let players = match seeker_side {
            Side::First => [seeker, taker],
            Side::Second => [taker, seeker],
        };
        let terms = Terms {
            clock: seek.spec.clock,
            rated: seek.spec.rated && RatingPool::of(seek.spec.kind).is_some(),
        };
        self.open_for_two(seek.spec.kind, terms, players, now, effects)
            .map(|_| ())
    }

    pub(super) fn quick_pair(
        &mut self,
        client: ClientKey,
        spec: PairingSpec,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let key = self.player_of(client).ok_or(Refusal::NotLoggedIn)?;
        self.withdraw(client, effects);
        let rating = RatingPool::of(spec.kind)
            .and_then(|pool| Some(self.players.get(&key)?.ratings.get(pool).rating))
            .unwrap_or(1500.0);
        self.queue.join(Waiter {
            key,
            spec,
            rating,
            since_ms: now,
        });
        self.seekers.insert(key, client);
        effects.push(Effect::Reply {
            to: client,
            reply: Reply::Queued(spec),
        });
        effects.push(Effect::LobbyChanged);
        self.pair(now, effects);
        Ok(())
    }

    /// Pairs whoever the queue can pair at `now`.
    pub(super) fn pair(&mut self, now: u64, effects: &mut Vec<Effect>) {
        if self.queue.is_empty() {
            return;
        }
        for (a, b) in self.queue.pair(now) {
            let clients = [a.key, b.key].map(|k| self.seekers.remove(&k));
            let [Some(client_a), Some(client_b)] = clients else {
                continue;
            };
            let mut players = [self.entrant(client_a, a.key), self.entrant(client_b, b.key)];
            if self.random_side() == Side::Second {
                players.swap(0, 1);
            }
            let terms = Terms {
                clock: a.spec.clock,
                rated: RatingPool::of(a.spec.kind).is_some(),
            };
            let _ = self.open_for_two(a.spec.kind, terms, players, now, effects);
        }
    }

    pub(super) fn entrant(
        &self,
        client: ClientKey,
        key: PlayerKey,
    ) -> (ClientKey, String, Option<PlayerKey>) {
        let name = self
            .players
            .get(&key)
            .map_or_else(|| "Player".to_string(), |p| p.name.clone());
        (client, name, Some(key))
    }

    pub(super) fn random_side(&mut self) -> Side {
        if self.dice.next_u64() & 1 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }

    pub(super) fn watch(
        &mut self,
        client: ClientKey,
        code: RoomCode,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let room = self.rooms.get(&code).ok_or(Refusal::NoSuchRoom(code))?;
        if room.side_of(client).is_some() {
            return Err(Refusal::YouPlayHere);
        }
        self.leave(client, now, effects);
        self.stop_watching(client, effects);
        if let Some(room) = self.rooms.get_mut(&code) {
            room.watch(client);
        }
        self.watching.insert(client, code);
        effects.push(Effect::Reply {
            to: client,
            reply: Reply::Watching(code),
        });
        effects.push(Effect::Shown(code));
        Ok(())
    }
}
