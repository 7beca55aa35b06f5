//! A short celebration when a game is won in play: the winning pieces swell
//! and settle twice, and a burst of confetti in the winner's colour and
//! gold rises from the line and falls away. About a second and a half;
//! none with "Reduce motion" (the glow of the winning line stays).

use super::layout::BoardLayout;
use super::markers::winning_centres;
use super::pieces::Piece;
use super::{BoardRoot, smooth};
use crate::current_match::{CurrentMatch, GameEnded};
use crate::settings::Settings;
use crate::states::{AppSystems, Screen};
use crate::theme::palette::Palette;
use bevy::prelude::*;
use lineup_core::rules::Ending;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (start, swell, fly)
            .chain()
            .in_set(AppSystems::Animate)
            .run_if(in_state(Screen::Game)),
    );
}

/// Confetti per winning piece, how long it flies, and how long the
/// winning pieces swell.
const PER_PIECE: usize = 7;
const FLIGHT: f32 = 1.4;
const SWELL: f32 = 1.2;
const GRAVITY: f32 = 1500.0;

/// A winning piece swelling: seconds so far.
#[derive(Component)]
pub struct Swelling(f32);

/// A bit of confetti: its velocity and age.
#[derive(Component)]
pub struct Confetti {
    velocity: Vec2,
    age: f32,
}

fn start(
    mut commands: Commands,
    mut ended: MessageReader<GameEnded>,
    game: Option<Res<CurrentMatch>>,
    settings: Res<Settings>,
    palette: Res<Palette>,
    layout: Option<Res<BoardLayout>>,
    root: Option<Single<Entity, With<BoardRoot>>>,
    pieces: Query<(Entity, &Transform), With<Piece>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(Ending::Win(winner)) = ended.read().last().map(|e| e.0) else {
        return;
    };
    let (Some(game), Some(layout), Some(root)) = (game, layout, root) else {
        return;
    };
    if settings.reduce_motion {
        return;
    }
    let centres = winning_centres(game.game(), &layout);
    for (entity, transform) in &pieces {
        let at = transform.translation.truncate();
        if centres.iter().any(|c| c.distance(at) < layout.cell * 0.3) {
            commands.entity(entity).insert(Swelling(0.0));
        }
    }
    let own = palette.piece_colour(game.setup().kind, winner);
    let colours = [
        materials.add(smooth::material(own)),
        materials.add(smooth::material(palette.accent)),
        materials.add(smooth::material(palette.pieces.win_glow)),
    ];
    let bit = meshes.add(smooth::disc(layout.cell * 0.075));
    let mut bits = Vec::new();
    for (i, centre) in centres.iter().enumerate() {
        for k in 0..PER_PIECE {
            // Spread evenly upward (a fan of 140°), speeds varied by index:
            // the same burst every time.
            let n = i * PER_PIECE + k;
            let angle = (20.0 + 140.0 * k as f32 / (PER_PIECE - 1) as f32).to_radians();
            let speed = layout.cell * (6.0 + 4.0 * ((n * 37 % 11) as f32 / 10.0));
            bits.push(
                commands
                    .spawn((
                        Name::new("Confetti"),
                        Confetti {
                            velocity: Vec2::from_angle(angle) * speed,
                            age: 0.0,
                        },
                        Mesh2d(bit.clone()),
                        MeshMaterial2d(colours[n % colours.len()].clone()),
                        Transform::from_translation(centre.extend(20.0)),
                    ))
                    .id(),
            );
        }
    }
    commands.entity(*root).add_children(&bits);
}

fn swell(
    mut commands: Commands,
    time: Res<Time>,
    mut pieces: Query<(Entity, &mut Swelling, &mut Transform)>,
) {
    for (entity, mut swelling, mut transform) in &mut pieces {
        swelling.0 += time.delta_secs();
        let t = (swelling.0 / SWELL).min(1.0);
        // Two beats, the second softer.
        let beat = (t * std::f32::consts::TAU * 2.0).sin().abs() * (1.0 - t);
        transform.scale = Vec3::splat(1.0 + 0.12 * beat);
        if t >= 1.0 {
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Swelling>();
        }
    }
}

fn fly(
    mut commands: Commands,
    time: Res<Time>,
    mut bits: Query<(
        Entity,
        &mut Confetti,
        &mut Transform,
        &MeshMaterial2d<ColorMaterial>,
    )>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let dt = time.delta_secs();
    for (entity, mut bit, mut transform, material) in &mut bits {
        bit.age += dt;
        if bit.age >= FLIGHT {
            commands.entity(entity).despawn();
            continue;
        }
        bit.velocity.y -= GRAVITY * dt;
        let step = bit.velocity * dt;
        transform.translation += step.extend(0.0);
        // Fade over the last half of the flight (bits of one colour share a
        // material, and age together).
        let alpha = ((FLIGHT - bit.age) / (FLIGHT / 2.0)).min(1.0);
        if let Some(mut m) = materials.get_mut(&material.0)
            && (m.color.alpha() - alpha).abs() > 0.01
        {
            m.color.set_alpha(alpha);
        }
    }
}
