//! An opening in progress, or decided: the stones so far, who holds Black,
//! what is awaited and every action that led here.
//!
//! Why a state machine: each step allows exactly one kind of action from
//! exactly one player, so an `Opening` refuses anything else with a typed
//! error and can never hold a half-made step. Each rule's order of steps is
//! in its own file; the offers and the pick, which two rules share, are
//! here. Undo replays every action but the last, so it works across steps.

use super::step::{Action, OpeningError, Player, Step};
use super::{OpeningRule, soosorv, swap2, symmetry, taraguchi};
use crate::rules::gomoku::Move;
use crate::rules::{Game, Gomoku, Point, Side};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    rule: OpeningRule,
    /// The empty board it started from (size and rule set).
    start: Gomoku,
    game: Game<Gomoku>,
    /// Who holds Black now (tentatively until decided).
    black: Player,
    step: Step,
    /// How many fifth moves Black must offer (Soosõrv's declaration,
    /// Taraguchi's ten); 0 before it is known.
    pub(super) declared: u8,
    offers: Vec<Point>,
    actions: Vec<Action>,
}

impl Opening {
    /// An opening under `rule` on an empty board of `board`'s size and rule
    /// set. Under [`OpeningRule::None`] it is decided at once: the first
    /// player is Black.
    pub fn new(rule: OpeningRule, board: &Gomoku) -> Opening {
        let start = Gomoku::empty(board.board_size(), board.rule());
        let step = match rule {
            OpeningRule::None => Step::Decided,
            OpeningRule::Swap2 => Step::Place {
                by: Player::First,
                area: None,
            },
            OpeningRule::Soosorv8 | OpeningRule::Taraguchi10 => Step::Place {
                by: Player::First,
                area: rule.area(0),
            },
        };
        Opening {
            rule,
            game: Game::new(start.clone()),
            start,
            black: Player::First,
            step,
            declared: 0,
            offers: Vec::new(),
            actions: Vec::new(),
        }
    }

    /// The opening `actions` make, each by the player whose step it is.
    pub fn replayed(
        rule: OpeningRule,
        board: &Gomoku,
        actions: impl IntoIterator<Item = Action>,
    ) -> Result<Opening, (usize, Action, OpeningError)> {
        let mut opening = Opening::new(rule, board);
        for (i, action) in actions.into_iter().enumerate() {
            opening
                .act(opening.to_act(), action)
                .map_err(|e| (i, action, e))?;
        }
        Ok(opening)
    }

    /// The opening as it stood when its game had `stones` moves: every
    /// action up to the one that would place a stone more (the choices
    /// made after the last of them included).
    pub fn up_to(&self, stones: usize) -> Opening {
        let mut opening = Opening::new(self.rule, &self.start);
        for &action in &self.actions {
            let mut next = opening.clone();
            if next.act(next.to_act(), action).is_err() || next.stones() > stones {
                break;
            }
            opening = next;
        }
        opening
    }

    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn is_decided(&self) -> bool {
        self.step == Step::Decided
    }

    /// The stones so far, as a game (Black's first move first).
    pub fn game(&self) -> &Game<Gomoku> {
        &self.game
    }

    /// The actions accepted so far, oldest first (for saves and review).
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Who holds Black now (until decided, it may still change).
    pub fn black(&self) -> Player {
        self.black
    }

    /// Who holds `side` now.
    pub fn holder(&self, side: Side) -> Player {
        match side {
            Side::First => self.black,
            Side::Second => self.black.other(),
        }
    }

    /// The colour `player` holds now.
    pub fn side_held_by(&self, player: Player) -> Side {
        if self.black == player {
            Side::First
        } else {
            Side::Second
        }
    }

    /// How many fifth moves Black must offer (0 before it is known).
    pub fn declared(&self) -> u8 {
        self.declared
    }

    /// The fifth moves offered so far, while they are on offer.
    pub fn offers(&self) -> &[Point] {
        match self.step {
            Step::Offer { .. } | Step::Pick => &self.offers,
            _ => &[],
        }
    }

    /// Who must act now: the player whose step it is, or once decided, the
    /// holder of the side to move.
    pub fn to_act(&self) -> Player {
        match self.step {
            Step::Place { by, .. } | Step::MaySwap { by } => by,
            Step::Swap2Choice => Player::Second,
            Step::ChooseColour => Player::First,
            Step::Declare | Step::Pick => self.holder(Side::Second),
            Step::FifthChoice | Step::Offer { .. } => self.holder(Side::First),
            Step::Decided => self.holder(self.game.to_move()),
        }
    }

