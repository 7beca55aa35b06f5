//! Logging in: the challenge a key signs, the player made or renamed, and
//! what a logged-in connection is known by (its name, its ratings).

use super::*;

impl Lobby {
    pub(super) fn hello(
        &mut self,
        client: ClientKey,
        key: PlayerKey,
        name: String,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let name = crate::net::protocol::display_name(&name)?;
        if self.players.name_taken(key, &name) {
            return Err(Refusal::NameTaken);
        }
        self.spend_login(key, now)?;
        let challenge = Challenge::fresh(&mut self.secrets)?;
        // A logged-in connection saying Hello again is logged out until it
        // answers: its seek and place in the queue go first, while they
        // are still known as its (else they outlived the connection).
        self.withdraw(client, effects);
        self.logins.insert(
            client,
            Login::Asked {
                key,
                name,
                challenge,
                asked_at: now,
            },
        );
        effects.push(Effect::Reply {
            to: client,
            reply: Reply::Challenge(challenge),
        });
        Ok(())
    }

    /// Takes one login from `key`'s allowance: [`LOGIN_BURST`] at once,
    /// then one every [`LOGIN_EVERY_MS`], whichever connections they come
    /// from. Stops a flood of logins for one key (each a signature to
    /// check) and keeps the allowances of keys long gone from piling up.
    fn spend_login(&mut self, key: PlayerKey, now: u64) -> Result<(), Refusal> {
        if self.login_allowance.spend(key, now) {
            Ok(())
        } else {
            Err(Refusal::TooManyLogins)
        }
    }

    /// Whether `client`'s challenge `asked_at` is still good at `now`.
    pub(super) fn challenge_fresh(asked_at: u64, now: u64) -> bool {
        now.saturating_sub(asked_at) <= CHALLENGE_MS
    }

    pub(super) fn logged_in(
        &mut self,
        client: ClientKey,
        key: PlayerKey,
        name: &str,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let seen = self.calendar_at_zero + now / 1000;
        let changed = self.players.enter(key, name, seen)?;
        self.logins.insert(client, Login::In(key));
        let record = self.players.get(&key).ok_or(Refusal::NotLoggedIn)?;
        if changed {
            effects.push(Effect::PlayerChanged(key));
        }
        effects.push(Effect::Log(format!(
            "{} ({}) logged in",
            record.name,
            key.short()
        )));
        effects.push(Effect::Reply {
            to: client,
            reply: Reply::Welcome {
                name: record.name.clone(),
                ratings: record.ratings.shown(),
            },
        });
        effects.push(Effect::LobbyChanged);
        Ok(())
    }

    /// A logged-in player's rating in `kind`'s pool, as shown.
    pub(super) fn shown_rating(
        &self,
        key: Option<PlayerKey>,
        kind: GameKind,
    ) -> Option<ShownRating> {
        let pool = RatingPool::of(kind)?;
        Some(self.players.get(&key?)?.ratings.get(pool).shown())
    }

    /// The name a logged-in client plays under, else the guest name it
    /// typed: refused when it breaks the names' rules, or passes for a
    /// logged-in player's (`NameTaken`: a guest "ann" is not Ann).
    pub(super) fn name_of(
        &self,
        client: ClientKey,
        typed: &str,
    ) -> Result<(String, Option<PlayerKey>), Refusal> {
        if let Some(record) = self.player_of(client).and_then(|k| self.players.get(&k)) {
            return Ok((record.name.clone(), Some(record.key)));
        }
        let name = guest_name(typed)?;
        if self.players.by_name(&name).is_some() {
            return Err(Refusal::NameTaken);
        }
        Ok((name, None))
    }
}
