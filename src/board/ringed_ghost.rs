//! A ghost piece in an accent ring: where a move would go, drawn so that it
//! reads on any board (review's better move, the Gomoku hint). The ring of
//! a hint breathes, so the eye finds it.

use super::connect_four_view::{self, DiscArt};
use super::gomoku_view::{self, StoneArt};
use super::smooth;
use crate::states::AppSystems;
use crate::theme::palette::Palette;
use bevy::prelude::*;
use lineup_core::rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, breathe.in_set(AppSystems::Animate));
}

/// A ring that grows and shrinks a little, twice a second or so.
#[derive(Component)]
pub struct Breathing;

/// The art of whichever board is on show.
#[derive(bevy::ecs::system::SystemParam)]
pub struct PieceArt<'w> {
    discs: Option<Res<'w, DiscArt>>,
    stones: Option<Res<'w, StoneArt>>,
}

/// Spawns a ghost piece of `side` at `at` (board coordinates) in an accent
/// ring, the ring breathing if `breathing`; `None` without a board's art.
pub fn spawn(
    commands: &mut Commands,
    art: &PieceArt,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    palette: &Palette,
    side: Side,
    at: Vec2,
    breathing: bool,
) -> Option<Entity> {
    let (mesh, ghost, radius, z) = match (&art.discs, &art.stones) {
        (Some(art), _) => (
            art.disc.clone(),
            art.ghosts[side.index()].clone(),
            art.radius,
            connect_four_view::z::DISC + 0.5,
        ),
        (_, Some(art)) => (
            art.stone.clone(),
            art.ghosts[side.index()].clone(),
            art.radius,
            gomoku_view::z::MARK + 0.2,
        ),
        _ => return None,
    };
    let ring = meshes.add(smooth::ring(radius * 1.02, radius * 1.18));
    let ring_material = materials.add(smooth::material(palette.accent));
    let mut piece = commands.spawn((
        Mesh2d(mesh),
        MeshMaterial2d(ghost),
        Transform::from_xyz(at.x, at.y, z),
    ));
    piece.with_children(|piece| {
        let mut ring = piece.spawn((
            Mesh2d(ring),
            MeshMaterial2d(ring_material),
            // In front of the Connect Four frame.
            Transform::from_xyz(0.0, 0.0, connect_four_view::z::GLOW + 0.5 - z),
        ));
        if breathing {
            ring.insert(Breathing);
        }
    });
    Some(piece.id())
}

fn breathe(time: Res<Time>, mut rings: Query<&mut Transform, With<Breathing>>) {
    let scale = 1.0 + 0.08 * (time.elapsed_secs() * 4.0).sin();
    for mut transform in &mut rings {
        transform.scale = Vec3::new(scale, scale, 1.0);
    }
}
