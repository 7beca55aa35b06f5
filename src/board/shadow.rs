//! A board's soft shadow on the background: a band around the board's
//! outline, dark at the board's edge and fading to nothing `SPREAD` beyond
//! it (vertex alpha, smoothed), falling a little below and right, so the
//! board seems to stand above the table. Only the band is drawn, not the
//! part under the board: a software renderer pays for every pixel. Its
//! colour and strength follow the theme.

use super::smooth;
use crate::theme::paint::Shade;
use crate::theme::palette::Colour;
use bevy::prelude::*;

/// How far the shadow spreads beyond the board's edge, in board units.
const SPREAD: f32 = 30.0;
/// How far below and right of the board it falls: the light is above left.
const OFFSET: Vec2 = Vec2::new(6.0, -14.0);
/// Rings of vertices across the band: enough for a smooth fade.
const STEPS: usize = 6;

/// Spawns the shadow of a board of `size` centred at `at`, at depth `z`;
/// its entity, for the caller to parent.
pub fn spawn(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    at: Vec2,
    size: Vec2,
    z: f32,
) -> Entity {
    commands
        .spawn((
            Name::new("Board shadow"),
            Mesh2d(meshes.add(band(size / 2.0))),
            MeshMaterial2d(materials.add(smooth::material(Color::WHITE))),
            Shade(Colour::BoardShadow),
            Transform::from_xyz(at.x + OFFSET.x, at.y + OFFSET.y, z),
        ))
        .id()
}

/// Rectangles from the board's outline outwards, each a little fainter
/// (smoothstep), joined corner to corner into quads.
fn band(half: Vec2) -> Mesh {
    let mut positions = Vec::new();
    let mut colours = Vec::new();
    // Slightly inside the board's edge, so no gap shows under the offset.
    let inset = OFFSET.abs().max_element() + 2.0;
    for step in 0..=STEPS {
        let t = step as f32 / STEPS as f32;
        let grow = -inset + (SPREAD + inset) * t;
        let alpha = if grow <= 0.0 {
            1.0
        } else {
            let u = grow / SPREAD;
            1.0 - u * u * (3.0 - 2.0 * u)
        };
        let h = half + grow;
        for corner in [
            Vec2::new(-h.x, -h.y),
            Vec2::new(h.x, -h.y),
            Vec2::new(h.x, h.y),
            Vec2::new(-h.x, h.y),
        ] {
            positions.push([corner.x, corner.y, 0.0]);
            colours.push([1.0, 1.0, 1.0, alpha]);
        }
    }
    let mut indices = Vec::new();
    for step in 0..STEPS as u32 {
        let (inner, outer) = (step * 4, step * 4 + 4);
        for i in 0..4 {
            let j = (i + 1) % 4;
            indices.extend([
                inner + i,
                outer + i,
                outer + j,
                inner + i,
                outer + j,
                inner + j,
            ]);
        }
    }
    smooth::flat_mesh(positions, colours, indices)
}
