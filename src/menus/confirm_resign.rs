//! Resigning asks first.

use super::MenuRequest;
use crate::current_match::CurrentMatch;
use crate::current_match::HistoryRequest;
use crate::locale::Locale;
use crate::locale::terms;
use crate::states::Menu;
use crate::theme::fonts::size;
use crate::theme::widgets;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::ConfirmResign), spawn);
}

fn spawn(mut commands: Commands, game: Option<Res<CurrentMatch>>, locale: Res<Locale>) {
    let side = game.map_or(locale.t("resign.you"), |g| {
        terms::side(&locale, g.setup().kind, g.resigning_side())
    });
    commands.spawn((
        widgets::overlay("Resign?", true),
        DespawnOnExit(Menu::ConfirmResign),
        children![(
            widgets::panel(460.0),
            children![
                widgets::title("resign.title", size::TITLE),
                widgets::label(locale.f("resign.question", &[("side", &side)])),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        widgets::small_button("resign.confirm", HistoryRequest::Resign),
                        widgets::small_button("resign.keep_playing", MenuRequest::Back),
                    ],
                ),
            ],
        )],
    ));
}
