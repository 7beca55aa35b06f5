//! Threat searches on demand: VCF (a win by fours) and VCT (by fours and
//! threes) for either side in Gomoku and Renju, and "win in N" in Connect
//! Four. A search runs off the frame; its answer, the forced line with each
//! defence or "none within N", is [`ThreatShown`] until the position
//! changes.

use super::{AnalysisRequest, Studied};
use crate::search::background::{BackgroundSearch, SearchKind};
use crate::states::{AppSystems, BoardMode};
use bevy::prelude::*;
use lineup_core::analysis::threats::{ThreatAnswer, ThreatKind, threat_search};
use lineup_core::rules::{MatchGame, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(BoardMode::Analysis), forget)
        .add_systems(
            Update,
            (start, collect)
                .chain()
                .in_set(AppSystems::Think)
                .run_if(in_state(BoardMode::Analysis)),
        );
}

pub struct ThreatSearch;

impl SearchKind for ThreatSearch {
    type Output = ThreatAnswer;
}

/// The threat search asked for on the position `key` names, and its answer
/// once found.
#[derive(Resource, Clone, Debug)]
pub struct ThreatShown {
    pub key: u64,
    pub kind: ThreatKind,
    pub attacker: Side,
    pub answer: Option<ThreatAnswer>,
}

/// The side a search asked for `asked` is for on `game`: Connect Four has
/// no pass, so its "win in N" is the side to move's.
pub fn attacker_on(game: &MatchGame, asked: Side) -> Side {
    match game {
        MatchGame::ConnectFour(_) => game.to_move(),
        MatchGame::Gomoku(_) => asked,
    }
}

impl ThreatShown {
    /// Whether asking for `kind` by `attacker` on position `key` hides
    /// this answer: it is that search's, and found a line on the board.
    pub fn hides(&self, key: u64, kind: ThreatKind, attacker: Side) -> bool {
        (self.key, self.kind, self.attacker) == (key, kind, attacker)
            && matches!(self.answer, Some(ThreatAnswer::Found(_)))
    }
}

fn start(
    mut commands: Commands,
    mut requests: MessageReader<AnalysisRequest>,
    studied: Option<Res<Studied>>,
    shown: Option<Res<ThreatShown>>,
    time: Res<Time<Real>>,
) {
    let asked = requests.read().find_map(|r| match r {
        AnalysisRequest::Threat(kind, side) => Some((*kind, *side)),
        _ => None,
    });
    let (Some((kind, attacker)), Some(studied)) = (asked, studied) else {
        return;
    };
    let Ok(game) = studied.study.position() else {
        return;
    };
    let attacker = attacker_on(game, attacker);
    // Asked again once found, it hides the line (the button says so).
    if shown
        .as_deref()
        .is_some_and(|s| s.hides(studied.key, kind, attacker))
    {
        commands.remove_resource::<ThreatShown>();
        return;
    }
    let game = game.clone();
    commands.insert_resource(ThreatShown {
        key: studied.key,
        kind,
        attacker,
        answer: None,
    });
    commands.insert_resource(BackgroundSearch::<ThreatSearch>::start(
        studied.key,
        time.elapsed(),
        move |stop| threat_search(&game, attacker, kind, stop),
    ));
}

/// Takes the answer; a search for a position no longer on show is
/// dropped, and so is what it found.
fn collect(
    mut commands: Commands,
    studied: Option<Res<Studied>>,
    shown: Option<ResMut<ThreatShown>>,
    search: Option<ResMut<BackgroundSearch<ThreatSearch>>>,
) {
    let (Some(studied), Some(mut shown)) = (studied, shown) else {
        return;
    };
    if shown.key != studied.key {
        commands.remove_resource::<ThreatShown>();
        commands.remove_resource::<BackgroundSearch<ThreatSearch>>();
        return;
    }
    if let Some(answer) = search.and_then(|mut s| s.poll()) {
        let said = match &answer {
            ThreatAnswer::Found(win) => format!("found, {} moves", win.moves.len()),
            ThreatAnswer::NoneWithin(n) => format!("none within {n}"),
            ThreatAnswer::Stopped => "stopped".to_string(),
        };
        info!(
            "Analysis: {:?} for {:?}: {said}",
            shown.kind, shown.attacker
        );
        shown.answer = Some(answer);
        commands.remove_resource::<BackgroundSearch<ThreatSearch>>();
    }
}

fn forget(mut commands: Commands) {
    commands.remove_resource::<ThreatShown>();
    commands.remove_resource::<BackgroundSearch<ThreatSearch>>();
}
