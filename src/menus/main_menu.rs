//! The main menu on the title screen.

use crate::actions::{Action, UiAction};
use crate::board::CurrentMatch;
use crate::locale::Locale;
use crate::states::Menu;
use crate::states::Screen;
use crate::storage::{Notice, Storage, unfinished_autosave};
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::match_state::Match;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Main), spawn)
        .add_systems(Update, handle_actions.run_if(in_state(Menu::Main)));
}

fn spawn(mut commands: Commands, storage: Option<Res<Storage>>) {
    // Continue only when there is an unfinished game to go back to.
    let can_continue = storage.is_some_and(|s| unfinished_autosave(&s).is_some());
    let panel = commands
        .spawn(widgets::panel(380.0))
        .with_children(|panel| {
            if can_continue {
                panel.spawn(widgets::button("menu.continue", Action::Continue));
            }
            panel.spawn(widgets::button("menu.new_game", Action::OpenNewGame));
            panel.spawn(widgets::button("menu.play_online", Action::OpenOnline));
            panel.spawn(widgets::button("menu.load_game", Action::OpenLoad));
            panel.spawn(widgets::button("menu.settings", Action::OpenSettings));
            panel.spawn(widgets::button("menu.about", Action::OpenAbout));
            panel.spawn(widgets::button("menu.quit", Action::Quit));
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

fn handle_actions(
    mut commands: Commands,
    mut actions: MessageReader<UiAction>,
    storage: Option<Res<Storage>>,
    mut notice: ResMut<Notice>,
    locale: Res<Locale>,
    mut exit: MessageWriter<AppExit>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    for UiAction(action) in actions.read() {
        match action {
            Action::Quit => {
                exit.write(AppExit::Success);
            }
            Action::Continue => match storage.as_deref().and_then(unfinished_autosave) {
                Some((save, game)) => {
                    commands.insert_resource(CurrentMatch(Match::from_save(&save, game)));
                    next_menu.set(Menu::None);
                    next_screen.set(Screen::Game);
                }
                None => notice.show(locale.t("notice.continue_gone")),
            },
            _ => {}
        }
    }
}
