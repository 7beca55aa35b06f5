//! A board's soft shadow on the background: a small picture of the board's
//! outline blurred at its edges, stretched under the board (the GPU's
//! filtering smooths it further), so the board seems to stand above the
//! table. The picture is white; its colour (and strength) follows the theme.

use crate::game::states::AppSystems;
use crate::game::theme::palette::Palette;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(colour_added)
        .add_systems(Update, recolour.in_set(AppSystems::Present));
}

/// How far the shadow spreads beyond the board's edge, in board units.
const SPREAD: f32 = 30.0;
/// How far below and right of the board it falls: the light is above left.
const OFFSET: Vec2 = Vec2::new(6.0, -14.0);
/// Board units per texel of the shadow's picture.
const TEXEL: f32 = 4.0;

/// A board's shadow.
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardShadow;

/// Spawns the shadow of a board of `size` centred at `at`, at depth `z`;
/// its entity, for the caller to parent.
pub fn spawn(
    commands: &mut Commands,
    images: &mut Assets<Image>,
    at: Vec2,
    size: Vec2,
    z: f32,
) -> Entity {
    let full = size + SPREAD * 2.0;
    commands
        .spawn((
            Name::new("Board shadow"),
            BoardShadow,
            Sprite {
                image: images.add(picture(size)),
                custom_size: Some(full),
                color: Color::NONE,
                ..default()
            },
            Transform::from_xyz(at.x + OFFSET.x, at.y + OFFSET.y, z),
        ))
        .id()
}

/// White with the shadow's strength as alpha: full over the board, fading
/// smoothly to nothing `SPREAD` beyond its edge.
fn picture(size: Vec2) -> Image {
    let full = size + SPREAD * 2.0;
    let (width, height) = (
        (full.x / TEXEL).ceil() as u32,
        (full.y / TEXEL).ceil() as u32,
    );
    let half = size / 2.0;
    let mut data = Vec::with_capacity((width * height * 4) as usize);
    for y in 0..height {
        for x in 0..width {
            let p = (Vec2::new(x as f32 + 0.5, y as f32 + 0.5)
                / Vec2::new(width as f32, height as f32)
                - 0.5)
                * full;
            let outside = (p.abs() - half).max(Vec2::ZERO).length();
            let t = (outside / SPREAD).clamp(0.0, 1.0);
            // Smoothstep down: soft at both ends, like a blur.
            let alpha = 1.0 - t * t * (3.0 - 2.0 * t);
            data.extend([255, 255, 255, (alpha * 255.0).round() as u8]);
        }
    }
    Image::new(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

fn colour_added(
    add: On<Add, BoardShadow>,
    palette: Res<Palette>,
    mut shadows: Query<&mut Sprite, With<BoardShadow>>,
) {
    if let Ok(mut sprite) = shadows.get_mut(add.entity) {
        sprite.color = palette.board_shadow;
    }
}

fn recolour(palette: Res<Palette>, mut shadows: Query<&mut Sprite, With<BoardShadow>>) {
    if palette.is_changed() {
        for mut sprite in &mut shadows {
            sprite.color = palette.board_shadow;
        }
    }
}
