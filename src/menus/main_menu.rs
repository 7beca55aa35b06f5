//! The main menu on the title screen.

use super::MenuRequest;
use crate::current_match::StartMatch;
use crate::disk::{Storage, newest_unfinished};
use crate::locale::Locale;
use crate::states::{AppSystems, Menu};
use crate::theme::toast::Toast;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::match_state::Match;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Main), spawn).add_systems(
        Update,
        handle_requests
            .in_set(AppSystems::Apply)
            .run_if(in_state(Menu::Main)),
    );
}

fn spawn(mut commands: Commands, storage: Option<Res<Storage>>) {
    // Continue only when there is an unfinished game to go back to.
    let can_continue = storage.is_some_and(|s| newest_unfinished(&s).is_some());
    let panel = commands
        .spawn(widgets::panel(380.0))
        .with_children(|panel| {
            if can_continue {
                panel.spawn(widgets::button("menu.continue", MenuRequest::Continue));
            }
            panel.spawn(widgets::button("menu.new_game", MenuRequest::OpenNewGame));
            panel.spawn(widgets::button("menu.play_online", MenuRequest::OpenOnline));
            panel.spawn(widgets::button("menu.load_game", MenuRequest::OpenLoad));
            panel.spawn(widgets::button("menu.analysis", MenuRequest::OpenAnalysis));
            panel.spawn(widgets::button("menu.settings", MenuRequest::OpenSettings));
            panel.spawn(widgets::button(
                "menu.how_to_play",
                MenuRequest::OpenHowToPlay,
            ));
            panel.spawn(widgets::button("menu.quit", MenuRequest::Quit));
        })
        .id();
    commands
        .spawn((
            widgets::overlay("Main menu", false),
            DespawnOnExit(Menu::Main),
        ))
        .with_children(|overlay| {
            overlay
                .spawn(Node {
                    margin: UiRect::top(px(150)),
                    ..default()
                })
                .add_child(panel);
        });
}

fn handle_requests(
    mut requests: MessageReader<MenuRequest>,
    storage: Option<Res<Storage>>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
    mut exit: MessageWriter<AppExit>,
    mut starts: MessageWriter<StartMatch>,
) {
    for request in requests.read() {
        match request {
            MenuRequest::Quit => {
                exit.write(AppExit::Success);
            }
            MenuRequest::Continue => match storage.as_deref().and_then(newest_unfinished) {
                Some((save, game)) => {
                    starts.write(StartMatch(Match::from_save(&save, game)));
                }
                None => {
                    toasts.write(Toast::window(locale.t("notice.continue_gone")));
                }
            },
            _ => {}
        }
    }
}
