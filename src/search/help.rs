//! Help from the engine: Hint makes the best move glow, and Values writes
//! each Connect Four column's value under it ("Win 3" = a win with your 3rd
//! move from now, "Draw", "Lose 5"), in words as well as colours so that it
//! reads without telling red from green. Searches run off the frame and are
//! cancelled when the position changes. Values are only ever proven ones:
//! each column shows "…" until its outcome is proven, then "Win …" or
//! "Lose …" until its distance is, filling in as the solver finds them
//! (see [`lineup_core::ai::connect_four::values`]).

use super::layout::BoardLayout;
use super::markers::spot_of;
use super::{BoardRoot, CurrentMatch};
use crate::locale::Locale;
use crate::names;
use crate::search_task::{self, BackgroundSearch, SearchKind};
use crate::states::{AppSystems, BoardMode, GamePhase, Screen};
use crate::theme::interaction::{self, ButtonMessage};
use crate::theme::palette::Palette;
use bevy::prelude::*;
use lineup_core::ai::advice::{Certainty, Found, PROOF_TIME, Value, column_values, hint_reporting};
use lineup_core::ai::connect_four::values;
use lineup_core::rules::{Column, ConnectFour, MatchGame};
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<HelpRequest>(app);
    search_task::track::<HintSearch>(app);
    search_task::track::<ValuesSearch>(app);
    app.init_resource::<ShowValues>()
        .init_resource::<ProvenValues>()
        .add_systems(
            Update,
            (
                requests,
                start_analysis,
                finish_hint,
                take_values,
                show_hint,
                show_analysis,
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(Screen::Game)),
        );
}

/// Help from the engine, asked from the panel.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpRequest {
    /// Show the best move for the side to move.
    Hint,
    /// Show or hide every column's value (Connect Four).
    ToggleValues,
}

impl ButtonMessage for HelpRequest {}

/// Whether column values are shown (kept across games).
#[derive(Resource, Default, Debug)]
pub struct ShowValues(pub bool);

/// Values proven before, by position, so that undo and redo (a line
/// explored back and forth) show them at once instead of solving again.
#[derive(Resource, Default)]
struct ProvenValues(HashMap<ConnectFour, Vec<Option<Value>>>);

/// Positions [`ProvenValues`] keeps before it starts afresh (a few hundred
/// bytes each).
const PROVEN_KEPT: usize = 4096;

/// The last hint found.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Hint(pub Insight);

/// The last analysis found.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct ValuesShown(pub Insight);

/// The answer for one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Insight {
    pub revision: u64,
    pub found: Found,
}

/// The two kinds of help, searched separately, so that asking for a hint
/// does not cancel the analysis or the other way round.
pub struct HintSearch;
pub struct ValuesSearch;

impl SearchKind for HintSearch {
    /// A hint; a provisional one is followed by the proven one.
    type Output = Found;
}

impl SearchKind for ValuesSearch {
    /// Every column's value as far as it is proven (`None`: full column).
    type Output = Vec<Option<Value>>;
}

fn requests(
    mut commands: Commands,
    mut requests: MessageReader<HelpRequest>,
    game: Res<CurrentMatch>,
    time: Res<Time<Real>>,
    mut shown: ResMut<ShowValues>,
) {
    for request in requests.read() {
        match request {
            // No hint in an opening: its steps are not moves.
            HelpRequest::Hint if !game.game().is_over() && game.opening_under_way().is_none() => {
                let position = game.game().clone();
                commands.insert_resource(BackgroundSearch::<HintSearch>::start_reporting(
                    game.revision(),
                    time.elapsed(),
                    move |stop, answer| hint_reporting(&position, PROOF_TIME, stop, answer),
                ));
            }
            HelpRequest::ToggleValues => {
                shown.0 = !shown.0;
            }
            _ => {}
        }
    }
}

