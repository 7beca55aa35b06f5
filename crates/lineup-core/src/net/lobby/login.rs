//! Logging in: the challenge a key signs, the player made or renamed, and
//! what a logged-in connection is known by (its name, its ratings).

use super::*;

impl Lobby {
    pub(super) fn hello(
        &mut self,
        client: ClientKey,
        key: PlayerKey,
        name: String,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let name = crate::net::protocol::display_name(&name)?;
        if self
            .players
            .by_name(&name)
            .is_some_and(|holder| holder.key != key)
        {
            return Err(Refusal::NameTaken);
        }
        let challenge = Challenge::fresh(&mut self.secrets)?;
        self.logins.insert(
            client,
            Login::Asked {
                key,
                name,
                challenge,
            },
        );
        effects.push(Effect::Reply {
            to: client,
            reply: Reply::Challenge(challenge),
        });
        Ok(())
    }

    pub(super) fn logged_in(
        &mut self,
        client: ClientKey,
        key: PlayerKey,
        name: &str,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let changed = self.players.enter(key, name, crate::match_state::now())?;
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

    /// The name a logged-in client plays under (else what it typed).
    pub(super) fn name_of(&self, client: ClientKey, typed: &str) -> (String, Option<PlayerKey>) {
        match self.player_of(client).and_then(|k| self.players.get(&k)) {
            Some(record) => (record.name.clone(), Some(record.key)),
            None => (clean_name(typed), None),
        }
    }
}
