//! The Gomoku board: wood with a grain made here in code, grid lines, star
//! points, coordinates on the edges, and stones with a soft shadow.

use super::layout::BoardLayout;
use super::pieces::{Animating, Settling};
use super::{BoardRoot, BoardSpawn};
use super::{shadow, smooth};
use crate::current_match::CurrentMatch;
use crate::settings::Settings;
use crate::states::{AppSystems, Screen};
use crate::theme::fonts::layout_size;
use crate::theme::palette;
use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use lineup_core::match_setup::GameKind;
use lineup_core::rules::{Point, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Game), |mut commands: Commands| {
        commands.remove_resource::<StoneArt>()
    });
    app.add_systems(
        super::SpawnBoard,
        (
            make_art.in_set(BoardSpawn::Art),
            spawn_board.in_set(BoardSpawn::Contents),
        )
            .run_if(is_gomoku),
    )
    .add_systems(
        Update,
        (
            show_labels.run_if(in_state(Screen::Game).and_then(resource_changed::<Settings>)),
            snap_grid.run_if(in_state(Screen::Game)),
        )
            .in_set(AppSystems::Present),
    );
}

/// One of the grid's lines: the `index`th from the left (vertical) or the
/// bottom.
#[derive(Component, Clone, Copy, Debug)]
pub struct GridLine {
    pub index: u8,
    pub vertical: bool,
}

/// The width of line `index` of the grid, in the board's units: the outer
/// lines a little heavier, as on a real board.
fn grid_line_width(layout: &BoardLayout, index: u8) -> f32 {
    let line = (layout.cell * 0.045).max(1.5);
    if index == 0 || index + 1 == layout.columns {
        line * 1.8
    } else {
        line
    }
}

/// Every line of the grid the same whole number of pixels wide, its edges
/// on pixel edges, at any window size: scaled as the world is, a 2-unit line
/// falls across pixels unevenly (at 800×600 the lines came out 1 and 2
/// pixels wide by turns). Redone when the window or the grid changes.
fn snap_grid(
    window: Single<Ref<Window>, With<bevy::window::PrimaryWindow>>,
    layout: Option<Res<BoardLayout>>,
    added: Query<(), Added<GridLine>>,
    mut lines: Query<(&GridLine, &mut Sprite, &mut Transform)>,
) {
    let Some(layout) = layout else { return };
    if !window.is_changed() && added.is_empty() {
        return;
    }
    let (width, height) = (
        window.physical_width() as f32,
        window.physical_height() as f32,
    );
    let Some(scale) = crate::theme::design::design_scale(Vec2::new(width, height)) else {
        return;
    };
    let n = layout.columns;
    // Each line's (first pixel, pixels wide) across its own axis, in window
    // pixels measured from the window's centre.
    let snapped = |centre: f32, i: u8| {
        let wide = (grid_line_width(&layout, i) * scale).round().max(1.0);
        ((centre * scale - wide / 2.0).round(), wide)
    };
    // The window's centre is a pixel edge when its size is even, a pixel's
    // middle when odd: shift by half a pixel then.
    let half = |size: f32| if size as u32 % 2 == 1 { 0.5 } else { 0.0 };
    let origin = super::BOARD_CENTRE;
    let xs: Vec<(f32, f32)> = (0..n)
        .map(|i| snapped(origin.x + layout.centre(i, 0).x + half(width) / scale, i))
        .collect();
    let ys: Vec<(f32, f32)> = (0..n)
        .map(|i| snapped(origin.y + layout.centre(0, i).y + half(height) / scale, i))
        .collect();
    // Back to the board's own units.
    let local = |(first, wide): (f32, f32), at: f32, shift: f32| {
        (
            (first + wide / 2.0) / scale - at - shift / scale,
            wide / scale,
        )
    };
    // From the first pixel of the lowest line to the last of the highest
    // (on a flipped board line 0 is the highest).
    let span = |ends: &[(f32, f32)], at: f32, shift: f32| {
        let from = ends.iter().map(|e| e.0).fold(f32::INFINITY, f32::min);
        let to = ends
            .iter()
            .map(|e| e.0 + e.1)
            .fold(f32::NEG_INFINITY, f32::max);
        (
            ((from + to) / 2.0) / scale - at - shift / scale,
            (to - from) / scale,
        )
    };
    let (x_mid, x_len) = span(&xs, origin.x, half(width));
    let (y_mid, y_len) = span(&ys, origin.y, half(height));
    for (grid, mut sprite, mut transform) in &mut lines {
        let i = grid.index as usize;
        if grid.vertical {
            let (x, wide) = local(xs[i], origin.x, half(width));
            transform.translation.x = x;
            transform.translation.y = y_mid;
            sprite.custom_size = Some(Vec2::new(wide, y_len));
        } else {
            let (y, wide) = local(ys[i], origin.y, half(height));
            transform.translation.y = y;
            transform.translation.x = x_mid;
            sprite.custom_size = Some(Vec2::new(x_len, wide));
        }
    }
}

