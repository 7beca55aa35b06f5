//! The Connect Four board: a dark backboard, discs in front of it, and the
//! blue frame in front of the discs, with real round holes so a falling disc
//! shows through them as it passes.

use super::layout::BoardLayout;
use super::pieces::{Animating, Falling, Piece};
use super::{BoardRoot, BoardSpawn, CurrentMatch};
use crate::game::states::Screen;
use crate::game::theme::palette;
use crate::match_setup::GameKind;
use crate::rules::connect_four::Cell;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Game), |mut commands: Commands| {
        commands.remove_resource::<DiscArt>()
    });
    app.add_systems(
        OnEnter(Screen::Game),
        (
            make_art.in_set(BoardSpawn::Art),
            spawn_frame.in_set(BoardSpawn::Contents),
        )
            .run_if(is_connect_four),
    );
}

pub fn is_connect_four(game: Option<Res<CurrentMatch>>) -> bool {
    game.is_some_and(|g| matches!(g.setup.kind, GameKind::ConnectFour { .. }))
}

/// Depths inside the board, back to front.
pub mod z {
    pub const BACKBOARD: f32 = -2.0;
    pub const DISC: f32 = 0.0;
    pub const FRAME: f32 = 5.0;
    pub const GLOW: f32 = 6.0;
}

/// Meshes and colours for discs, made once per game for its cell size.
#[derive(Resource)]
pub struct DiscArt {
    pub disc: Handle<Mesh>,
    pub ridge: Handle<Mesh>,
    pub colours: [(Handle<ColorMaterial>, Handle<ColorMaterial>); 2],
    pub ghosts: [Handle<ColorMaterial>; 2],
    pub radius: f32,
}

fn make_art(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let radius = layout.cell * 0.41;
    let mut colour = |c: Color| materials.add(c);
    let colours = [
        (colour(palette::RED), colour(palette::RED_RIM)),
        (colour(palette::YELLOW), colour(palette::YELLOW_RIM)),
    ];
    let ghosts = [
        colour(palette::RED.with_alpha(0.5)),
        colour(palette::YELLOW.with_alpha(0.5)),
    ];
    commands.insert_resource(DiscArt {
        disc: meshes.add(Circle::new(radius).mesh().resolution(64)),
        ridge: meshes.add(
            Annulus::new(radius * 0.62, radius * 0.72)
                .mesh()
                .resolution(64),
        ),
        colours,
        ghosts,
        radius,
    });
}

fn spawn_frame(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    art: Res<DiscArt>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let half = layout.half_extent();
    let border = layout.cell * 0.18;
    let frame = frame_mesh(layout.columns, layout.rows, layout.cell, art.radius * 1.04);
    let entities = [
        commands
            .spawn((
                Name::new("Backboard"),
                Sprite::from_color(palette::FRAME_BACK, half * 2.0),
                Transform::from_xyz(0.0, 0.0, z::BACKBOARD),
            ))
            .id(),
        commands
            .spawn((
                Name::new("Frame"),
                Mesh2d(meshes.add(frame)),
                MeshMaterial2d(materials.add(palette::FRAME)),
                Transform::from_xyz(0.0, 0.0, z::FRAME),
            ))
            .id(),
        // A darker rim around the frame and a foot below it.
        commands
            .spawn((
                Name::new("Frame rim"),
                Mesh2d(meshes.add(rim_mesh(half, border))),
                MeshMaterial2d(materials.add(palette::FRAME_EDGE)),
                Transform::from_xyz(0.0, 0.0, z::FRAME),
            ))
            .id(),
    ];
    commands.entity(*root).add_children(&entities);
    // Column numbers under the frame: the keys that drop a disc there.
    for column in 0..layout.columns {
        let x = layout.centre(column, 0).x;
        let label = commands
            .spawn((
                Name::new("Column number"),
                Text2d::new((column + 1).to_string()),
                TextFont::from_font_size(layout.cell * 0.26),
                TextColor(palette::TEXT_DIM),
                Transform::from_xyz(x, -half.y - border - layout.cell * 0.22, z::FRAME),
            ))
            .id();
        commands.entity(*root).add_child(label);
    }
}

