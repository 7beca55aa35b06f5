//! About: what the game is and how to play it.

use super::MenuRequest;
use crate::locale::Locale;
use crate::states::Menu;
use crate::theme::fonts::size;
use crate::theme::widgets;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::About), spawn);
}

fn spawn(mut commands: Commands, locale: Res<Locale>) {
    commands.spawn((
        widgets::overlay("About", true),
        DespawnOnExit(Menu::About),
        children![(
            widgets::panel(720.0),
            children![
                widgets::title("about.title", size::TITLE),
                widgets::dim_label(
                    locale.f("about.version", &[("version", &env!("CARGO_PKG_VERSION"))])
                ),
                (
                    widgets::label("about.text"),
                    // A little short of the panel's width: a line of Chinese
                    // may end in punctuation that hangs past the wrap.
                    Node {
                        width: percent(98),
                        ..default()
                    }
                ),
                widgets::button("common.back", MenuRequest::Back),
            ],
        )],
    ));
}