pub fn is_gomoku(game: Option<Res<CurrentMatch>>) -> bool {
    game.is_some_and(|g| matches!(g.setup().kind, GameKind::Gomoku { .. }))
}

/// Depths inside the board, back to front.
pub mod z {
    pub const WOOD: f32 = -3.0;
    pub const GRID: f32 = -2.0;
    pub const STONE: f32 = 1.0;
    pub const MARK: f32 = 4.0;
}

/// Meshes and colours for stones, made once per game for its grid size.
/// Each side's stone is one mesh (drop shadow, body, white's rim, the
/// light's reflection, painted in its vertices) shared by every stone of
/// that side: a stone is one draw, not four (50 stones cost ~18 ms of CPU a
/// frame more as four entities each).
#[derive(Resource)]
pub struct StoneArt {
    /// A plain white disc: ghosts and markers colour it by material.
    pub stone: Handle<Mesh>,
    /// Each side's finished stone.
    pub bodies: [Handle<Mesh>; 2],
    /// White: the bodies carry their colours.
    pub paint: Handle<ColorMaterial>,
    pub ghosts: [Handle<ColorMaterial>; 2],
    pub radius: f32,
}

/// Side `side`'s stone: its shadow on the wood below right, the body, a
/// grey rim for white, and the reflection at the top left.
fn stone_mesh(side: Side, radius: f32) -> Mesh {
    let r = radius;
    let body = match side {
        Side::First => palette::STONE_BLACK,
        Side::Second => palette::STONE_WHITE,
    };
    let mut layers = smooth::Layers::default()
        .ellipse(Vec2::new(r * 0.1, -r * 0.14), r, r, 0.0, palette::SHADOW)
        .disc(r, body);
    if side == Side::Second {
        layers = layers.ring(r * 0.9, r, palette::STONE_WHITE_RIM);
    }
    let shine = r * 0.32;
    layers
        .ellipse(
            Vec2::new(-r * 0.35, r * 0.35),
            shine,
            shine,
            0.0,
            Color::srgba(1.0, 1.0, 1.0, 0.16),
        )
        .build()
}

/// A coordinate letter or number on the board's edge.
#[derive(Component)]
pub struct Coordinate;

/// The move number written on a stone.
#[derive(Component)]
pub struct MoveNumber;

fn make_art(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let radius = layout.cell * 0.46;
    commands.insert_resource(StoneArt {
        stone: meshes.add(smooth::disc(radius)),
        bodies: [Side::First, Side::Second].map(|side| meshes.add(stone_mesh(side, radius))),
        paint: materials.add(smooth::material(Color::WHITE)),
        ghosts: [
            materials.add(smooth::material(palette::STONE_BLACK.with_alpha(0.45))),
            materials.add(smooth::material(palette::STONE_WHITE.with_alpha(0.6))),
        ],
        radius,
    });
}