/// A disc resting at `cell`, or falling into it from above the frame.
pub(super) fn spawn_disc(
    commands: &mut Commands,
    art: &DiscArt,
    layout: &BoardLayout,
    piece: Piece,
    cell: Cell,
    animate: bool,
) -> Entity {
    let rest = layout.cell_centre(cell);
    let (body, ridge) = &art.colours[piece.side.index()];
    // Later discs sit a hair in front, so two discs never fight over depth.
    let depth = z::DISC + piece.ply as f32 * 0.01;
    let mut disc = commands.spawn((
        Name::new("Disc"),
        piece,
        Mesh2d(art.disc.clone()),
        MeshMaterial2d(body.clone()),
        Transform::from_xyz(rest.x, rest.y, depth),
        children![(
            Mesh2d(art.ridge.clone()),
            MeshMaterial2d(ridge.clone()),
            Transform::from_xyz(0.0, 0.0, 0.001)
        )],
    ));
    if animate {
        let start = layout.drop_height();
        disc.insert((
            Animating,
            Falling {
                velocity: 0.0,
                target: rest.y,
                start,
                bounces: 0,
            },
            Transform::from_xyz(rest.x, start, depth),
        ));
    }
    disc.id()
}

/// The frame: a rectangle per cell with a round hole, as one mesh. Each hole
/// is a ring of quads from a circle out to the cell's square edge; with the
/// segment count a multiple of 8, the square's corners are ring vertices, so
/// the outer edge runs exactly along the square.
pub fn frame_mesh(columns: u8, rows: u8, cell: f32, hole: f32) -> Mesh {
    const SEGMENTS: u32 = 64;
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    let origin = Vec2::new(columns as f32, rows as f32) * cell / 2.0;
    for column in 0..columns {
        for row in 0..rows {
            let centre =
                Vec2::new((column as f32 + 0.5) * cell, (row as f32 + 0.5) * cell) - origin;
            let base = positions.len() as u32;
            for i in 0..SEGMENTS {
                let angle = i as f32 / SEGMENTS as f32 * std::f32::consts::TAU;
                let dir = Vec2::from_angle(angle);
                let inner = centre + dir * hole;
                // Along the same ray, out to the square's edge.
                let outer = centre + dir * (cell / 2.0) / dir.x.abs().max(dir.y.abs());
                positions.push([inner.x, inner.y, 0.0]);
                positions.push([outer.x, outer.y, 0.0]);
            }
            for i in 0..SEGMENTS {
                let (a, b) = (base + 2 * i, base + 2 * ((i + 1) % SEGMENTS));
                indices.extend([a, a + 1, b + 1, a, b + 1, b]);
            }
        }
    }
    let count = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count])
    .with_inserted_indices(Indices::U32(indices))
}

/// A band of width `border` around a rectangle of half size `half`, thicker
/// at the bottom like the foot of the real stand.
fn rim_mesh(half: Vec2, border: f32) -> Mesh {
    let outer_min = Vec2::new(-half.x - border, -half.y - border * 1.6);
    let outer_max = Vec2::new(half.x + border, half.y + border);
    let corners = [
        [outer_min.x, outer_min.y],
        [outer_max.x, outer_min.y],
        [outer_max.x, outer_max.y],
        [outer_min.x, outer_max.y],
        [-half.x, -half.y],
        [half.x, -half.y],
        [half.x, half.y],
        [-half.x, half.y],
    ];
    let positions: Vec<[f32; 3]> = corners.iter().map(|[x, y]| [*x, *y, 0.0]).collect();
    // Four quads between the outer (0-3) and inner (4-7) rectangles.
    let mut indices = Vec::new();
    for i in 0..4u32 {
        let j = (i + 1) % 4;
        indices.extend([i, j, j + 4, i, j + 4, i + 4]);
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; 8])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; 8])
    .with_inserted_indices(Indices::U32(indices))
}
