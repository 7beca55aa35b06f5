//! Help from the engine: Hint makes the best move glow, and Analysis writes
//! each Connect Four column's value under it ("Win 3" = a win with your 3rd
//! move from now, "Draw", "Lose 5"), in words as well as colours so that it
//! reads without telling red from green. Searches run off the frame, are
//! cancelled when the position changes, and stop after a few seconds,
//! falling back from exact values to win/draw/loss.

use super::layout::BoardLayout;
use super::markers::spot_of;
use super::{BoardRoot, Match};
use crate::actions::{Action, UiAction};
use crate::ai::connect_four::{Book, Engine, SolveError, Solver};
use crate::ai::{Level, Rng, gomoku};
use crate::game_setup::{BoardMove, MatchGame};
use crate::rules::{Column, ConnectFour};
use crate::search_task::{self, Search, SearchKind};
use crate::states::{AppSystems, GamePhase, Screen};
use crate::theme::palette;
use bevy::prelude::*;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    search_task::track::<HintSearch>(app);
    search_task::track::<AnalysisSearch>(app);
    app.init_resource::<ShowAnalysis>().add_systems(
        Update,
        (
            requests,
            start_analysis,
            finish::<HintSearch>,
            finish::<AnalysisSearch>,
            show_hint,
            show_analysis,
        )
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Game)),
    );
}

/// Whether column values are shown (kept across games).
#[derive(Resource, Default, Debug)]
pub struct ShowAnalysis(pub bool);

/// The last hint found.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Hint(pub Insight);

/// The last analysis found.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Analysis(pub Insight);

/// The answer for one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Insight {
    pub revision: u64,
    pub found: Found,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// The best move(s).
    Hint(Vec<BoardMove>),
    /// Each column's value for the side to move; `None`: full column.
    Columns(Vec<Option<Value>>),
}

/// A column's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// Win with the player's `n`-th move from now (this one is the first).
    WinIn(u32),
    Win,
    Draw,
    LoseIn(u32),
    Lose,
    /// Still being worked out.
    Pending,
}

impl Value {
    pub fn label(self) -> String {
        match self {
            Value::WinIn(n) => format!("Win {n}"),
            Value::Win => "Win".into(),
            Value::Draw => "Draw".into(),
            Value::LoseIn(n) => format!("Lose {n}"),
            Value::Lose => "Lose".into(),
            Value::Pending => "...".into(),
        }
    }
}

/// The two kinds of help, searched separately, so that asking for a hint
/// does not cancel the analysis or the other way round.
pub struct HintSearch;
pub struct AnalysisSearch;

impl SearchKind for HintSearch {
    type Output = Option<Found>;
}

impl SearchKind for AnalysisSearch {
    type Output = Option<Found>;
}

/// A few seconds at most for each kind of search.
const BUDGET: Duration = Duration::from_secs(3);

fn requests(
    mut commands: Commands,
    mut actions: MessageReader<UiAction>,
    game: Res<Match>,
    time: Res<Time<Real>>,
    mut shown: ResMut<ShowAnalysis>,
) {
    for UiAction(action) in actions.read() {
        match action {
            Action::Hint if !game.game.is_over() => {
                let position = game.game.clone();
                commands.insert_resource(Search::<HintSearch>::start(
                    game.revision,
                    time.elapsed(),
                    move |stop| hint(&position, stop),
                ));
            }
            Action::ToggleAnalysis => {
                shown.0 = !shown.0;
            }
            _ => {}
        }
    }
}

/// With analysis on, every new Connect Four position is analysed.
fn start_analysis(
    mut commands: Commands,
    game: Res<Match>,
    time: Res<Time<Real>>,
    shown: Res<ShowAnalysis>,
    searching: Option<Res<Search<AnalysisSearch>>>,
    insight: Option<Res<Analysis>>,
) {
    let MatchGame::ConnectFour(g) = &game.game else {
        return;
    };
    let current = insight.is_some_and(|i| i.0.revision == game.revision);
    let busy = searching.is_some_and(|s| s.revision == game.revision);
    if !shown.0 || g.is_over() || current || busy {
        return;
    }
    let board = *g.position();
    commands.insert_resource(Search::<AnalysisSearch>::start(
        game.revision,
        time.elapsed(),
        move |stop| analyse(&board, stop).map(Found::Columns),
    ));
}

fn finish<K: SearchKind<Output = Option<Found>>>(
    mut commands: Commands,
    game: Res<Match>,
    searching: Option<ResMut<Search<K>>>,
) {
    let Some(mut searching) = searching else {
        return;
    };
    if searching.revision != game.revision {
        return;
    }
    if let Some(result) = searching.poll() {
        commands.remove_resource::<Search<K>>();
        if let Some(found) = result {
            let insight = Insight {
                revision: game.revision,
                found,
            };
            match insight.found {
                Found::Hint(_) => commands.insert_resource(Hint(insight)),
                Found::Columns(_) => commands.insert_resource(Analysis(insight)),
            }
        }
    }
}

/// The best move: exact for Connect Four when time allows, the strongest
/// engine level otherwise.
pub fn hint(game: &MatchGame, stop: &AtomicBool) -> Option<Found> {
    match game {
        MatchGame::ConnectFour(g) => {
            // The strongest level: exact where the solver finishes in time,
            // its best judgement where it does not.
            let mut rng = Rng::new(g.history().len() as u64);
            let column = Engine::new().choose_move(g.position(), Level::Master, &mut rng, stop)?;
            Some(Found::Hint(vec![BoardMove::Column(column)]))
        }
        MatchGame::Gomoku(g) => {
            let mut rng = Rng::new(g.history().len() as u64);
            gomoku::quick_move(g.position(), &mut rng)
                .map(|p| Found::Hint(vec![BoardMove::Point(p)]))
        }
    }
}

