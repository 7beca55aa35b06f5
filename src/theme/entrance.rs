//! Menus come in: the backdrop fades in and the panel rises the last few
//! pixels into place, in a sixth of a second. Any key or mouse press
//! finishes it at once, and "Reduce motion" in Settings turns it off.
//!
//! Why so small a move: a button that arrives 10 pixels off is still under
//! the pointer of a player (or a test) who clicks at once, so the motion
//! never costs a click.

use super::interaction::MenuLayer;
use super::paint::Fill;
use super::palette::Palette;
use crate::states::AppSystems;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(begin)
        .add_systems(Update, come_in.in_set(AppSystems::Animate));
}

/// How long a menu takes to come in, and how far its panel rises.
pub const SECONDS: f32 = 0.16;
const RISE: f32 = 10.0;

/// A menu on its way in: `t` runs from 0 to 1.
#[derive(Component, Debug, Default)]
pub struct Entrance {
    pub t: f32,
}

/// "Reduce motion", as the settings say it (`settings` keeps it).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReduceMotion(pub bool);

fn begin(add: On<Add, MenuLayer>, motion: Option<Res<ReduceMotion>>, mut commands: Commands) {
    if motion.is_some_and(|reduced| !reduced.0) {
        commands.entity(add.entity).insert(Entrance::default());
    }
}

fn come_in(
    mut commands: Commands,
    time: Res<Time<Real>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    palette: Res<Palette>,
    mut menus: Query<(
        Entity,
        &mut Entrance,
        &Fill,
        &mut BackgroundColor,
        &Children,
    )>,
    mut panels: Query<&mut UiTransform>,
) {
    let skip = keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || buttons.is_some_and(|b| b.get_just_pressed().next().is_some());
    for (entity, mut entrance, fill, mut backdrop, children) in &mut menus {
        entrance.t = if skip {
            1.0
        } else {
            (entrance.t + time.delta_secs() / SECONDS).min(1.0)
        };
        // Ease out: quick at first, settling gently.
        let eased = 1.0 - (1.0 - entrance.t).powi(3);
        let colour = palette.get(fill.0);
        backdrop.0 = colour.with_alpha(colour.alpha() * eased);
        for child in children.iter() {
            if let Ok(mut transform) = panels.get_mut(child) {
                transform.translation = Val2::px(0.0, RISE * (1.0 - eased));
            }
        }
        if entrance.t >= 1.0 {
            commands.entity(entity).remove::<Entrance>();
        }
    }
}
