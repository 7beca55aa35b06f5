//! The title screen's little scene: left of the menu a small Connect Four
//! board where discs drop and bounce until four line up, right of it a
//! small Gomoku board where stones are placed until five line up; then both
//! fade and start again. With "reduce motion" both boards show the final
//! position, still.
//!
//! The scene is a pure function of the time since the screen opened, so it
//! never drifts and needs no state but the clock.

use crate::board::connect_four_view::{backboard_mesh, frame_mesh};
use crate::board::smooth;
use crate::settings::Settings;
use crate::states::{AppSystems, Screen};
use crate::theme::paint::Shade;
use crate::theme::palette::{self, Colour, Palette};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn)
        .add_systems(OnExit(Screen::Title), |mut commands: Commands| {
            commands.remove_resource::<SceneArt>()
        })
        .add_systems(
            Update,
            (drop_discs, place_stones, fade)
                .in_set(AppSystems::Animate)
                .run_if(in_state(Screen::Title).and_then(resource_exists::<SceneArt>)),
        );
}

/// The Connect Four game the scene plays: columns from 0, Red first; Red's
/// last disc makes four (the tests check it does, and not before).
pub const DISCS: [u8; 13] = [6, 1, 0, 6, 2, 1, 4, 2, 5, 2, 6, 2, 3];
/// The Gomoku game: (x, y) on a 9×9 board, Black first; Black's last
/// stone makes five on the diagonal.
pub const STONES: [(u8, u8); 9] = [
    (4, 4),
    (5, 4),
    (3, 3),
    (2, 2),
    (5, 5),
    (3, 5),
    (6, 6),
    (6, 4),
    (7, 7),
];
/// When the first piece comes, the time between pieces, and how long one
/// round lasts (its last second fades out).
const FIRST: f32 = 0.8;
const EVERY: f32 = 0.75;
pub const ROUND: f32 = 12.0;
pub const FADE: f32 = 1.0;

const C4_CELL: f32 = 48.0;
const C4_CENTRE: Vec2 = Vec2::new(-430.0, -60.0);
const GO_CELL: f32 = 32.0;
const GO_CENTRE: Vec2 = Vec2::new(430.0, -60.0);
pub const GO_SIZE: u8 = 9;

#[derive(Resource)]
struct SceneArt {
    /// Red and Yellow, Black and White: faded together at a round's end.
    pieces: [Handle<ColorMaterial>; 4],
    since: f32,
}

/// Disc `.0` of the scene's game, resting at `.1`.
#[derive(Component)]
struct SceneDisc(usize, Vec2);

/// Stone `.0` of the scene's game.
#[derive(Component)]
struct SceneStone(usize);

fn spawn(
    mut commands: Commands,
    palette: Res<Palette>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let pieces = [
        materials.add(smooth::material(palette.pieces.red)),
        materials.add(smooth::material(palette.pieces.yellow)),
        materials.add(smooth::material(palette::STONE_BLACK)),
        materials.add(smooth::material(palette::STONE_WHITE)),
    ];
    let root = |name: &'static str, at: Vec2| {
        (
            Name::new(name),
            DespawnOnExit(Screen::Title),
            Transform::from_translation(at.extend(-5.0)),
            Visibility::default(),
        )
    };
    // Connect Four: backboard, discs, frame in front.
    let (columns, rows) = (7u8, 6u8);
    let half = Vec2::new(columns as f32, rows as f32) * C4_CELL / 2.0;
    let disc = meshes.add(smooth::disc(C4_CELL * 0.41));
    let frame = meshes.add(frame_mesh(columns, rows, C4_CELL, C4_CELL * 0.43));
    let white = materials.add(smooth::material(Color::WHITE));
    let mut heights = [0u8; 7];
    commands
        .spawn(root("Title scene: Connect Four", C4_CENTRE))
        .with_children(|board| {
            board.spawn((
                Mesh2d(meshes.add(backboard_mesh(columns, rows, C4_CELL, C4_CELL * 0.43))),
                MeshMaterial2d(materials.add(smooth::material(Color::WHITE))),
                Shade(Colour::Holes),
            ));
            board.spawn((
                Mesh2d(frame),
                MeshMaterial2d(white),
                Transform::from_xyz(0.0, 0.0, 2.0),
            ));
            board.spawn((
                Sprite::from_color(palette::FRAME_EDGE, Vec2::new(half.x * 2.0 + 16.0, 10.0)),
                Transform::from_xyz(0.0, -half.y - 5.0, 2.0),
            ));
            for (i, column) in DISCS.iter().enumerate() {
                let row = heights[*column as usize];
                heights[*column as usize] += 1;
                let rest = Vec2::new(
                    (*column as f32 + 0.5) * C4_CELL - half.x,
                    (row as f32 + 0.5) * C4_CELL - half.y,
                );
                board.spawn((
                    SceneDisc(i, rest),
                    Mesh2d(disc.clone()),
                    MeshMaterial2d(pieces[i % 2].clone()),
                    Transform::from_translation(rest.extend(1.0)),
                    Visibility::Hidden,
                ));
            }
        });
    // Gomoku: wood, lines, stones.
    let span = (GO_SIZE - 1) as f32 * GO_CELL;
    let stone = meshes.add(smooth::disc(GO_CELL * 0.46));
    let shadow = materials.add(smooth::material(palette::SHADOW));
    commands
        .spawn(root("Title scene: Gomoku", GO_CENTRE))
        .with_children(|board| {
            board.spawn(Sprite::from_color(
                palette::WOOD,
                Vec2::splat(span + GO_CELL * 1.4),
            ));
            board.spawn((
                Sprite::from_color(palette::WOOD_EDGE, Vec2::new(span + GO_CELL * 1.4, 8.0)),
                Transform::from_xyz(0.0, -(span + GO_CELL * 1.4) / 2.0 - 4.0, 0.0),
            ));
            for i in 0..GO_SIZE {
                let at = i as f32 * GO_CELL - span / 2.0;
                board.spawn((
                    Sprite::from_color(palette::GRID, Vec2::new(1.5, span + 1.5)),
                    Transform::from_xyz(at, 0.0, 0.1),
                ));
                board.spawn((
                    Sprite::from_color(palette::GRID, Vec2::new(span + 1.5, 1.5)),
                    Transform::from_xyz(0.0, at, 0.1),
                ));
            }
            for (i, (x, y)) in STONES.iter().enumerate() {
                let at = Vec2::new(*x as f32, *y as f32) * GO_CELL - span / 2.0;
                board
                    .spawn((
                        SceneStone(i),
                        Mesh2d(stone.clone()),
                        MeshMaterial2d(pieces[2 + i % 2].clone()),
                        Transform::from_translation(at.extend(1.0 + i as f32 * 0.01)),
                        Visibility::Hidden,
                    ))
                    .with_child((
                        Mesh2d(stone.clone()),
                        MeshMaterial2d(shadow.clone()),
                        Transform::from_xyz(2.0, -3.0, -0.005),
                    ));
            }
        });
    commands.insert_resource(SceneArt { pieces, since: 0.0 });
}