    /// The action a click on `p` stands for at this step, if any: a stone,
    /// an offer or a pick.
    pub fn click(&self, p: Point) -> Option<Action> {
        match self.step {
            Step::Place { .. } | Step::FifthChoice => Some(Action::Place(p)),
            Step::Offer { .. } => Some(Action::Offer(p)),
            Step::Pick => Some(Action::Pick(p)),
            _ => None,
        }
    }

    /// `player` does `action`, or it is refused and nothing changes. Once
    /// decided, every action is refused: the game goes on in its own right.
    pub fn act(&mut self, player: Player, action: Action) -> Result<(), OpeningError> {
        if player != self.to_act() {
            return Err(OpeningError::NotYourTurn);
        }
        let before = self.clone();
        let next = match (self.step, action) {
            (Step::Decided, _) => Err(OpeningError::NotNow),
            (Step::Offer { wanted }, Action::Offer(p)) => self.offer(p, wanted),
            (Step::Pick, Action::Pick(p)) => self.pick(p),
            _ => match self.rule {
                OpeningRule::None => Err(OpeningError::NotNow),
                OpeningRule::Swap2 => swap2::next(self, action),
                OpeningRule::Soosorv8 => soosorv::next(self, action),
                OpeningRule::Taraguchi10 => taraguchi::next(self, action),
            },
        };
        match next {
            Ok(step) => {
                self.step = step;
                self.actions.push(action);
                Ok(())
            }
            Err(e) => {
                *self = before;
                Err(e)
            }
        }
    }

    /// Takes back the last action (a stone, a choice, an offer); `false`
    /// when there is none.
    pub fn undo(&mut self) -> bool {
        if self.actions.pop().is_none() {
            return false;
        }
        let actions = std::mem::take(&mut self.actions);
        *self = Opening::replayed(self.rule, &self.start, actions)
            .expect("actions accepted before are accepted again");
        true
    }

    /// Places the next stone (the colour to move), inside the central
    /// `area` square when there is one.
    pub(super) fn place(&mut self, p: Point, area: Option<u8>) -> Result<(), OpeningError> {
        if let Some(n) = area
            && !within(self.start.size(), n, p)
        {
            return Err(OpeningError::OutsideArea(n));
        }
        self.game
            .play(Move::Stone(p))
            .map(|_| ())
            .map_err(OpeningError::Stone)
    }

    /// `chooser` took the other colour, or kept its own.
    pub(super) fn swap_if(&mut self, action: Action) -> Result<(), OpeningError> {
        match action {
            Action::Swap => {
                self.black = self.black.other();
                Ok(())
            }
            Action::Keep => Ok(()),
            _ => Err(OpeningError::NotNow),
        }
    }

    pub(super) fn set_black(&mut self, player: Player) {
        self.black = player;
    }

    /// How many stones are down.
    pub(super) fn stones(&self) -> usize {
        self.game.position().stones()
    }

    fn offer(&mut self, p: Point, wanted: u8) -> Result<Step, OpeningError> {
        // The offer must be a move Black may make here.
        let mut trial = self.game.clone();
        trial.play(Move::Stone(p)).map_err(OpeningError::Stone)?;
        let position = self.game.position();
        if self
            .offers
            .iter()
            .any(|&o| o == p || symmetry::same_move(position, o, p))
        {
            return Err(OpeningError::SameOffer);
        }
        self.offers.push(p);
        Ok(if self.offers.len() == wanted as usize {
            Step::Pick
        } else {
            Step::Offer { wanted }
        })
    }

    fn pick(&mut self, p: Point) -> Result<Step, OpeningError> {
        if !self.offers.contains(&p) {
            return Err(OpeningError::NotOffered);
        }
        self.place(p, None)?;
        Ok(Step::Decided)
    }
}

/// Whether `p` lies in the central `n`×`n` square of a `size` board (on an
/// even board, the square around the point just before the middle).
pub fn within(size: u8, n: u8, p: Point) -> bool {
    let centre = (size - 1) / 2;
    let half = n / 2;
    p.x.abs_diff(centre) <= half && p.y.abs_diff(centre) <= half
}
