//! Colours by role: an entity says which [`Colour`] its background, text,
//! border or sprite plays, and is painted from the [`Palette`] when it appears and
//! whenever the palette changes (a theme chosen in Settings repaints every
//! screen at once, menus and board alike).

use super::palette::{Colour, Palette};
use crate::game::settings::Settings;
use crate::game::states::AppSystems;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Palette>()
        .add_observer(fill_added)
        .add_observer(ink_added)
        .add_observer(edge_added)
        .add_observer(tint_added)
        .add_systems(
            Update,
            (follow_settings, repaint)
                .chain()
                .in_set(AppSystems::Present),
        );
}

/// The background (`BackgroundColor`) plays this role.
#[derive(Component, Clone, Copy, Debug)]
#[require(BackgroundColor)]
pub struct Fill(pub Colour);

/// The text (`TextColor`) plays this role.
#[derive(Component, Clone, Copy, Debug)]
#[require(TextColor)]
pub struct Ink(pub Colour);

/// A sprite's colour plays this role (a board's backboard).
#[derive(Component, Clone, Copy, Debug)]
#[require(Sprite)]
pub struct Tint(pub Colour);

/// The border (`BorderColor`) plays this role.
#[derive(Component, Clone, Copy, Debug)]
#[require(BorderColor)]
pub struct Edge(pub Colour);

fn fill_added(
    add: On<Add, Fill>,
    palette: Res<Palette>,
    mut fills: Query<(&Fill, &mut BackgroundColor)>,
) {
    if let Ok((fill, mut colour)) = fills.get_mut(add.entity) {
        colour.0 = palette.get(fill.0);
    }
}

fn ink_added(add: On<Add, Ink>, palette: Res<Palette>, mut inks: Query<(&Ink, &mut TextColor)>) {
    if let Ok((ink, mut colour)) = inks.get_mut(add.entity) {
        colour.0 = palette.get(ink.0);
    }
}

fn edge_added(
    add: On<Add, Edge>,
    palette: Res<Palette>,
    mut edges: Query<(&Edge, &mut BorderColor)>,
) {
    if let Ok((edge, mut colour)) = edges.get_mut(add.entity) {
        *colour = BorderColor::all(palette.get(edge.0));
    }
}

fn tint_added(add: On<Add, Tint>, palette: Res<Palette>, mut tints: Query<(&Tint, &mut Sprite)>) {
    if let Ok((tint, mut sprite)) = tints.get_mut(add.entity) {
        sprite.color = palette.get(tint.0);
    }
}

/// The palette is the settings' theme and piece colours.
fn follow_settings(settings: Res<Settings>, mut palette: ResMut<Palette>) {
    let wanted = Palette::of(settings.theme, settings.piece_colours);
    if *palette != wanted {
        *palette = wanted;
    }
}

fn repaint(
    palette: Res<Palette>,
    clear: Option<ResMut<ClearColor>>,
    mut fills: Query<(&Fill, &mut BackgroundColor)>,
    mut inks: Query<(&Ink, &mut TextColor)>,
    mut edges: Query<(&Edge, &mut BorderColor)>,
    mut tints: Query<(&Tint, &mut Sprite)>,
) {
    if !palette.is_changed() {
        return;
    }
    if let Some(mut clear) = clear {
        clear.0 = palette.background;
    }
    for (fill, mut colour) in &mut fills {
        colour.0 = palette.get(fill.0);
    }
    for (ink, mut colour) in &mut inks {
        colour.0 = palette.get(ink.0);
    }
    for (edge, mut colour) in &mut edges {
        *colour = BorderColor::all(palette.get(edge.0));
    }
    for (tint, mut sprite) in &mut tints {
        sprite.color = palette.get(tint.0);
    }
}
