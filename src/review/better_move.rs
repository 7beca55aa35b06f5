//! On a marked move ("?" or "??"), the better move the analysis found shows
//! on the board as a ghost piece of the mover's colour in an accent ring,
//! where it would have gone instead.

use super::graph::ReviewValues;
use crate::board::BoardRoot;
use crate::board::drawn_position::ReviewPosition;
use crate::board::layout::BoardLayout;
use crate::board::ringed_ghost::{self, PieceArt};
use crate::states::{AppSystems, BoardMode};
use crate::theme::palette::Palette;
use bevy::prelude::*;
use lineup_core::rules::{BoardMove, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show.in_set(AppSystems::Present)
            .run_if(in_state(BoardMode::Review)),
    );
}

#[derive(Component)]
pub struct BetterMove;

/// Where the better move's piece sits: a Gomoku point, or the cell a disc
/// dropped in that column would have filled (before the move on show).
fn spot(position: &ReviewPosition, mv: BoardMove, layout: &BoardLayout) -> Option<Vec2> {
    let mut before = position.game.clone();
    before.undo()?;
    layout.spot_of(&before, mv)
}

fn show(
    mut commands: Commands,
    position: Res<ReviewPosition>,
    values: Option<Res<ReviewValues>>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    shown: Query<Entity, With<BetterMove>>,
    mut drawn: Local<Option<(u64, Option<BoardMove>)>>,
    art: PieceArt,
    palette: Res<Palette>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let better = position.ply.checked_sub(1).and_then(|ply| {
        let report = values.as_ref()?.review.report(ply)?;
        Some((report.better?, Side::of_ply(ply)))
    });
    // Drawn again only for another position or another answer.
    let now = (position.key, better.map(|b| b.0));
    if *drawn == Some(now) && !layout.is_changed() {
        return;
    }
    *drawn = Some(now);
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    let Some((mv, side)) = better else { return };
    let Some(at) = spot(&position, mv, &layout) else {
        return;
    };
    let Some(piece) = ringed_ghost::spawn(
        &mut commands,
        &art,
        &mut meshes,
        &mut materials,
        &palette,
        side,
        at,
        false,
    ) else {
        return;
    };
    commands
        .entity(piece)
        .insert((Name::new("Better move"), BetterMove));
    commands.entity(*root).add_child(piece);
}