/// Every column's value: exact scores if they come within the budget, else
/// only win/draw/loss, else nothing.
pub fn analyse(board: &ConnectFour, stop: &AtomicBool) -> Option<Vec<Option<Value>>> {
    let mut solver = Solver::new();
    // In a game against Master every reply to its opening move is a book
    // position, so the opening's values come at once.
    solver.set_book(Book::standard());
    solver.set_deadline(Some(Instant::now() + BUDGET));
    match solver.analyze(board, stop) {
        Ok(scores) => Some(
            scores
                .into_iter()
                .map(|s| s.map(|s| exact_value(board, s)))
                .collect(),
        ),
        Err(SolveError::OutOfBudget) => {
            solver.set_deadline(Some(Instant::now() + BUDGET));
            weak_values(&mut solver, board, stop)
        }
        Err(_) => None,
    }
}

/// Win, draw or loss of each column, asked of the solver's own weak analysis
/// (a move that fills the board is a draw, one that completes a line a win).
pub fn weak_values(
    solver: &mut Solver,
    board: &ConnectFour,
    stop: &AtomicBool,
) -> Option<Vec<Option<Value>>> {
    let position =
        crate::ai::connect_four::Position::<crate::ai::connect_four::Variant>::from_any(board)
            .ok()?;
    let scores = solver.analyze_position(&position, true, stop).ok()?;
    Some(
        scores
            .into_iter()
            .map(|s| s.map(|s| [Value::Lose, Value::Draw, Value::Win][(s.signum() + 1) as usize]))
            .collect(),
    )
}

/// An exact score as moves: the winner places its last stone when it has
/// `half - score` stones, where `half` is half the cells plus one.
fn exact_value(board: &ConnectFour, score: i32) -> Value {
    let cells = board.size().cells() as i32;
    let half = (cells + 1) / 2 + 1;
    let played = board.moves_played() as i32;
    let mine = played / 2;
    let theirs = (played + 1) / 2;
    match score.signum() {
        1 => Value::WinIn((half - score - mine).max(1) as u32),
        -1 => Value::LoseIn((half + score - theirs).max(1) as u32),
        _ => Value::Draw,
    }
}

#[derive(Component)]
struct HintGlow;

#[derive(Component)]
struct AnalysisLabel;

/// The hinted move glows until the position changes.
fn show_hint(
    mut commands: Commands,
    game: Res<Match>,
    insight: Option<Res<Hint>>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    glows: Query<Entity, With<HintGlow>>,
    time: Res<Time>,
    mut sprites: Query<&mut Sprite, With<HintGlow>>,
) {
    let wanted = insight
        .as_ref()
        .filter(|i| i.0.revision == game.revision)
        .and_then(|i| match &i.0.found {
            Found::Hint(moves) => Some(moves.clone()),
            Found::Columns(_) => None,
        });
    match wanted {
        Some(moves) if glows.is_empty() => {
            for mv in moves {
                let (at, size) = spot_of(&layout, mv);
                let glow = commands
                    .spawn((
                        Name::new("Hint"),
                        HintGlow,
                        Sprite::from_color(palette::ACCENT.with_alpha(0.3), size),
                        Transform::from_xyz(at.x, at.y, 7.0),
                    ))
                    .id();
                commands.entity(*root).add_child(glow);
            }
        }
        Some(_) => {
            let alpha = 0.22 + 0.14 * (time.elapsed_secs() * 5.0).sin();
            for mut sprite in &mut sprites {
                sprite.color = palette::ACCENT.with_alpha(alpha);
            }
        }
        None => {
            for glow in &glows {
                commands.entity(glow).despawn();
            }
        }
    }
}

/// Column values under the board while analysis is on.
fn show_analysis(
    mut commands: Commands,
    game: Res<Match>,
    shown: Res<ShowAnalysis>,
    phase: Res<State<GamePhase>>,
    insight: Option<Res<Analysis>>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    labels: Query<Entity, With<AnalysisLabel>>,
    mut last: Local<Option<(u64, bool, bool)>>,
) {
    let MatchGame::ConnectFour(g) = &game.game else {
        return;
    };
    let values = insight
        .as_ref()
        .filter(|i| i.0.revision == game.revision)
        .and_then(|i| match &i.0.found {
            Found::Columns(values) => Some(values.clone()),
            Found::Hint(_) => None,
        });
    let show = shown.0 && *phase.get() == GamePhase::Playing;
    let key = (game.revision, values.is_some(), show);
    if *last == Some(key) {
        return;
    }
    *last = Some(key);
    for label in &labels {
        commands.entity(label).despawn();
    }
    if !show {
        return;
    }
    // While the search runs, each open column shows that it is coming.
    let values = values.unwrap_or_else(|| {
        (0..layout.columns)
            .map(|c| g.position().can_play(Column(c)).then_some(Value::Pending))
            .collect()
    });
    let y = -layout.half_extent().y - layout.cell * 0.72;
    for (column, value) in values.iter().enumerate() {
        let Some(value) = value else { continue };
        let colour = match value {
            Value::WinIn(_) | Value::Win => Color::srgb(0.45, 0.75, 1.0),
            Value::Draw | Value::Pending => palette::TEXT_DIM,
            Value::LoseIn(_) | Value::Lose => Color::srgb(1.0, 0.62, 0.25),
        };
        let label = commands
            .spawn((
                Name::new("Analysis"),
                AnalysisLabel,
                Text2d::new(value.label()),
                TextFont::from_font_size((layout.cell * 0.2).clamp(12.0, 20.0)),
                TextColor(colour),
                Transform::from_xyz(layout.centre(column as u8, 0).x, y, 7.0),
            ))
            .id();
        commands.entity(*root).add_child(label);
    }
}
