//! The pause menu inside a game (Esc).

use super::MenuRequest;
use super::save::SaveRequest;
use crate::analysis::AnalysisRequest;
use crate::current_match::CurrentMatch;
use crate::disk::Storage;
use crate::locale::Locale;
use crate::review::ReviewRequest;
use crate::states::AppSystems;
use crate::states::Menu;
use crate::states::Screen;
use crate::theme::fonts::size;
use crate::theme::toast::Toast;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::persist::{export, slots};
use lineup_core::unix_time::now;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Pause), spawn).add_systems(
        Update,
        (
            // A quit stops the session before its news is followed.
            quit_to_title.before(crate::online::FollowTheServer),
            export_game,
        )
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Game)),
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
                widgets::button("pause.resume", MenuRequest::Resume),
                widgets::button("pause.save", MenuRequest::OpenSave),
                widgets::button("pause.review", ReviewRequest::Open),
                widgets::button("pause.analyse", AnalysisRequest::Open),
                widgets::button("pause.export", SaveRequest::Export),
                widgets::button("menu.settings", MenuRequest::OpenSettings),
                widgets::button("pause.resign", MenuRequest::Resign),
                widgets::button("pause.quit_to_title", MenuRequest::QuitToTitle),
            ],
        )],
    ));
}

/// Leaves the game for the title screen (from the pause menu or the banner).
/// An online match ends its session (the server hears the player leave).
fn quit_to_title(
    mut commands: Commands,
    mut requests: MessageReader<MenuRequest>,
    mut screen: ResMut<NextState<Screen>>,
    mut menu: ResMut<NextState<Menu>>,
    game: Option<Res<CurrentMatch>>,
    session: Option<Res<crate::online::OnlineSession>>,
) {
    if requests.read().any(|r| *r == MenuRequest::QuitToTitle) {
        if let (Some(session), Some(game)) = (&session, &game)
            && session.drives(game)
        {
            commands.queue(crate::online::stop);
        }
        menu.set(Menu::None);
        screen.set(Screen::Title);
    }
}

/// Writes the game's moves for other programs and says where.
fn export_game(
    mut requests: MessageReader<SaveRequest>,
    game: Res<CurrentMatch>,
    storage: Option<Res<Storage>>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
) {
    if !requests.read().any(|r| *r == SaveRequest::Export) {
        return;
    }
    let Some(folders) = storage.as_ref().and_then(|s| s.folders.as_ref()) else {
        toasts.write(Toast::window(locale.t("notice.no_export_folder")));
        return;
    };
    let name = slots::default_name(&game.setup().kind.title(), game.game().move_count(), now());
    match export::export(
        game.game(),
        game.opening(),
        game.clock(),
        &name,
        &folders.exports(),
    ) {
        Ok(files) => {
            // Short enough for one line at the window's foot: the kinds of
            // file written and the folder, not every full path.
            let kinds: Vec<String> = files
                .iter()
                .filter_map(|f| f.extension())
                .map(|e| format!(".{}", e.to_string_lossy()))
                .collect();
            toasts.write(Toast::window(locale.f(
                "notice.exported",
                &[
                    ("files", &kinds.join(", ")),
                    ("folder", &home_relative(&folders.exports())),
                ],
            )));
        }
        Err(e) => {
            toasts.write(Toast::window(
                locale.f("notice.export_failed", &[("error", &e)]),
            ));
        }
    }
}

/// `path` with the player's home folder written `~`, as a player reads it.
fn home_relative(path: &std::path::Path) -> String {
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    match home.as_deref().and_then(|h| path.strip_prefix(h).ok()) {
        Some(rest) => format!("~/{}", rest.display()),
        None => path.display().to_string(),
    }
}