fn spawn_board(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    root: Single<Entity, With<BoardRoot>>,
    mut images: ResMut<Assets<Image>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let n = layout.columns;
    let span = (n as f32 - 1.0) * layout.cell;
    let wood_size = Vec2::splat(span + layout.cell * 1.7);
    let mut children = vec![shadow::spawn(
        &mut commands,
        &mut meshes,
        &mut materials,
        Vec2::new(4.0, -6.0),
        wood_size + 10.0,
        z::WOOD - 1.0,
    )];
    // The board's thickness shows below and right of the wood. Only the
    // strips the wood leaves uncovered are drawn: a software renderer pays
    // for every pixel, and the whole slab under the wood cost ~4 ms a frame.
    let wood = Rect::from_center_size(Vec2::ZERO, wood_size);
    let slab = Rect::from_center_size(Vec2::new(4.0, -6.0), wood_size + 10.0);
    for strip in uncovered(slab, wood) {
        children.push(
            commands
                .spawn((
                    Name::new("Board edge"),
                    Sprite::from_color(palette::WOOD_EDGE, strip.size()),
                    Transform::from_translation(strip.center().extend(z::WOOD - 0.1)),
                ))
                .id(),
        );
    }
    children.extend([commands
        .spawn((
            Name::new("Wood"),
            Sprite {
                image: images.add(wood_texture(7)),
                custom_size: Some(wood_size),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, z::WOOD),
        ))
        .id()]);
    for i in 0..n {
        let offset = layout.centre(i, i);
        let width = grid_line_width(&layout, i);
        children.push(
            commands
                .spawn((
                    GridLine {
                        index: i,
                        vertical: true,
                    },
                    Sprite::from_color(palette::GRID, Vec2::new(width, span + width)),
                    Transform::from_xyz(offset.x, 0.0, z::GRID),
                ))
                .id(),
        );
        children.push(
            commands
                .spawn((
                    GridLine {
                        index: i,
                        vertical: false,
                    },
                    Sprite::from_color(palette::GRID, Vec2::new(span + width, width)),
                    Transform::from_xyz(0.0, offset.y, z::GRID),
                ))
                .id(),
        );
    }
    let star = meshes.add(smooth::disc(layout.cell * 0.09));
    let ink = materials.add(smooth::material(palette::GRID));
    for p in star_points(n) {
        let at = layout.point_centre(p);
        children.push(
            commands
                .spawn((
                    Mesh2d(star.clone()),
                    MeshMaterial2d(ink.clone()),
                    Transform::from_xyz(at.x, at.y, z::GRID + 0.1),
                ))
                .id(),
        );
    }
    let visibility = if settings.show_coordinates {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    let font = TextFont::from_font_size(layout_size((layout.cell * 0.36).clamp(11.0, 18.0)));
    let edge = span / 2.0 + layout.cell * 0.62;
    for i in 0..n {
        let p = layout.centre(i, i);
        let letter = char::from(b'a' + i).to_string();
        for (text, x, y) in [
            (letter.clone(), p.x, -edge),
            (letter, p.x, edge),
            ((i + 1).to_string(), -edge, p.y),
            ((i + 1).to_string(), edge, p.y),
        ] {
            children.push(
                commands
                    .spawn((
                        Coordinate,
                        Text2d::new(text),
                        font.clone(),
                        TextColor(palette::GRID),
                        visibility,
                        Transform::from_xyz(x, y, z::GRID),
                    ))
                    .id(),
            );
        }
    }
    commands.entity(*root).add_children(&children);
}

/// The parts of `outer` that `inner` does not cover, as up to four
/// rectangles (top, bottom, left, right; empty ones left out).
pub fn uncovered(outer: Rect, inner: Rect) -> Vec<Rect> {
    let inner = inner.intersect(outer);
    if inner.is_empty() {
        return vec![outer];
    }
    [
        Rect::new(outer.min.x, inner.max.y, outer.max.x, outer.max.y),
        Rect::new(outer.min.x, outer.min.y, outer.max.x, inner.min.y),
        Rect::new(outer.min.x, inner.min.y, inner.min.x, inner.max.y),
        Rect::new(inner.max.x, inner.min.y, outer.max.x, inner.max.y),
    ]
    .into_iter()
    .filter(|r| r.width() > 0.0 && r.height() > 0.0)
    .collect()
}

/// The traditional star points: the centre, and for boards of 13 and more
/// the four points on the fourth lines from the edges (d4, l4, d12, l12 on 15×15).
pub fn star_points(n: u8) -> Vec<Point> {
    let mid = n / 2;
    let mut points = vec![Point::new(mid, mid)];
    if n >= 13 {
        let near = 3;
        let far = n - 1 - near;
        points.extend([
            Point::new(near, near),
            Point::new(far, near),
            Point::new(near, far),
            Point::new(far, far),
        ]);
    }
    points
}

/// A stone of `side` at `p`, or dropping onto it, with its move number
/// (a set-up stone of the analysis board has none).
pub(super) fn spawn_stone(
    commands: &mut Commands,
    art: &StoneArt,
    layout: &BoardLayout,
    settings: &Settings,
    side: Side,
    number: Option<usize>,
    p: Point,
    animate: bool,
) -> Entity {
    let at = layout.point_centre(p);
    let r = art.radius;
    let number_colour = match side {
        Side::First => palette::STONE_WHITE,
        Side::Second => palette::STONE_BLACK,
    };
    let numbers = if settings.show_move_numbers {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    // Lower rows in front: a stone's shadow falls below right, onto the
    // wood, never onto the stone below it.
    let z = z::STONE + f32::from(layout.rows - p.y) * 0.001;
    let mut stone = commands.spawn((
        Name::new("Stone"),
        Mesh2d(art.bodies[side.index()].clone()),
        MeshMaterial2d(art.paint.clone()),
        Transform::from_xyz(at.x, at.y, z),
    ));
    if let Some(number) = number {
        stone.with_child((
            MoveNumber,
            Text2d::new(number.to_string()),
            TextFont::from_font_size(layout_size((r * 0.8).clamp(9.0, 18.0))),
            TextColor(number_colour),
            numbers,
            Transform::from_xyz(0.0, 0.0, 0.05),
        ));
    }
    if animate {
        stone.insert((
            Animating,
            Settling::default(),
            Transform::from_xyz(at.x, at.y, z).with_scale(Vec3::splat(1.28)),
        ));
    }
    stone.id()
}

/// Coordinates and move numbers follow the settings at once.
fn show_labels(
    settings: Res<Settings>,
    mut coordinates: Query<&mut Visibility, (With<Coordinate>, Without<MoveNumber>)>,
    mut numbers: Query<&mut Visibility, (With<MoveNumber>, Without<Coordinate>)>,
) {
    let shown = |on: bool| {
        if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    for mut v in &mut coordinates {
        v.set_if_neq(shown(settings.show_coordinates));
    }
    for mut v in &mut numbers {
        v.set_if_neq(shown(settings.show_move_numbers));
    }
}

/// A light wood texture with grain, made from a fixed seed so every board
/// looks the same: rings from a few wavy bands, and fine streaks.
pub fn wood_texture(seed: u32) -> Image {
    const SIZE: u32 = 256;
    let mut data = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    let base = palette::WOOD.to_srgba();
    let hash = |x: u32| {
        let mut h = x.wrapping_mul(0x9e37_79b9) ^ seed.wrapping_mul(0x85eb_ca6b);
        h ^= h >> 15;
        h = h.wrapping_mul(0x2c1b_3c6d);
        h ^= h >> 12;
        (h & 0xffff) as f32 / 65535.0
    };
    for y in 0..SIZE {
        for x in 0..SIZE {
            let (fx, fy) = (x as f32 / SIZE as f32, y as f32 / SIZE as f32);
            // Grain runs along y; waves bend it gently.
            let wave = (fy * 9.0 + (fx * 3.0).sin() * 0.8).sin() * 0.35 + (fy * 23.0).sin() * 0.1;
            let ring = ((fx * 14.0 + wave) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
            let streak = hash(x) * 0.5 + hash(x / 3 + 1000) * 0.5;
            let shade =
                0.93 + ring.powf(3.0) * 0.06 - streak * 0.05 - (hash(x * SIZE + y) - 0.5) * 0.02;
            for channel in [base.red, base.green, base.blue] {
                data.push(((channel * shade).clamp(0.0, 1.0) * 255.0) as u8);
            }
            data.push(255);
        }
    }
    Image::new(
        Extent3d {
            width: SIZE,
            height: SIZE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}