/// With analysis on, every new Connect Four position is analysed, on every
/// core (the search threads give way to the frame); turning it off stops
/// the search.
fn start_analysis(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    time: Res<Time<Real>>,
    shown: Res<ShowValues>,
    searching: Option<Res<BackgroundSearch<ValuesSearch>>>,
    insight: Option<Res<ValuesShown>>,
    proven: Res<ProvenValues>,
) {
    let MatchGame::ConnectFour(g) = &game.game() else {
        return;
    };
    if !shown.0 || g.is_over() || !values::solvable(g.position()) {
        if searching.is_some() {
            commands.remove_resource::<BackgroundSearch<ValuesSearch>>();
        }
        return;
    }
    let complete = insight.is_some_and(|i| i.0.revision == game.revision() && i.0.is_complete());
    let busy = searching.is_some_and(|s| s.revision == game.revision());
    if complete || busy {
        return;
    }
    let board = *g.position();
    if let Some(values) = proven.0.get(&board) {
        commands.insert_resource(ValuesShown(Insight {
            revision: game.revision(),
            found: Found::Columns(values.clone()),
        }));
        return;
    }
    let workers = values::workers();
    commands.insert_resource(BackgroundSearch::<ValuesSearch>::start_reporting(
        game.revision(),
        time.elapsed(),
        move |stop, answer| {
            // Cancelled (the answer is no longer wanted) or a finished game:
            // nothing more to say.
            let _ = column_values(&board, workers, stop, |values| answer(values.to_vec()));
        },
    ));
}

/// The hint, once found for the current position. A provisional one is
/// shown while its search goes on to the proof.
fn finish_hint(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    searching: Option<ResMut<BackgroundSearch<HintSearch>>>,
) {
    let Some(mut searching) = searching else {
        return;
    };
    if searching.revision != game.revision() {
        return;
    }
    if let Some(found) = searching.poll_latest() {
        let insight = Insight {
            revision: game.revision(),
            found,
        };
        if insight.is_complete() {
            commands.remove_resource::<BackgroundSearch<HintSearch>>();
        }
        commands.insert_resource(Hint(insight));
    }
}

/// The values proven so far for the current position.
fn take_values(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    searching: Option<ResMut<BackgroundSearch<ValuesSearch>>>,
    mut proven: ResMut<ProvenValues>,
) {
    let Some(mut searching) = searching else {
        return;
    };
    if searching.revision != game.revision() {
        return;
    }
    if let Some(values) = searching.poll_latest() {
        if let MatchGame::ConnectFour(g) = &game.game()
            && values::all_final(&values)
        {
            if proven.0.len() >= PROVEN_KEPT {
                proven.0.clear();
            }
            proven.0.insert(*g.position(), values.clone());
        }
        commands.insert_resource(ValuesShown(Insight {
            revision: game.revision(),
            found: Found::Columns(values),
        }));
    }
    // The ended search stays until the position changes or Values is
    // turned off, so that a search that failed is not started again and
    // again.
}

impl Insight {
    /// Whether nothing more will be found: a hint, or values all final.
    pub fn is_complete(&self) -> bool {
        match &self.found {
            Found::Hint { certainty, .. } => *certainty != Certainty::Provisional,
            Found::Columns(values) => values::all_final(values),
        }
    }
}

/// The glow over a hinted move.
#[derive(Component)]
pub struct HintGlow;

/// The question mark on a Connect Four hint that is not proven (yet): there
/// a player expects the perfect move, so a guess says it is one.
#[derive(Component)]
pub struct HintGuessMark;

/// One column's value under the board.
#[derive(Component)]
pub struct AnalysisLabel;

