//! Keeps the player's things on disk: settings are read at start and written
//! shortly after each change; the match in play is kept after every move,
//! each match in a file of its own (so "Continue" can resume it, even after
//! a crash, and a new game never replaces an unfinished one); named saves and
//! loads come from the menus. A problem with a file becomes a toast on
//! screen, never a crash, and the game goes on.

use crate::current_match::CurrentMatch;
use crate::settings::Settings;
use crate::states::AppSystems;
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_core::persist::atomic::clean_temporaries;
use lineup_core::persist::folders::Folders;
use lineup_core::persist::games;
use lineup_core::persist::save_file::SaveFile;
use lineup_core::persist::settings_file;
use lineup_core::persist::slots;
use lineup_core::unix_time::now;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UnsavedSettings>()
        .add_systems(PreStartup, open_storage)
        .add_systems(
            Update,
            (write_settings_when_quiet, autosave).in_set(AppSystems::Persist),
        )
        // Last: after anything in the frame that may have decided to quit
        // (Bevy's window-close exit runs in Last too).
        .add_systems(
            Last,
            write_settings_on_exit
                .in_set(LastWrites)
                .after(bevy::window::ExitSystems),
        );
}

/// The game's writes on the way out (the quit guard waits for them).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LastWrites;

/// Where files go, or `None` when the system has no place for them (the
/// game then plays without saving).
#[derive(Resource, Clone, Debug)]
pub struct Storage {
    pub folders: Option<Folders>,
}

impl Storage {
    pub fn at(folders: Folders) -> Self {
        Storage {
            folders: Some(folders),
        }
    }
}

/// Finds the folders (tests insert their own `Storage` first), tidies up
/// after interrupted writes, and reads the settings.
fn open_storage(
    mut commands: Commands,
    storage: Option<Res<Storage>>,
    mut toasts: MessageWriter<Toast>,
) {
    let storage = match storage {
        Some(storage) => storage.clone(),
        None => {
            let storage = Storage {
                folders: Folders::locate(),
            };
            commands.insert_resource(storage.clone());
            storage
        }
    };
    let Some(folders) = &storage.folders else {
        toasts.write(Toast::window(
            "No folder for settings and saves was found: nothing will be saved.",
        ));
        return;
    };
    for folder in [
        &folders.config,
        &folders.data,
        &folders.saves(),
        &folders.unfinished(),
        &folders.finished(),
    ] {
        clean_temporaries(folder);
    }
    if let Err(e) = games::adopt_single_slot(folders) {
        warn!("{e}");
        toasts.write(Toast::window(e));
    }
    let loaded = settings_file::load::<Settings>(&folders.settings_file());
    if let Some(problem) = loaded.problem {
        warn!("{problem}");
        toasts.write(Toast::window(problem));
    }
    commands.insert_resource(loaded.settings);
}

/// When the settings changed last without being written since.
#[derive(Resource, Default)]
struct UnsavedSettings(Option<Duration>);

/// Settings are written half a second after the last change, so dragging
/// through values does not write a file per step.
fn write_settings_when_quiet(
    settings: Res<Settings>,
    storage: Option<Res<Storage>>,
    time: Res<Time<Real>>,
    mut unsaved: ResMut<UnsavedSettings>,
    mut toasts: MessageWriter<Toast>,
) {
    if settings.is_changed() && !settings.is_added() {
        unsaved.0 = Some(time.elapsed());
    }
    let Some(at) = unsaved.0 else { return };
    if time.elapsed() < at + Duration::from_millis(500) {
        return;
    }
    unsaved.0 = None;
    write_settings(&settings, storage.as_deref(), &mut toasts);
}

/// A change made just before quitting (this frame included) is written
/// without the wait.
fn write_settings_on_exit(
    mut exits: MessageReader<AppExit>,
    settings: Res<Settings>,
    storage: Option<Res<Storage>>,
    mut unsaved: ResMut<UnsavedSettings>,
    mut toasts: MessageWriter<Toast>,
) {
    if exits.read().next().is_none() {
        return;
    }
    if unsaved.0.take().is_some() || settings.is_changed() && !settings.is_added() {
        write_settings(&settings, storage.as_deref(), &mut toasts);
    }
}

/// Writes the settings now (a problem is shown as a toast).
pub fn write_settings(
    settings: &Settings,
    storage: Option<&Storage>,
    toasts: &mut MessageWriter<Toast>,
) {
    if let Some(folders) = storage.and_then(|s| s.folders.as_ref())
        && let Err(e) = settings_file::save(&folders.settings_file(), settings)
    {
        warn!("{e}");
        toasts.write(Toast::window(e));
    }
}

/// The match is kept in its own file (`persist::games`: with the
/// unfinished games, or once over with the finished ones) whenever it
/// changes in play (a move, undo, redo, resignation): a new revision of the
/// match seen last frame. Opening a match (new, loaded, continued) writes
/// nothing, so a game opened for a look changes no file.
fn autosave(
    game: Option<Res<CurrentMatch>>,
    storage: Option<Res<Storage>>,
    mut seen: Local<Option<(u64, u64)>>,
    mut failed_once: Local<bool>,
    mut toasts: MessageWriter<Toast>,
) {
    let Some(game) = game else { return };
    let previous = seen.replace((game.id(), game.revision()));
    let changed_in_play =
        previous.is_some_and(|(id, revision)| id == game.id() && revision != game.revision());
    if !changed_in_play {
        return;
    }
    let Some(folders) = storage.as_ref().and_then(|s| s.folders.as_ref()) else {
        return;
    };
    let name = slots::default_name(
        &game.setup().kind.title(),
        game.game().move_count(),
        game.created(),
    );
    let save = SaveFile::of(&name, game.setup(), game.game(), game.created(), now())
        .with_id(game.id())
        .with_opening(game.opening())
        .with_online(game.online().cloned())
        .with_clock(game.clock());
    if let Err(e) = games::keep(folders, &save, game.game().is_over()) {
        // Said once per run: a full disk should not flood the screen.
        if !*failed_once {
            warn!("{e}");
            toasts.write(Toast::window(format!("Autosave failed: {e}")));
            *failed_once = true;
        }
    }
}

/// The newest unfinished game, which Continue offers.
pub fn newest_unfinished(storage: &Storage) -> Option<(SaveFile, lineup_core::rules::MatchGame)> {
    games::newest_unfinished(storage.folders.as_ref()?)
}
