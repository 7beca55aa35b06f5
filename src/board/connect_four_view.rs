//! The Connect Four board: a backboard, discs in front of it, and the blue
//! frame in front of the discs, with real round holes so a falling disc
//! shows through them as it passes. The frame is shaded as if lit from the
//! top left (each hole's lower wall catches the light), casts a soft shadow
//! on the background, and each disc has a rim, a moulded ridge and a
//! highlight.

use super::layout::BoardLayout;
use super::pieces::{Animating, Falling};
use super::{BoardRoot, BoardSpawn};
use super::{shadow, smooth};
use crate::current_match::CurrentMatch;
use crate::states::{AppSystems, Screen};
use crate::theme::fonts::layout_size;
use crate::theme::paint::{Ink, Shade};
use crate::theme::palette::{self, Colour, Palette, PieceColours};
use bevy::prelude::*;
use lineup_core::match_setup::GameKind;
use lineup_core::rules::Side;
use lineup_core::rules::connect_four::Cell;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Game), |mut commands: Commands| {
        commands.remove_resource::<DiscArt>()
    });
    app.add_systems(
        Update,
        recolour_discs
            .in_set(AppSystems::Present)
            .run_if(resource_exists::<DiscArt>),
    );
    app.add_systems(
        super::SpawnBoard,
        (
            make_art.in_set(BoardSpawn::Art),
            spawn_frame.in_set(BoardSpawn::Contents),
        )
            .run_if(is_connect_four),
    );
}

pub fn is_connect_four(game: Option<Res<CurrentMatch>>) -> bool {
    game.is_some_and(|g| matches!(g.setup().kind, GameKind::ConnectFour { .. }))
}

/// Depths inside the board, back to front.
pub mod z {
    pub const BACKBOARD: f32 = -2.0;
    pub const DISC: f32 = 0.0;
    pub const FRAME: f32 = 5.0;
    pub const GLOW: f32 = 6.0;
}

/// Meshes and colours for discs, made once per game for its cell size.
/// Each side's disc is one mesh (body, rim, ridge, highlight and, with the
/// colour-blind palette, a second ring, painted in its vertices), shared
/// by every disc of that side: a full board is two draws. The meshes are
/// repainted when the palette changes (`recolour_discs`).
#[derive(Resource)]
pub struct DiscArt {
    /// A plain white disc: ghosts and markers colour it by material.
    pub disc: Handle<Mesh>,
    /// Each side's finished disc.
    pub bodies: [Handle<Mesh>; 2],
    /// White: the bodies carry their colours.
    pub paint: Handle<ColorMaterial>,
    pub ghosts: [Handle<ColorMaterial>; 2],
    pub radius: f32,
}

/// Side `side`'s disc for a palette: body, rim, moulded ridge, the second
/// ring of the colour-blind palette (second side only), and the light's
/// reflection at the top left.
fn disc_mesh(palette: &Palette, side: usize, radius: f32) -> Mesh {
    let p = palette.pieces;
    let (body, rim) = if side == 0 {
        (p.red, p.red_rim)
    } else {
        (p.yellow, p.yellow_rim)
    };
    let mut layers = smooth::Layers::default()
        .disc(radius, body)
        .ring(radius * 0.93, radius, rim)
        .ring(radius * 0.62, radius * 0.72, rim);
    if side == 1 && p.kind == PieceColours::ColourBlindSafe {
        layers = layers.ring(radius * 0.30, radius * 0.40, rim);
    }
    layers
        .ellipse(
            Vec2::new(-radius * 0.38, radius * 0.5),
            radius * 0.34,
            radius * 0.2,
            0.5,
            Color::srgba(1.0, 1.0, 1.0, 0.22),
        )
        .build()
}

fn ghost_colours(palette: &Palette) -> [Color; 2] {
    [
        palette.pieces.red.with_alpha(0.5),
        palette.pieces.yellow.with_alpha(0.5),
    ]
}

fn make_art(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    palette: Res<Palette>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let radius = layout.cell * 0.41;
    let [first, second] = ghost_colours(&palette);
    commands.insert_resource(DiscArt {
        disc: meshes.add(smooth::disc(radius)),
        bodies: [0, 1].map(|side| meshes.add(disc_mesh(&palette, side, radius))),
        paint: materials.add(smooth::material(Color::WHITE)),
        ghosts: [
            materials.add(smooth::material(first)),
            materials.add(smooth::material(second)),
        ],
        radius,
    });
}

