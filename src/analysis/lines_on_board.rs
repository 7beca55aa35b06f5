//! A line drawn on the board as numbered ghost pieces: the engine's line
//! under the pointer in the panel, else the forced win of a threat search
//! (until the search's button, now "Hide the line", is pressed again).
//! Only a line's first moves are drawn: a Connect Four "win in 21" drawn
//! whole covered the board. Drawn anew only when what is to be shown
//! changes.

use super::Studied;
use super::thinking::EngineLines;
use super::threats::ThreatShown;
use crate::board::BoardRoot;
use crate::board::connect_four_view::DiscArt;
use crate::board::gomoku_view::StoneArt;
use crate::board::layout::BoardLayout;
use crate::board::markers::GhostArt;
use crate::states::{AppSystems, BoardMode};
use crate::theme::fonts::layout_size;
use crate::theme::palette;
use bevy::prelude::*;
use lineup_core::analysis::threats::ThreatAnswer;
use lineup_core::rules::{BoardMove, MatchGame, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoveredLine>().add_systems(
        Update,
        draw.in_set(AppSystems::Present)
            .run_if(in_state(BoardMode::Analysis)),
    );
}

/// How many of a line's moves are drawn on the board: its start, which is
/// what a player plays next; the panel names the rest.
pub const SHOWN_MOVES: usize = 4;

/// The engine line under the pointer in the panel (by its place, 0 first).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoveredLine(pub Option<usize>);

#[derive(Component)]
pub struct LineGhost;

/// What a drawn line was drawn for: redrawn when it differs.
#[derive(PartialEq, Clone, Debug)]
struct DrawnFor {
    key: u64,
    moves: Vec<BoardMove>,
    first: Side,
    root: Entity,
}

fn draw(
    mut commands: Commands,
    studied: Option<Res<Studied>>,
    hovered: Res<HoveredLine>,
    engine: Res<EngineLines>,
    threat: Option<Res<ThreatShown>>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    discs: Option<Res<DiscArt>>,
    stones: Option<Res<StoneArt>>,
    ghosts: Query<Entity, With<LineGhost>>,
    mut drawn: Local<Option<DrawnFor>>,
) {
    let Some(studied) = studied else { return };
    let Ok(game) = studied.study.position() else {
        return;
    };
    let engine_line = hovered.0.and_then(|i| {
        let report = engine
            .report
            .as_ref()
            .filter(|_| engine.key == studied.key)?;
        Some((report.lines.get(i)?.moves.clone(), game.to_move()))
    });
    let threat_line = threat.as_ref().and_then(|t| match &t.answer {
        Some(ThreatAnswer::Found(win)) if t.key == studied.key => {
            Some((win.moves.clone(), win.attacker))
        }
        _ => None,
    });
    let (mut moves, first) = engine_line
        .or(threat_line)
        .unwrap_or((Vec::new(), Side::First));
    moves.truncate(SHOWN_MOVES);
    let wanted = DrawnFor {
        key: studied.key,
        moves,
        first,
        root: *root,
    };
    if drawn.as_ref() == Some(&wanted) && !layout.is_changed() {
        return;
    }
    for ghost in &ghosts {
        commands.entity(ghost).despawn();
    }
    // Replayed for where each disc lands; the colours alternate from the
    // line's first side (a threat line may be for the side not to move).
    let mut board = game.clone();
    let mut side = wanted.first;
    for (n, &mv) in wanted.moves.iter().enumerate() {
        let spot = layout.spot_of(&board, mv);
        if matches!(board, MatchGame::ConnectFour(_)) && board.play(mv).is_err() {
            break;
        }
        let this = side;
        side = side.other();
        let Some(at) = spot else { continue };
        let ghost = spawn_ghost(&mut commands, &layout, &discs, &stones, this, n + 1, at);
        if let Some(ghost) = ghost {
            commands.entity(*root).add_child(ghost);
        }
    }
    if let Some(line) = hovered.0.filter(|_| !wanted.moves.is_empty()) {
        info!(
            "Analysis: line {} drawn on the board, {} moves",
            line + 1,
            wanted.moves.len()
        );
    }
    *drawn = Some(wanted);
}

/// A translucent piece of `side` with its number in the line.
fn spawn_ghost(
    commands: &mut Commands,
    layout: &BoardLayout,
    discs: &Option<Res<DiscArt>>,
    stones: &Option<Res<StoneArt>>,
    side: Side,
    number: usize,
    at: Vec2,
) -> Option<Entity> {
    let GhostArt { mesh, material, z } = GhostArt::of(discs.as_deref(), stones.as_deref(), side)?;
    // Over the pieces and every other mark: the line is what is looked at.
    let z = z + 6.5;
    let ink = match side {
        Side::First => palette::STONE_WHITE,
        Side::Second => palette::STONE_BLACK,
    };
    let font = layout_size((layout.cell * 0.42).clamp(10.0, 22.0));
    Some(
        commands
            .spawn((
                Name::new("Line ghost"),
                LineGhost,
                DespawnOnExit(BoardMode::Analysis),
                Mesh2d(mesh),
                MeshMaterial2d(material),
                Transform::from_xyz(at.x, at.y, z),
                children![(
                    Text2d::new(number.to_string()),
                    TextFont::from_font_size(font),
                    TextColor(ink),
                    Transform::from_xyz(0.0, 0.0, 0.05),
                )],
            ))
            .id(),
    )
}