/// The time into the current round, or the end of a round when still.
fn round_time(art: &SceneArt, settings: &Settings) -> f32 {
    if settings.reduce_motion {
        ROUND - FADE - 0.01
    } else {
        art.since % ROUND
    }
}

/// When piece `i` arrives, in round time.
pub fn arrival(i: usize) -> f32 {
    FIRST + i as f32 * EVERY
}

fn drop_discs(
    time: Res<Time>,
    settings: Res<Settings>,
    mut art: ResMut<SceneArt>,
    mut discs: Query<(&SceneDisc, &mut Transform, &mut Visibility)>,
) {
    art.since += time.delta_secs();
    let t = round_time(&art, &settings);
    for (SceneDisc(i, rest), mut transform, mut visibility) in &mut discs {
        let since = t - arrival(*i);
        let shown = since >= 0.0;
        visibility.set_if_neq(if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        if shown {
            let top = 6.0 * C4_CELL / 2.0 + C4_CELL * 0.7;
            transform.translation.y = rest.y + fall_offset(since, top - rest.y);
        }
    }
}

/// How far above its resting place a disc dropped from `height` above it
/// is, `t` seconds after it let go: it falls, then bounces twice, lower
/// each time.
pub fn fall_offset(t: f32, height: f32) -> f32 {
    const G: f32 = 4000.0;
    let fall = (2.0 * height / G).sqrt();
    if t < fall {
        return height - 0.5 * G * t * t;
    }
    // Each bounce: up at a fraction of the landing speed, and down again.
    let mut speed = G * fall * 0.22;
    let mut t = t - fall;
    for _ in 0..2 {
        let flight = 2.0 * speed / G;
        if t < flight {
            return speed * t - 0.5 * G * t * t;
        }
        t -= flight;
        speed *= 0.3;
    }
    0.0
}

fn place_stones(
    settings: Res<Settings>,
    art: Res<SceneArt>,
    mut stones: Query<(&SceneStone, &mut Transform, &mut Visibility)>,
) {
    let t = round_time(&art, &settings);
    for (SceneStone(i), mut transform, mut visibility) in &mut stones {
        let since = t - arrival(*i) - EVERY / 2.0;
        let shown = since >= 0.0;
        visibility.set_if_neq(if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        // Set down: a little large at first, settling to its size.
        let settle = (since / 0.2).clamp(0.0, 1.0);
        transform.scale = Vec3::splat(1.0 + 0.3 * (1.0 - settle).powi(2));
    }
}

/// The pieces fade out in the last second of a round; a change of palette
/// recolours them.
fn fade(
    settings: Res<Settings>,
    palette: Res<Palette>,
    art: Res<SceneArt>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let t = round_time(&art, &settings);
    let alpha = ((ROUND - t) / FADE).clamp(0.0, 1.0);
    let colours = [
        palette.pieces.red,
        palette.pieces.yellow,
        palette::STONE_BLACK,
        palette::STONE_WHITE,
    ];
    for (handle, colour) in art.pieces.iter().zip(colours) {
        if let Some(mut material) = materials.get_mut(handle) {
            let wanted = colour.with_alpha(alpha);
            if material.color != wanted {
                material.color = wanted;
            }
        }
    }
}
