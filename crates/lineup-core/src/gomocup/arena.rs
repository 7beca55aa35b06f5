//! Games between two Gomocup engines, refereed by the rules: the opening's
//! stones are placed, each engine is shown the position (`BEGIN` on an
//! empty board, else `BOARD`) and then told each reply (`TURN`), and every
//! answer is judged ([`super::referee`]). A crash, a hang, nonsense, a
//! taken point or a Renju foul loses the game for that engine.

use super::client::{Client, Fault, TimeControl};
use super::referee::{Forfeit, play_answer};
use super::seat::stones;
use crate::rules::gomoku::Move;
use crate::rules::{Game, Gomoku, Outcome, Point, RuleSet, Side};
use std::fmt;
use std::process::Command;

/// How a refereed game ended.
#[derive(Debug)]
pub enum Finish {
    /// Five in a row (or more, as the rule allows) for this side.
    Five(Side),
    /// The board filled up.
    Draw,
    /// This side's engine lost by misbehaving.
    Forfeit { loser: Side, why: Forfeit },
}

impl Finish {
    /// The winner, if there is one.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Finish::Five(side) => Some(*side),
            Finish::Draw => None,
            Finish::Forfeit { loser, .. } => Some(loser.other()),
        }
    }
}

impl fmt::Display for Finish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |side: &Side| match side {
            Side::First => "Black",
            Side::Second => "White",
        };
        match self {
            Finish::Five(side) => write!(f, "{} wins", name(side)),
            Finish::Draw => f.write_str("draw"),
            Finish::Forfeit { loser, why } => {
                write!(f, "{} wins: {} {why}", name(&loser.other()), name(loser))
            }
        }
    }
}

/// An engine taking part: how to start it, and `INFO` lines for it alone
/// (such as `max_depth 8`, to hold an engine to a depth).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub name: String,
    pub program: String,
    pub args: Vec<String>,
    pub info: Vec<String>,
}

impl Entrant {
    /// An entrant from a command line split at spaces (`rapfi --mode
    /// pbrain`), named after its program's file name.
    pub fn from_command_line(line: &str) -> Option<Entrant> {
        let mut words = line.split_whitespace().map(String::from);
        let program = words.next()?;
        let name = std::path::Path::new(&program)
            .file_name()
            .map_or(program.clone(), |n| n.to_string_lossy().into_owned());
        Some(Entrant {
            name,
            program,
            args: words.collect(),
            info: Vec::new(),
        })
    }

    pub fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        command.args(&self.args);
        command
    }
}

/// A finished game: every move from the first (the opening's included).
#[derive(Debug)]
pub struct Played {
    pub moves: Vec<Move>,
    pub result: Finish,
}

/// Plays one game from `opening`, `engines[0]` as Black. Both processes
/// have ended and been reaped when it returns. An opening the rules refuse
/// is an error.
pub fn play_game(
    engines: [&Entrant; 2],
    opening: &[Point],
    rule: RuleSet,
    time: TimeControl,
) -> Result<Played, String> {
    let game = Game::from_moves(
        Gomoku::standard(rule),
        opening.iter().map(|&p| Move::Stone(p)),
    )
    .map_err(|(i, e)| format!("the opening's move {}: {e}", i + 1))?;
    if game.is_over() {
        return Err("the opening is already won".into());
    }
    let size = game.position().size();
    let started = engines.map(|entrant| -> Result<Client, Fault> {
        let mut client = Client::start(entrant.command(), size, rule, time)?;
        for line in &entrant.info {
            client.info(line)?;
        }
        Ok(client)
    });
    // An engine that cannot start loses at once (Black's is checked first).
    let (loser, fault) = match started {
        [Ok(black), Ok(white)] => return Ok(referee(game, [black, white])),
        [Err(fault), _] => (Side::First, fault),
        [Ok(_), Err(fault)] => (Side::Second, fault),
    };
    Ok(Played {
        moves: game.history().to_vec(),
        result: Finish::Forfeit {
            loser,
            why: Forfeit::Fault(fault),
        },
    })
}

/// Plays `game` to its end between two running engines, Black's first.
fn referee(mut game: Game<Gomoku>, mut clients: [Client; 2]) -> Played {
    let mut shown = [false; 2];
    let result = loop {
        let side = game.to_move();
        let client = &mut clients[side.index()];
        let answer = if shown[side.index()] {
            let last = game.last_move().expect("the other side has moved");
            client.turn(last)
        } else {
            shown[side.index()] = true;
            if game.history().is_empty() {
                client.begin()
            } else {
                client.board(&stones(game.history()), side)
            }
        };
        match play_answer(&mut game, answer) {
            Ok(None) => {}
            Ok(Some(Outcome::Win { winner, .. })) => break Finish::Five(winner),
            Ok(Some(_)) => break Finish::Draw,
            Err(why) => break Finish::Forfeit { loser: side, why },
        }
    };
    drop(clients);
    Played {
        moves: game.history().to_vec(),
        result,
    }
}
