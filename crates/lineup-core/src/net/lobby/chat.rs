//! A room's chat: players to players, watchers to watchers, a line a
//! second with three saved up.

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
        // A token bucket kept as the moment its lines are spent up to:
        // each line spends a second, and at most three seconds' worth
        // can be saved up.
        let (now_at, every) = (now as i64, CHAT_EVERY_MS as i64);
        let spent_to = self
            .chat_allowance
            .get(&client)
            .copied()
            .unwrap_or(i64::MIN);
        let from = spent_to.max(now_at - every * CHAT_BURST as i64);
        if from + every > now_at {
            return Err(Refusal::ChatTooFast);
        }
        let Some(text) = clean_chat(text) else {
            return Ok(());
        };
        self.chat_allowance.insert(client, from + every);
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
