//! The pause menu inside a game (Esc).

use crate::actions::{Action, UiAction};
use crate::board::CurrentMatch;
use crate::locale::Locale;
use crate::states::Menu;
use crate::states::Screen;
use crate::storage::{Notice, Storage};
use crate::theme::fonts::size;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::match_state::now;
use lineup_core::persist::{export, slots};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Pause), spawn).add_systems(
        Update,
        (quit_to_title, export_game).run_if(in_state(Screen::Game)),
    );
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Pause", true),
        DespawnOnExit(Menu::Pause),
        children![(
            widgets::panel(380.0),
            children![
                widgets::title("pause.title", size::TITLE),
                widgets::button("pause.resume", Action::Resume),
                widgets::button("pause.save", Action::OpenSave),
                widgets::button("pause.review", Action::Review),
                widgets::button("pause.export", Action::Export),
                widgets::button("menu.settings", Action::OpenSettings),
                widgets::button("pause.resign", Action::Resign),
                widgets::button("pause.quit_to_title", Action::QuitToTitle),
            ],
        )],
    ));
}

/// Leaves the game for the title screen (from the pause menu or the banner).
fn quit_to_title(
    mut actions: MessageReader<UiAction>,
    mut screen: ResMut<NextState<Screen>>,
    mut menu: ResMut<NextState<Menu>>,
) {
    if actions.read().any(|a| a.0 == Action::QuitToTitle) {
        menu.set(Menu::None);
        screen.set(Screen::Title);
    }
}

/// Writes the game's moves for other programs and says where.
fn export_game(
    mut actions: MessageReader<UiAction>,
    game: Res<CurrentMatch>,
    storage: Option<Res<Storage>>,
    mut notice: ResMut<Notice>,
    locale: Res<Locale>,
) {
    if !actions.read().any(|a| a.0 == Action::Export) {
        return;
    }
    let Some(folders) = storage.as_ref().and_then(|s| s.folders.as_ref()) else {
        notice.show(locale.t("notice.no_export_folder"));
        return;
    };
    let name = slots::default_name(&game.setup.kind.title(), game.game.move_count(), now());
    match export::export(&game.game, game.opening.as_ref(), &name, &folders.exports()) {
        Ok(files) => {
            let shown: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
            notice.show(locale.f(
                "notice.exported",
                &[
                    ("moves", &export::move_string(&game.game)),
                    ("files", &shown.join(", ")),
                ],
            ));
        }
        Err(e) => notice.show(locale.f("notice.export_failed", &[("error", &e)])),
    }
}
