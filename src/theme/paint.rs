//! Colours by role: an entity says which [`Colour`] its background, text,
//! border or sprite plays, and is painted from the [`Palette`] when it appears and
//! whenever the palette changes (a theme chosen in Settings repaints every
//! screen at once, menus and board alike).

use super::palette::{Colour, Palette};
use crate::states::AppSystems;
use bevy::ecs::component::Mutable;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Palette>().add_systems(
        Update,
        clear_colour
            .in_set(AppSystems::Present)
            .after(PaletteChosen),
    );
    role::<Fill>(app);
    role::<Ink>(app);
    role::<Edge>(app);
    app.add_observer(shaded).add_systems(
        Update,
        reshade.in_set(AppSystems::Present).after(PaletteChosen),
    );
}

/// A colour role: the component that names it, and what it paints.
pub trait Role: Component {
    /// The component whose colour the role sets.
    type Painted: Component<Mutability = Mutable>;
    fn colour(&self) -> Colour;
    fn paint(painted: &mut Self::Painted, colour: Color);
}

/// The background (`BackgroundColor`) plays this role.
#[derive(Component, Clone, Copy, Debug)]
#[require(BackgroundColor)]
pub struct Fill(pub Colour);

/// The text (`TextColor`) plays this role.
#[derive(Component, Clone, Copy, Debug)]
#[require(TextColor)]
pub struct Ink(pub Colour);

/// A mesh's material colour plays this role (a board's backboard, its
/// shadow). The material must be the entity's own: it is recoloured.
#[derive(Component, Clone, Copy, Debug)]
#[require(MeshMaterial2d<ColorMaterial>)]
pub struct Shade(pub Colour);

/// The border (`BorderColor`) plays this role.
#[derive(Component, Clone, Copy, Debug)]
#[require(BorderColor)]
pub struct Edge(pub Colour);

impl Role for Fill {
    type Painted = BackgroundColor;
    fn colour(&self) -> Colour {
        self.0
    }
    fn paint(painted: &mut BackgroundColor, colour: Color) {
        painted.0 = colour;
    }
}

impl Role for Ink {
    type Painted = TextColor;
    fn colour(&self) -> Colour {
        self.0
    }
    fn paint(painted: &mut TextColor, colour: Color) {
        painted.0 = colour;
    }
}

impl Role for Edge {
    type Painted = BorderColor;
    fn colour(&self) -> Colour {
        self.0
    }
    fn paint(painted: &mut BorderColor, colour: Color) {
        *painted = BorderColor::all(colour);
    }
}

/// A role is painted when it appears and whenever the palette changes.
fn role<R: Role>(app: &mut App) {
    app.add_observer(painted::<R>).add_systems(
        Update,
        repaint::<R>
            .in_set(AppSystems::Present)
            .after(PaletteChosen),
    );
}

fn painted<R: Role>(
    add: On<Add, R>,
    palette: Res<Palette>,
    mut roles: Query<(&R, &mut R::Painted)>,
) {
    if let Ok((role, mut painted)) = roles.get_mut(add.entity) {
        R::paint(&mut painted, palette.get(role.colour()));
    }
}

/// Everything again when the palette changes; else what changed its role
/// (a tab now marked as the one on show).
fn repaint<R: Role>(palette: Res<Palette>, mut roles: Query<(Ref<R>, &mut R::Painted)>) {
    let all = palette.is_changed();
    for (role, mut painted) in &mut roles {
        if all || (role.is_changed() && !role.is_added()) {
            R::paint(&mut painted, palette.get(role.colour()));
        }
    }
}

fn shaded(
    add: On<Add, Shade>,
    palette: Res<Palette>,
    shades: Query<(&Shade, &MeshMaterial2d<ColorMaterial>)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if let Ok((shade, material)) = shades.get(add.entity)
        && let Some(mut material) = materials.get_mut(&material.0)
    {
        material.color = palette.get(shade.0);
    }
}

fn reshade(
    palette: Res<Palette>,
    shades: Query<(&Shade, &MeshMaterial2d<ColorMaterial>)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if palette.is_changed() {
        for (shade, material) in &shades {
            if let Some(mut material) = materials.get_mut(&material.0) {
                material.color = palette.get(shade.0);
            }
        }
    }
}

/// Where the palette is chosen each frame (by `settings`, from the
/// player's theme and piece colours): painting comes after it.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PaletteChosen;

fn clear_colour(palette: Res<Palette>, clear: Option<ResMut<ClearColor>>) {
    if let Some(mut clear) = clear.filter(|_| palette.is_changed()) {
        clear.0 = palette.background;
    }
}
