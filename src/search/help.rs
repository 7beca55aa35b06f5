//! Help from the engine, searched: Hint finds the best move, and Values
//! each Connect Four column's value ("Win 3" = a win with your 3rd move
//! from now, "Draw", "Lose 5"). Searches run off the frame and are
//! cancelled when the position changes; what they found is kept in
//! [`Hint`] and [`ValuesShown`], which the board draws (`board::help_marks`).
//! Values are only ever proven ones: each column is pending until its
//! outcome is proven, then "Win …" or "Lose …" until its distance is,
//! filling in as the solver finds them (see
//! [`lineup_core::ai::connect_four::values`]).

use crate::current_match::CurrentMatch;
use crate::search::background::{BackgroundSearch, SearchKind};
use crate::states::{AppSystems, Screen};
use crate::theme::interaction::{self, ButtonMessage};
use bevy::prelude::*;
use lineup_core::ai::advice::{Certainty, Found, PROOF_TIME, Value, column_values, hint_reporting};
use lineup_core::ai::connect_four::values;
use lineup_core::rules::{ConnectFour, MatchGame};
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<HelpRequest>(app);
    crate::search::background::track::<HintSearch>(app);
    crate::search::background::track::<ValuesSearch>(app);
    app.init_resource::<ShowValues>()
        .init_resource::<ProvenValues>()
        .add_systems(
            Update,
            (requests, start_values, finish_hint, take_values)
                .chain()
                .in_set(AppSystems::Think)
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
fn start_values(
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