/// A change of piece colours in Settings repaints the discs on the board.
fn recolour_discs(
    palette: Res<Palette>,
    art: Res<DiscArt>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if !palette.is_changed() {
        return;
    }
    for side in 0..2 {
        let mesh = disc_mesh(&palette, side, art.radius);
        let _ = meshes.insert(&art.bodies[side], mesh);
    }
    for (handle, colour) in art.ghosts.iter().zip(ghost_colours(&palette)) {
        if let Some(mut material) = materials.get_mut(handle) {
            material.color = colour;
        }
    }
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
    let outer = Vec2::new(half.x + border, half.y + border * 1.3);
    let mut entities = vec![
        commands
            .spawn((
                Name::new("Backboard"),
                Mesh2d(meshes.add(backboard_mesh(
                    layout.columns,
                    layout.rows,
                    layout.cell,
                    art.radius * 1.04,
                ))),
                MeshMaterial2d(materials.add(smooth::material(Color::WHITE))),
                Shade(Colour::Holes),
                Transform::from_xyz(0.0, 0.0, z::BACKBOARD),
            ))
            .id(),
        commands
            .spawn((
                Name::new("Frame"),
                Mesh2d(meshes.add(frame)),
                // The mesh's vertex colours shade it; white leaves them be.
                MeshMaterial2d(materials.add(smooth::material(Color::WHITE))),
                Transform::from_xyz(0.0, 0.0, z::FRAME),
            ))
            .id(),
        // A darker rim around the frame and a foot below it.
        commands
            .spawn((
                Name::new("Frame rim"),
                Mesh2d(meshes.add(rim_mesh(half, border))),
                MeshMaterial2d(materials.add(smooth::material(Color::WHITE))),
                Transform::from_xyz(0.0, 0.0, z::FRAME),
            ))
            .id(),
    ];
    entities.push(shadow::spawn(
        &mut commands,
        &mut meshes,
        &mut materials,
        Vec2::new(0.0, -border * 0.15),
        outer * 2.0,
        z::BACKBOARD - 1.0,
    ));
    commands.entity(*root).add_children(&entities);
    // Column numbers under the frame: the keys that drop a disc there.
    for column in 0..layout.columns {
        let x = layout.centre(column, 0).x;
        let label = commands
            .spawn((
                Name::new("Column number"),
                Text2d::new((column + 1).to_string()),
                TextFont::from_font_size(layout_size(layout.cell * 0.26)),
                Ink(Colour::TextDim),
                Transform::from_xyz(x, -half.y - border - layout.cell * 0.22, z::FRAME),
            ))
            .id();
        commands.entity(*root).add_child(label);
    }
}

/// A disc of `side` resting at `cell`, or falling into it from above the
/// frame; `order` puts later discs in front.
pub(super) fn spawn_disc(
    commands: &mut Commands,
    art: &DiscArt,
    layout: &BoardLayout,
    side: Side,
    order: usize,
    cell: Cell,
    animate: bool,
) -> Entity {
    let rest = layout.cell_centre(cell);
    // Later discs sit a hair in front, so two discs never fight over depth.
    let depth = z::DISC + order as f32 * 0.01;
    let mut disc = commands.spawn((
        Name::new("Disc"),
        Mesh2d(art.bodies[side.index()].clone()),
        MeshMaterial2d(art.paint.clone()),
        Transform::from_xyz(rest.x, rest.y, depth),
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
/// What shows through the frame's holes: a disc a little wider than each
/// hole, its edge hidden by the frame. Only the holes are drawn, not a
/// board-sized backboard mostly covered by the frame: a software renderer
/// pays for every pixel.
pub fn backboard_mesh(columns: u8, rows: u8, cell: f32, hole: f32) -> Mesh {
    let origin = Vec2::new(columns as f32, rows as f32) * cell / 2.0;
    let radius = hole + smooth::FEATHER * 2.0;
    let mut layers = smooth::Layers::default();
    for column in 0..columns {
        for row in 0..rows {
            let centre = (Vec2::new(column as f32, row as f32) + 0.5) * cell - origin;
            layers = layers.ellipse(centre, radius, radius, 0.0, Color::WHITE);
        }
    }
    layers.build()
}

pub fn frame_mesh(columns: u8, rows: u8, cell: f32, hole: f32) -> Mesh {
    const SEGMENTS: u32 = 32;
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut colours: Vec<[f32; 4]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    let origin = Vec2::new(columns as f32, rows as f32) * cell / 2.0;
    let height = rows as f32 * cell;
    // The light comes from the top left.
    let light = Vec2::new(-0.6, 0.8);
    let shade = |at: Vec2, lift: f32| {
        // Lighter at the top, darker at the foot, and `lift` for a hole's wall.
        let across = (at.y + origin.y) / height;
        let c = palette::FRAME.mix(&palette::FRAME_LIGHT, (across * 0.6 + lift).clamp(0.0, 1.0));
        let c = if lift < 0.0 {
            c.mix(&palette::FRAME_EDGE, -lift * 2.0)
        } else {
            c
        };
        c.to_linear().to_f32_array()
    };
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
                // A hole's wall facing away from the light is lit (its lower
                // right edge), the one facing it is in shade.
                let wall = -dir.dot(light) * 0.35;
                let edge = shade(inner, wall);
                // The hole's rim fades out over a pixel into the hole (the
                // camera has no multisampling to smooth it).
                let feather = centre + dir * (hole - smooth::FEATHER);
                positions.push([feather.x, feather.y, 0.0]);
                positions.push([inner.x, inner.y, 0.0]);
                positions.push([outer.x, outer.y, 0.0]);
                colours.push([edge[0], edge[1], edge[2], 0.0]);
                colours.push(edge);
                colours.push(shade(outer, 0.0));
            }
            for i in 0..SEGMENTS {
                let (a, b) = (base + 3 * i, base + 3 * ((i + 1) % SEGMENTS));
                // Feather band, then the frame between the hole and the square.
                indices.extend([a, a + 1, b + 1, a, b + 1, b]);
                indices.extend([a + 1, a + 2, b + 2, a + 1, b + 2, b + 1]);
            }
        }
    }
    smooth::flat_mesh(positions, colours, indices)
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
    // Lit from above: the top edge bright, the foot in shade.
    let colours: Vec<[f32; 4]> = corners
        .iter()
        .map(|[_, y]| {
            let up = (y - outer_min.y) / (outer_max.y - outer_min.y);
            let dark = palette::FRAME_EDGE.mix(&Color::BLACK, 0.25);
            dark.mix(&palette::FRAME, up * 0.7)
                .to_linear()
                .to_f32_array()
        })
        .collect();
    // Four quads between the outer (0-3) and inner (4-7) rectangles.
    let mut indices = Vec::new();
    for i in 0..4u32 {
        let j = (i + 1) % 4;
        indices.extend([i, j, j + 4, i, j + 4, i + 4]);
    }
    smooth::flat_mesh(positions, colours, indices)
}
