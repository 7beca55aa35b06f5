//! Resigning asks first.

use crate::game::actions::Action;
use crate::game::board::CurrentMatch;
use crate::game::states::Menu;
use crate::game::theme::widgets;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::ConfirmResign), spawn);
}

fn spawn(mut commands: Commands, game: Option<Res<CurrentMatch>>) {
    let side = game.map_or("You", |g| g.side_name(g.resigning_side()));
    commands.spawn((
        widgets::overlay("Resign?", true),
        DespawnOnExit(Menu::ConfirmResign),
        children![(
            widgets::panel(460.0),
            children![
                widgets::title("Resign?", 36.0),
                widgets::label(format!("{side} gives up this game.")),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        widgets::small_button("Resign", Action::ConfirmResign),
                        widgets::small_button("Keep playing", Action::Back),
                    ],
                ),
            ],
        )],
    ));
}
