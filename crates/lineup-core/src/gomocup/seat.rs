//! An engine seated at a game that can go back and forth: a person takes
//! moves back, loads a save, or a game goes on from a position. Before
//! each of its moves the engine is brought to the game with the fewest
//! commands, then asked:
//!
//! - the first request of a game with no stones: `BEGIN`;
//! - undone moves: `TAKEBACK`, newest first;
//! - one new move (the opponent's): `TURN`;
//! - anything else (a load, a pass taken back, an engine that refused a
//!   takeback): `BOARD` with every stone.
//!
//! Why keep what the engine knows: the protocol's commands describe
//! changes, so the seat must know what the engine's board holds to tell it
//! the difference, and never trust a board it cannot vouch for.

use super::client::{Client, Fault, TimeControl};
use crate::rules::gomoku::Move;
use crate::rules::{Point, RuleSet, Side};
use std::process::Command;

pub struct EngineSeat {
    client: Client,
    /// The moves on the engine's board, in order (`None` when it must be
    /// told the whole board).
    known: Option<Vec<Move>>,
    /// Nothing asked yet: a game with no stones starts with `BEGIN`.
    fresh: bool,
}

impl EngineSeat {
    /// Starts the engine for a game of `size` and `rule`.
    pub fn start(
        command: Command,
        size: u8,
        rule: RuleSet,
        time: TimeControl,
    ) -> Result<EngineSeat, Fault> {
        Ok(EngineSeat {
            client: Client::start(command, size, rule, time)?,
            known: None,
            fresh: true,
        })
    }

    /// The engine's move in the game whose moves are `history`, the engine
    /// playing the side to move. The answer is not judged: the referee
    /// does that. The engine's board is taken to hold it afterwards.
    pub fn answer(&mut self, history: &[Move]) -> Result<Move, Fault> {
        let answer = match self.catch_up(history)? {
            Some(new) => self.client.turn(new),
            None if history.is_empty() && self.fresh => self.client.begin(),
            None => {
                let me = Side::of_ply(history.len());
                self.client.board(&stones(history), me)
            }
        };
        // A failed request leaves a board that the seat cannot vouch for.
        self.fresh = false;
        self.known = None;
        let answer = answer?;
        let mut known = history.to_vec();
        known.push(answer);
        self.known = Some(known);
        Ok(answer)
    }

    /// The engine's `MESSAGE` lines since the last call, oldest first.
    pub fn take_messages(&mut self) -> Vec<String> {
        self.client.take_messages()
    }

    /// The process id (to check that it is gone after the drop).
    pub fn id(&self) -> u32 {
        self.client.id()
    }

    /// When `history` is what the engine has, less some moves taken back,
    /// plus one new move: takes those back and returns the new move, to be
    /// told with `TURN`. `None`: a `BEGIN` or a `BOARD` is needed.
    fn catch_up(&mut self, history: &[Move]) -> Result<Option<Move>, Fault> {
        let Some(known) = &mut self.known else {
            return Ok(None);
        };
        let common = known
            .iter()
            .zip(history)
            .take_while(|(a, b)| a == b)
            .count();
        // More (or less) than one new move: taking back first would only
        // add commands to the BOARD that is needed anyway.
        let &[new] = &history[common..] else {
            self.known = None;
            return Ok(None);
        };
        while known.len() > common {
            let Some(p) = known.last().and_then(|m| m.point()) else {
                // A pass cannot be taken back in the protocol.
                self.known = None;
                return Ok(None);
            };
            match self.client.takeback(p) {
                Ok(()) => {
                    known.pop();
                }
                // An engine that does not take back is sent the board.
                Err(Fault::Refused(_) | Fault::Garbage(_)) => {
                    self.known = None;
                    return Ok(None);
                }
                Err(fault) => return Err(fault),
            }
        }
        Ok(Some(new))
    }
}

/// The stones of `history` with their colours (a pass takes a ply and
/// leaves no stone).
pub fn stones(history: &[Move]) -> Vec<(Point, Side)> {
    history
        .iter()
        .enumerate()
        .filter_map(|(ply, mv)| Some((mv.point()?, Side::of_ply(ply))))
        .collect()
}
