//! Swap2, the opening rule of freestyle and exact-five Gomoku tournaments
//! (Gomocup included): Black's first-move advantage is balanced by letting
//! the other player choose colours after seeing the opening.
//!
//! 1. The first player places three stones: Black, White, Black.
//! 2. The second player either plays White (and makes move 4), swaps (takes
//!    Black; the first player, now White, makes move 4), or places two more
//!    stones, White then Black.
//! 3. After those two stones the first player chooses a colour; White then
//!    makes move 6.
//!
//! Why a state machine of its own: each step allows exactly one kind of
//! action from exactly one player, so a `Swap2` refuses anything else with
//! a typed error and can never hold a half-made opening. It ends in
//! [`Step::Decided`]: who plays Black, and the game to go on with. Undo
//! replays every action but the last, so it works across steps.

use crate::rules::gomoku::Move;
use crate::rules::{Game, Gomoku, MoveError, Point, Side};
use std::fmt;

/// The two people (or programs), by the order they sat down: `First`
/// places the opening stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    First,
    Second,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

/// Where the opening stands: whose action is awaited, and which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The first player places stone `placed + 1` of three (B, W, B).
    PlaceThree { placed: u8 },
    /// The second player chooses: White, swap, or two more stones.
    SecondChooses,
    /// The second player places stone `placed + 1` of two more (W, B).
    PlaceTwo { placed: u8 },
    /// The first player chooses a colour for the five-stone opening.
    FirstChooses,
    /// The colours are settled: the game goes on as usual.
    Decided { black: Player },
}

/// What a player may do in the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Place(Point),
    /// Step 2: keep White and make move 4.
    PlayWhite,
    /// Step 2: take Black; the first player makes move 4 as White.
    Swap,
    /// Step 2: place two more stones instead of choosing.
    PlaceTwo,
    /// Step 3: the first player takes this colour.
    TakeColour(Side),
}

/// Why an action was refused. A refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Error {
    /// It is the other player's turn to act.
    NotYourTurn,
    /// This step awaits another kind of action (a stone, or a choice).
    NotNow,
    /// The stone itself was refused by the rules.
    Stone(MoveError),
}

impl fmt::Display for Swap2Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Swap2Error::NotYourTurn => f.write_str("it is the other player's turn"),
            Swap2Error::NotNow => f.write_str("that is not what this step of Swap2 asks for"),
            Swap2Error::Stone(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Swap2Error {}

/// A Swap2 opening in progress, or decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swap2 {
    start: Gomoku,
    game: Game<Gomoku>,
    step: Step,
    /// Every accepted action, with who made it: undo replays all but the
    /// last.
    actions: Vec<(Player, Action)>,
}

impl Swap2 {
    /// A Swap2 opening on `board` (empty; freestyle or exact five).
    pub fn new(board: Gomoku) -> Swap2 {
        Swap2 {
            game: Game::new(board.clone()),
            start: board,
            step: Step::PlaceThree { placed: 0 },
            actions: Vec::new(),
        }
    }

    pub fn step(&self) -> Step {
        self.step
    }

    /// The stones so far, as a game (Black's first move first).
    pub fn game(&self) -> &Game<Gomoku> {
        &self.game
    }

    /// The actions accepted so far, oldest first (for saves and review).
    pub fn actions(&self) -> &[(Player, Action)] {
        &self.actions
    }

    /// Who must act now: the player whose step it is, or once decided, the
    /// player of the side to move.
    pub fn to_act(&self) -> Player {
        match self.step {
            Step::PlaceThree { .. } | Step::FirstChooses => Player::First,
            Step::SecondChooses | Step::PlaceTwo { .. } => Player::Second,
            Step::Decided { black } => match self.game.to_move() {
                Side::First => black,
                Side::Second => black.other(),
            },
        }
    }

    /// Who plays Black, once decided.
    pub fn black(&self) -> Option<Player> {
        match self.step {
            Step::Decided { black } => Some(black),
            _ => None,
        }
    }

    /// `player` does `action`, or it is refused and nothing changes. After
    /// the decision, `Place` plays the game's moves as usual.
    pub fn act(&mut self, player: Player, action: Action) -> Result<(), Swap2Error> {
        if player != self.to_act() {
            return Err(Swap2Error::NotYourTurn);
        }
        let next = match (self.step, action) {
            (Step::PlaceThree { placed }, Action::Place(p)) => {
                self.place(p)?;
                if placed == 2 {
                    Step::SecondChooses
                } else {
                    Step::PlaceThree { placed: placed + 1 }
                }
            }
            (Step::SecondChooses, Action::PlayWhite) => Step::Decided {
                black: Player::First,
            },
            (Step::SecondChooses, Action::Swap) => Step::Decided {
                black: Player::Second,
            },
            (Step::SecondChooses, Action::PlaceTwo) => Step::PlaceTwo { placed: 0 },
            (Step::PlaceTwo { placed }, Action::Place(p)) => {
                self.place(p)?;
                if placed == 1 {
                    Step::FirstChooses
                } else {
                    Step::PlaceTwo { placed: 1 }
                }
            }
            (Step::FirstChooses, Action::TakeColour(side)) => Step::Decided {
                black: match side {
                    Side::First => Player::First,
                    Side::Second => Player::Second,
                },
            },
            (Step::Decided { .. }, Action::Place(p)) => {
                self.place(p)?;
                self.step
            }
            _ => return Err(Swap2Error::NotNow),
        };
        self.step = next;
        self.actions.push((player, action));
        Ok(())
    }

    /// Takes back the last action (a stone or a choice); `false` when
    /// there is none.
    pub fn undo(&mut self) -> bool {
        let Some(_) = self.actions.pop() else {
            return false;
        };
        let actions = std::mem::take(&mut self.actions);
        let mut replay = Swap2::new(self.start.clone());
        for (player, action) in actions {
            replay
                .act(player, action)
                .expect("an action accepted before is accepted again");
        }
        *self = replay;
        true
    }

    fn place(&mut self, p: Point) -> Result<(), Swap2Error> {
        self.game
            .play(Move::Stone(p))
            .map(|_| ())
            .map_err(Swap2Error::Stone)
    }
}
