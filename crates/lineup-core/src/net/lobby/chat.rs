//! A room's chat: players to players, watchers to watchers, a line a
//! second with three saved up, and a room's watchers together three lines
//! a second.

use super::*;

impl Lobby {
    pub(super) fn chat(
        &mut self,
        client: ClientKey,
        text: &str,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let (code, side) = match (self.seated.get(&client), self.watching.get(&client)) {
            (Some((code, side)), _) => (*code, Some(*side)),
            (None, Some(code)) => (*code, None),
            (None, None) => return Err(Refusal::NotSeated),
        };
        // A watcher's line spends from the room's watchers' allowance
        // too: connections are cheap, a room's screen is not.
        let watcher = side.is_none();
        if !self.chat_allowance.has(&client, now)
            || (watcher && !self.watchers_chat_allowance.has(&code, now))
        {
            return Err(Refusal::ChatTooFast);
        }
        let Some(text) = clean_chat(text) else {
            return Ok(());
        };
        self.chat_allowance.spend(client, now);
        if watcher {
            self.watchers_chat_allowance.spend(code, now);
        }
        let room = self.rooms.get(&code).ok_or(Refusal::NotSeated)?;
        let (audience, from, to): (Audience, String, Vec<ClientKey>) = match side {
            Some(side) => (
                Audience::Players,
                room.seat(side).map_or_else(String::new, |s| s.name.clone()),
                [Side::First, Side::Second]
                    .into_iter()
                    .filter_map(|s| room.seat(s).and_then(|seat| seat.client))
                    .collect(),
            ),
            None => (
                Audience::Watchers,
                self.player_of(client)
                    .and_then(|k| self.players.get(&k))
                    .map_or_else(|| "Watcher".to_string(), |p| p.name.clone()),
                room.watchers().iter().copied().collect(),
            ),
        };
        effects.push(Effect::Chat {
            line: ChatLine {
                code,
                audience,
                from,
                side,
                text,
            },
            to,
        });
        Ok(())
    }
}
