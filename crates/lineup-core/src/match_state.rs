//! The match being played, in plain Rust: its set-up, the game so far, and
//! the names that tell it from every other match and every other state of
//! itself. The game layer holds it in a resource; the command line and the
//! saves build it without Bevy.

use crate::match_clock::GameClock;
use crate::match_setup::{MatchSetup, PlayerKind};
use crate::net::OnlineSeat;
use crate::persist::save_file::SaveFile;
use crate::rules::opening::{Action, Opening, OpeningError, OpeningRule, Player};
use crate::rules::{BoardMove, Ending, MatchGame, MoveError, Side, Undone};
use crate::unix_time;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The match in play: its set-up and the game itself. `revision` names the
/// state of the match: it changes with every move, undo, redo and
/// resignation (each method that changes the match gives it a new one
/// itself), and is never reused in this run, not even by the next match,
/// so that work keyed on it (a search, a hint, drawn markers, the autosave)
/// can never be taken for another position's. The fields are read through
/// methods and changed only by the methods that keep that promise.
///
/// ```
/// use lineup_core::match_setup::{GameKind, Level, MatchSetup, PlayerKind};
/// use lineup_core::match_state::Match;
/// use lineup_core::rules::{BoardMove, Column};
///
/// let players = [PlayerKind::Human, PlayerKind::Computer(Level::Easy)];
/// let mut m = Match::new(MatchSetup::new(GameKind::default(), players));
/// let start = m.revision();
/// m.play(BoardMove::Column(Column(3))).expect("the person's move");
/// m.play(BoardMove::Column(Column(2))).expect("the computer's answer");
/// assert_ne!(m.revision(), start);
/// // Undo takes back the computer's answer too: the person moves again.
/// assert_eq!(m.undo_turn(), Some(2));
/// assert_eq!(m.game().move_count(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Match {
    setup: MatchSetup,
    /// The game: every move from the first stone (under an opening rule,
    /// the opening's stones first; while the opening goes on, only its
    /// stones, copied from it after each action).
    game: MatchGame,
    /// The opening, under an opening rule: its steps, and who holds which
    /// colour.
    opening: Option<Opening>,
    /// Why the side that resigned lost, when a Gomocup engine forfeited
    /// (a crash, a hang, prose, an illegal move).
    forfeit: Option<String>,
    revision: u64,
    /// When the match began (seconds since 1970), kept by its saves.
    created: u64,
    /// Tells this match from every other, so a save never replaces another
    /// game's save of the same name.
    id: u64,
    /// An online match's seat (the server decides its moves).
    online: Option<OnlineSeat>,
    /// The players' names, where known (online: as the server has them).
    names: [Option<String>; 2],
    /// The players' clocks, in a timed match: run here offline, copied
    /// from the server's online (only the server decides a flag there).
    clock: Option<GameClock>,
}

impl Match {
    pub fn setup(&self) -> MatchSetup {
        self.setup
    }

    pub fn game(&self) -> &MatchGame {
        &self.game
    }

    /// How many of the game's first moves its opening rule placed (none
    /// without one): review never marks them as a colour's mistake.
    pub fn opening_moves(&self) -> usize {
        self.opening
            .as_ref()
            .map_or(0, |o| o.game().position().stones())
    }