/// The hinted moves glow (with a question mark when a Connect Four hint is
/// only the engine's judgement) until the position changes; a proven hint
/// that follows a provisional one replaces it.
fn show_hint(
    palette: Res<Palette>,
    mut commands: Commands,
    game: Res<CurrentMatch>,
    insight: Option<Res<Hint>>,
    mode: Res<State<BoardMode>>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    glows: Query<Entity, With<HintGlow>>,
    time: Res<Time>,
    mut sprites: Query<&mut Sprite, With<HintGlow>>,
    mut drawn: Local<Option<Found>>,
) {
    let wanted = insight
        .as_ref()
        .filter(|i| i.0.revision == game.revision() && *mode.get() == BoardMode::Play)
        .map(|i| i.0.found.clone())
        .filter(|found| matches!(found, Found::Hint { .. }));
    if *drawn != wanted || (wanted.is_some() && glows.is_empty()) {
        for glow in &glows {
            commands.entity(glow).despawn();
        }
        if let Some(Found::Hint { moves, certainty }) = &wanted {
            let guess =
                *certainty != Certainty::Proven && matches!(game.game(), MatchGame::ConnectFour(_));
            for &mv in moves {
                let (at, size) = spot_of(&layout, mv);
                let glow = commands
                    .spawn((
                        Name::new("Hint"),
                        HintGlow,
                        Sprite::from_color(palette.accent.with_alpha(0.3), size),
                        Transform::from_xyz(at.x, at.y, 7.0),
                    ))
                    .id();
                if guess {
                    let mark = commands
                        .spawn((
                            Name::new("Hint guess"),
                            HintGuessMark,
                            Text2d::new("?"),
                            TextFont::from_font_size((size.x * 0.5).clamp(16.0, 48.0)),
                            TextColor(palette.text),
                            Transform::from_xyz(0.0, 0.0, 0.5),
                        ))
                        .id();
                    commands.entity(glow).add_child(mark);
                }
                commands.entity(*root).add_child(glow);
            }
        }
        *drawn = wanted;
        return;
    }
    let alpha = 0.22 + 0.14 * (time.elapsed_secs() * 5.0).sin();
    for mut sprite in &mut sprites {
        sprite.color = palette.accent.with_alpha(alpha);
    }
}

/// Column values under the board while analysis is on.
fn show_analysis(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    shown: Res<ShowValues>,
    phase: Res<State<GamePhase>>,
    mode: Res<State<BoardMode>>,
    insight: Option<Res<ValuesShown>>,
    layout: Res<BoardLayout>,
    locale: Res<Locale>,
    palette: Res<Palette>,
    root: Single<Entity, With<BoardRoot>>,
    labels: Query<Entity, With<AnalysisLabel>>,
    mut last: Local<Option<(u64, Option<Vec<Option<Value>>>, bool)>>,
) {
    let MatchGame::ConnectFour(g) = &game.game() else {
        return;
    };
    let values = insight
        .as_ref()
        .filter(|i| i.0.revision == game.revision())
        .and_then(|i| match &i.0.found {
            Found::Columns(values) => Some(values.clone()),
            Found::Hint { .. } => None,
        });
    let show = shown.0
        && *phase.get() == GamePhase::Playing
        && *mode.get() == BoardMode::Play
        && values::solvable(g.position());
    let key = (game.revision(), values.clone(), show);
    if last.as_ref() == Some(&key) && !locale.is_changed() && !palette.is_changed() {
        return;
    }
    *last = Some(key);
    for label in &labels {
        commands.entity(label).despawn();
    }
    if !show {
        return;
    }
    // Until the search's first report, each open column shows that its
    // value is coming.
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
            Value::Draw | Value::Pending => palette.text_dim,
            Value::LoseIn(_) | Value::Lose => Color::srgb(1.0, 0.62, 0.25),
        };
        let label = commands
            .spawn((
                Name::new("Analysis"),
                AnalysisLabel,
                Text2d::new(names::value(&locale, *value)),
                TextFont::from_font_size((layout.cell * 0.2).clamp(12.0, 20.0)),
                TextColor(colour),
                Transform::from_xyz(layout.centre(column as u8, 0).x, y, 7.0),
            ))
            .id();
        commands.entity(*root).add_child(label);
    }
}
