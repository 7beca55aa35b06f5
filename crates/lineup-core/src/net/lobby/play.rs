//! Play in a room: moves, resignation, undo by agreement, rematch, and
//! the end of a game with its ratings, applied once.

use super::*;

impl Lobby {
    /// Requests that act on the room the client sits in.
    pub(super) fn in_room(
        &mut self,
        client: ClientKey,
        request: Request,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let (code, side) = self.seat_of(client).ok_or(Refusal::NotSeated)?;
        let room = self.rooms.get_mut(&code).ok_or(Refusal::NotSeated)?;
        let was_over = room.game().is_over();
        let line = match request {
            Request::Play { mv, ply } => match room.play(side, mv, ply, now) {
                Ok(()) => format!("{} plays {mv}", side_label(room, side)),
                Err(Refusal::Flagged) => {
                    // The move came too late: the game ended on time.
                    self.ended(code, effects);
                    return Err(Refusal::Flagged);
                }
                Err(refusal) => return Err(refusal),
            },
            Request::Resign => {
                room.resign(side, now)?;
                format!("{} resigns", side_label(room, side))
            }
            Request::AskUndo => {
                room.ask_undo(side)?;
                format!("{} asks to take back a move", side_label(room, side))
            }
            Request::AnswerUndo { accept } => {
                let count = room.answer_undo(side, accept, now)?;
                if accept {
                    format!(
                        "{} agrees: {count} moves taken back",
                        side_label(room, side)
                    )
                } else {
                    format!("{} declines the undo", side_label(room, side))
                }
            }
            Request::Rematch => {
                // Both asked: the new room, or a refusal that changed nothing.
                if room.ask_rematch(side)? {
                    return self.rematch(code, now, effects);
                }
                format!("{} asks for a rematch", side_label(room, side))
            }
            _ => return Ok(()),
        };
        effects.push(Effect::Log(format!("room {code}: {line}")));
        effects.push(Effect::Changed(code));
        if !was_over && self.rooms.get(&code).is_some_and(|r| r.game().is_over()) {
            self.ended(code, effects);
        }
        Ok(())
    }

    /// Both players of finished room `code` asked for another game: a new
    /// room, colours swapped, the same terms.
    pub(super) fn rematch(
        &mut self,
        code: RoomCode,
        now: u64,
        effects: &mut Vec<Effect>,
    ) -> Result<(), Refusal> {
        let room = self.rooms.get(&code).ok_or(Refusal::NotSeated)?;
        let seats = [Side::Second, Side::First].map(|side| {
            room.seat(side)
                .and_then(|s| Some((s.client?, s.name.clone(), s.key)))
        });
        let [Some(first), Some(second)] = seats else {
            return Err(Refusal::OpponentGone);
        };
        let (kind, terms) = (room.kind(), room.terms());
        let new = self.open_for_two(kind, terms, [first, second], now, effects)?;
        if let Some(room) = self.rooms.get_mut(&code) {
            room.set_rematch_room(new);
        }
        effects.push(Effect::Log(format!("room {code}: rematch in room {new}")));
        effects.push(Effect::Changed(code));
        Ok(())
    }

    /// Room `code`'s game has just ended: the log's line, the lobby's news,
    /// and for a rated game the ratings, applied once.
    pub(super) fn ended(&mut self, code: RoomCode, effects: &mut Vec<Effect>) {
        let Some(room) = self.rooms.get_mut(&code) else {
            return;
        };
        effects.push(Effect::Changed(code));
        effects.push(Effect::LobbyChanged);
        if let Some(line) = room.result_line() {
            effects.push(Effect::Log(format!("room {code}: {line}")));
        }
        let pool = RatingPool::of(room.kind());
        let result = match room.game().ending() {
            Some(Ending::Win(side)) => Some(RatedResult::Won(side)),
            Some(Ending::Resigned { winner }) => Some(RatedResult::Won(winner)),
            Some(Ending::Draw) => Some(RatedResult::Draw),
            None => None,
        };
        let (Some(pool), Some(result), [Some(first), Some(second)]) = (pool, result, room.keys())
        else {
            return;
        };
        if !room.is_rated() || room.rating_change().is_some() {
            return;
        }
        let Some((after, change)) = self.players.rate([first, second], pool, result) else {
            return;
        };
        if let Some(room) = self.rooms.get_mut(&code) {
            room.set_rating_change(change);
        }
        for (key, rating) in [first, second].into_iter().zip(after) {
            effects.push(Effect::PlayerChanged(key));
            effects.push(Effect::Rated {
                key,
                pool,
                rating: rating.shown().rating,
            });
        }
        effects.push(Effect::Log(format!(
            "room {code}: ratings {:+} / {:+}",
            change[0], change[1]
        )));
    }
}