    /// The opening rule's state (kept after the colours are decided, for
    /// saves and undo); see [`Match::opening_under_way`].
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// Why the side that resigned lost, when a Gomocup engine forfeited.
    pub fn forfeit(&self) -> Option<&str> {
        self.forfeit.as_deref()
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn created(&self) -> u64 {
        self.created
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn online(&self) -> Option<&OnlineSeat> {
        self.online.as_ref()
    }

    pub fn names(&self) -> &[Option<String>; 2] {
        &self.names
    }

    /// The players' clocks, in a timed match.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// Plays `mv` at `now` (milliseconds on the window's steady clock):
    /// as [`Match::play`], and the clock of the side that moved stops. A
    /// move after that side's time ran out is refused, and the side loses
    /// on time.
    pub fn play_at(&mut self, mv: BoardMove, now: u64) -> Result<(), MoveError> {
        if self.flag_fall(now).is_some() {
            return Err(MoveError::GameOver);
        }
        let side = self.game.to_move();
        self.play(mv)?;
        // Online the server's clock is the one that counts; its views
        // replace this copy.
        if !self.is_online_clock()
            && let Some(clock) = &mut self.clock
        {
            let _ = clock.press(side, now);
            if self.game.is_over() {
                clock.pause(now);
            }
        }
        Ok(())
    }

    /// The side whose time ran out at `now`, who then loses on time (a
    /// match decided here: online, the server's word comes instead).
    pub fn flag_fall(&mut self, now: u64) -> Option<Side> {
        if self.game.is_over() || self.is_online_clock() {
            return None;
        }
        let side = self.clock.as_mut()?.flag(now)?;
        self.lose_on_time(side).ok()?;
        Some(side)
    }

    /// `side` loses on time (here, or as the server decided online).
    pub fn lose_on_time(&mut self, side: Side) -> Result<(), MoveError> {
        self.resign(side)?;
        self.forfeit = Some(TIME_RAN_OUT.to_string());
        Ok(())
    }

    /// Whether the clock is the server's copy (an online match).
    fn is_online_clock(&self) -> bool {
        self.setup.is_online()
    }

    /// Stops the running clock at `now` (a menu over the board, review):
    /// offline, nobody's time runs while nobody can move.
    pub fn pause_clock(&mut self, now: u64) {
        if !self.is_online_clock()
            && let Some(clock) = &mut self.clock
        {
            clock.pause(now);
        }
    }

    /// Starts the clock of the side to move again at `now` (after the
    /// first move; a game not over).
    pub fn resume_clock(&mut self, now: u64) {
        if !self.is_online_clock()
            && !self.game.is_over()
            && self.game.move_count() > 0
            && let Some(clock) = &mut self.clock
        {
            clock.start(now);
        }
    }

    /// An untimed online room: no clocks.
    pub fn set_server_clock_off(&mut self) {
        self.clock = None;
    }

    /// Whether `side` lost on time.
    pub fn lost_on_time(&self) -> Option<Side> {
        match self.game.ending() {
            Some(Ending::Resigned { winner }) if self.forfeit.as_deref() == Some(TIME_RAN_OUT) => {
                Some(winner.other())
            }
            _ => None,
        }
    }

    /// The server's clocks as its last view says, running on from `now`.
    pub fn set_server_clock(&mut self, view: &crate::net::ClockView, spent: &[u64], now: u64) {
        let to_move = view.running.unwrap_or(self.game.to_move());
        let Some(mut clock) =
            GameClock::resumed(view.control, view.left_ms, to_move, spent.to_vec())
        else {
            self.clock = None;
            return;
        };
        if view.running.is_some() {
            clock.start(now);
        }
        self.clock = Some(clock);
    }

    pub fn new(setup: MatchSetup) -> Self {
        let mut new = Match::resumed(setup, setup.kind.new_game(), unix_time::now(), new_id());
        new.clock = GameClock::new(setup.clock);
        if let (MatchGame::Gomoku(game), rule) = (&new.game, setup.opening())
            && rule != OpeningRule::None
        {
            new.opening = Some(Opening::new(rule, game.position()));
        }
        new
    }

    /// The opening while it goes on (`None` without an opening rule and
    /// once the colours are decided).
    pub fn opening_under_way(&self) -> Option<&Opening> {
        self.opening.as_ref().filter(|o| !o.is_decided())
    }

    /// The player to act does `action` in the opening; on success the game
    /// shows the opening's stones.
    pub fn act_in_opening(&mut self, action: Action) -> Result<(), OpeningError> {
        if self.game.is_over() {
            return Err(OpeningError::NotNow);
        }
        let opening = self.opening.as_mut().ok_or(OpeningError::NotNow)?;
        opening.act(opening.to_act(), action)?;
        self.game = MatchGame::Gomoku(opening.game().clone());
        self.touch();
        Ok(())
    }

    /// Plays `mv` for the side to move; a refused move changes nothing.
    pub fn play(&mut self, mv: BoardMove) -> Result<(), MoveError> {
        self.game.play(mv)?;
        self.touch();
        Ok(())
    }

    /// `side` gives up; refused when the game is already over.
    pub fn resign(&mut self, side: Side) -> Result<(), MoveError> {
        self.game.resign(side)?;
        self.touch();
        Ok(())
    }

    /// The side to move loses for what its engine did (`why`).
    pub fn forfeit_turn(&mut self, why: String) -> Result<(), MoveError> {
        self.resign(self.game.to_move())?;
        self.forfeit = Some(why);
        Ok(())
    }

    /// Takes back the last `count` moves (an online undo agreed on the
    /// server); stops early where there is nothing left to take back.
    pub fn take_back(&mut self, count: usize) {
        for _ in 0..count {
            if self.game.undo().is_none() {
                break;
            }
        }
        self.touch();
    }

    /// Whether Undo has anything to take back: a move or an ending, and
    /// no loss on time, which is final (the clock cannot be wound back).
    pub fn can_undo(&self) -> bool {
        self.lost_on_time().is_none() && (self.game.move_count() > 0 || self.game.is_over())
    }

    /// Whether Redo has a move to replay: never in a timed match, where a
    /// move replayed would take no time.
    pub fn can_redo(&self) -> bool {
        self.clock.is_none() && self.game.can_redo()
    }

    /// Undo at `now` (see [`Match::undo_turn`]): in a timed match the
    /// clock goes on for the side to move, the time used is not given back.
    pub fn undo_turn_at(&mut self, now: u64) -> Option<usize> {
        if !self.can_undo() {
            return None;
        }
        let count = self.undo_turn()?;
        let to_move = self.game.to_move();
        if let Some(clock) = &mut self.clock {
            clock.take_back(count, to_move, now);
        }
        Some(count)
    }

    /// The same match with the players' names (an online opponent joined).
    pub fn set_names(&mut self, names: [Option<String>; 2]) {
        self.names = names;
    }

    /// The match with `names` for its players.
    pub fn with_names(mut self, names: [Option<String>; 2]) -> Self {
        self.names = names;
        self
    }

    /// The match as played online on `seat`.
    pub fn with_seat(mut self, seat: Option<OnlineSeat>) -> Self {
        self.online = seat;
        self
    }

    /// An online match whose room is gone, going on here: both sides played
    /// on this computer.
    pub fn played_here(mut self) -> Self {
        self.setup.players = [PlayerKind::Human; 2];
        self.online = None;
        self.touch();
        self
    }

    /// A new match of `setup` from `game`, a position of an earlier match
    /// under `opening` (review's Play from here): the opening as it stood
    /// when the position was reached, so each person keeps the colour
    /// they had then.
    pub fn from_position(setup: MatchSetup, opening: Option<&Opening>, game: MatchGame) -> Self {
        let mut new = Match::new(setup);
        new.opening = opening.map(|o| o.up_to(game.move_count()));
        new.game = game;
        new
    }

    /// A match going on from `game` (a loaded save, a position).
    pub fn resumed(setup: MatchSetup, game: MatchGame, created: u64, id: u64) -> Self {
        Match {
            setup,
            game,
            revision: fresh_revision(),
            created,
            // A save from before ids were kept (0) gets one of its own, so
            // two such games never share a save.
            id: if id == 0 { new_id() } else { id },
            online: None,
            names: [None, None],
            opening: None,
            forfeit: None,
            clock: None,
        }
    }

    /// The match a save holds, going on from `game` (its replayed moves).
    pub fn from_save(save: &SaveFile, game: MatchGame) -> Self {
        // A clock with more moves than the game is no clock of it.
        let clock = save
            .clock
            .clone()
            .filter(|c| c.spent_ms().len() <= game.move_count());
        let forfeit = (save.clock.as_ref().and_then(GameClock::flagged).is_some()
            && game.is_over())
        .then(|| TIME_RAN_OUT.to_string());
        Match {
            online: save.online.clone(),
            // `replay` has checked the opening already.
            opening: save.replay_opening().ok().flatten(),
            clock,
            forfeit,
            ..Match::resumed(save.setup, game, save.created, save.game_id)
        }
    }

    /// Marks a change of the match.
    fn touch(&mut self) {
        self.revision = fresh_revision();
    }

    /// Who gives up when Resign is confirmed: the person playing, whoever is
    /// to move (the computer may be thinking); between two people or two
    /// computers, the side to move.
    pub fn resigning_side(&self) -> Side {
        // In the opening, the one whose step it is may not hold the colour
        // to move (Soosõrv's declaration, Swap2's colour choice).
        let to_move = match self.opening_under_way() {
            Some(opening) => opening.side_held_by(opening.to_act()),
            None => self.game.to_move(),
        };
        let humans: Vec<Side> = [Side::First, Side::Second]
            .into_iter()
            .filter(|s| self.player_of(*s) == PlayerKind::Human)
            .collect();
        match humans.as_slice() {
            [only] => *only,
            _ => to_move,
        }
    }

    /// Takes back the last move, and against the computer also its reply, so
    /// that a person is to move again. Returns how many moves went (0 when
    /// only a resignation was taken back), or `None` when there was nothing
    /// to undo.
    pub fn undo_turn(&mut self) -> Option<usize> {
        let count = match self.undo_one()? {
            Undone::Resignation => {
                self.forfeit = None;
                0
            }
            Undone::Move(()) => {
                let mut count = 1;
                // Never stop where the side to move may only pass: the
                // pass would be made again at once, and nothing before it
                // could be reached.
                while (self.computer_answers_a_person() || self.game.must_pass())
                    && self.undo_one().is_some()
                {
                    count += 1;
                }
                count
            }
        };
        self.touch();
        Some(count)
    }

    /// Takes back the resignation, the last move or, back in the opening,
    /// its last action (a stone, a choice or an offer).
    fn undo_one(&mut self) -> Option<Undone<()>> {
        let resigned = matches!(self.game.ending(), Some(Ending::Resigned { .. }));
        let moves = self.game.move_count();
        if let Some(opening) = &mut self.opening
            && !resigned
            && moves <= opening.game().history().len()
            && opening.undo()
        {
            self.game = MatchGame::Gomoku(opening.game().clone());
            return Some(Undone::Move(()));
        }
        self.game.undo()
    }

    /// Replays an undone move, and the computer's reply after it.
    pub fn redo_turn(&mut self) -> usize {
        if !self.can_redo() {
            return 0;
        }
        let mut count = 0;
        if self.game.redo() {
            count += 1;
            while self.computer_answers_a_person() && self.game.redo() {
                count += 1;
            }
            self.touch();
        }
        count
    }

    /// Whether the computer is to move in a game a person plays: undo and
    /// redo go on past its moves, so that the person is to move again.
    fn computer_answers_a_person(&self) -> bool {
        let someone_human = self.setup.players.iter().any(|p| !p.is_computer());
        someone_human && self.player_to_move().is_computer()
    }

    /// An online match whose opponent has not come yet: the room is open and
    /// the side played on the other machine has no name.
    pub fn awaits_opponent(&self) -> bool {
        [Side::First, Side::Second].into_iter().any(|side| {
            self.setup.players[side.index()] == PlayerKind::Online
                && self.names[side.index()].is_none()
        })
    }

    /// Who acts now: in the opening, the player whose step it is; then
    /// whoever plays the side to move.
    pub fn player_to_move(&self) -> PlayerKind {
        match self.opening_under_way() {
            Some(opening) => self.setup.players[opening.to_act().index()],
            None => self.player_of(self.game.to_move()),
        }
    }

    /// Who plays `side` (under an opening rule, as the opening has settled
    /// it so far).
    pub fn player_of(&self, side: Side) -> PlayerKind {
        self.setup.players[self.holder(side).index()]
    }

    /// Which of the two players holds `side`: the first player is Black
    /// unless an opening rule has settled otherwise.
    pub fn holder(&self, side: Side) -> Player {
        match &self.opening {
            Some(opening) => opening.holder(side),
            None if side == Side::First => Player::First,
            None => Player::Second,
        }
    }

    pub fn side_name(&self, side: Side) -> &'static str {
        self.setup.kind.side_name(side)
    }

    /// Who plays `side`, for the panel: the name if known ("Ann"), else the
    /// kind of player ("Medium computer").
    pub fn player_label(&self, side: Side) -> String {
        match &self.names[side.index()] {
            Some(name) => name.clone(),
            None => self.player_of(side).short_label(),
        }
    }
}

/// What [`Match::forfeit`] says of a side that lost on time.
pub const TIME_RAN_OUT: &str = "time ran out";

/// A revision number never given before in this run: for a match, and for
/// anything else that names a state of the board (a reviewed position).
pub fn fresh_revision() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A number for a new match that no other match has: the time in
/// nanoseconds mixed with a counter.
pub fn new_id() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    (nanos ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15)).max(1)
}
