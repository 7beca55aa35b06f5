//! The study on disk: saved in the study library (Lineup's save format,
//! format 4, in the data folder's `studies`; Load game lists them), and
//! exported as SGF (Gomoku, `GM[4]`: the set-up, every line, comments and
//! marks) into the exports folder, for other programs.

use super::{AnalysisRequest, Studied};
use crate::disk::Storage;
use crate::locale::Locale;
use crate::search::background::{BackgroundSearch, SearchKind};
use crate::states::{AppSystems, BoardMode};
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_core::analysis::library::{Found, PositionKey};
use lineup_core::analysis::sgf::to_sgf;
use lineup_core::persist::atomic::write_atomic;
use lineup_core::persist::folders::Folders;
use lineup_core::persist::save_file::SaveFile;
use lineup_core::persist::slots;
use lineup_core::persist::studies;
use lineup_core::unix_time::now;
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            found
                .in_set(AppSystems::Think)
                .run_if(in_state(BoardMode::Analysis)),
            (save, find, export)
                .in_set(AppSystems::Persist)
                .run_if(in_state(BoardMode::Analysis)),
        ),
    )
    .add_systems(OnExit(BoardMode::Analysis), |mut commands: Commands| {
        commands.remove_resource::<BackgroundSearch<LibrarySearch>>()
    });
}

/// Saves the study: into its own file when it came from one, else a new
/// file named after the time.
fn save(
    mut requests: MessageReader<AnalysisRequest>,
    studied: Option<ResMut<Studied>>,
    storage: Option<Res<Storage>>,
    locale: Res<Locale>,
    mut toasts: MessageWriter<Toast>,
) {
    if !requests.read().any(|r| *r == AnalysisRequest::Save) {
        return;
    }
    let Some(mut studied) = studied else { return };
    let Some(folder) = folder(storage.as_deref(), Folders::studies, &locale, &mut toasts) else {
        return;
    };
    // Saved before: the same file, name and first date. Else a new file
    // that takes no other study's place.
    let time = now();
    let earlier = studied.file.as_ref().and_then(|p| SaveFile::read(p).ok());
    let (path, name, created) = match (&studied.file, earlier) {
        (Some(path), Some(earlier)) => (path.clone(), earlier.name, earlier.created),
        _ => {
            let name = format!("{} {}", locale.t("analysis.title"), slots::date_stamp(time));
            (
                free_path(&folder, &slots::safe_name(&name), "ron"),
                name,
                time,
            )
        }
    };
    let save = SaveFile::of_study(&studied.study, &name, created, time);
    let written = std::fs::create_dir_all(&folder)
        .map_err(|e| e.to_string())
        .and_then(|()| save.write(&path));
    let said = match written {
        Ok(()) => {
            info!("Analysis: saved {}", path.display());
            studied.file = Some(path);
            locale.t("analysis.saved").to_string()
        }
        Err(e) => locale.f("analysis.save_failed", &[("error", &e)]),
    };
    toasts.write(Toast::window(said));
}

/// `folder/stem.extension`, or with " (2)", " (3)"… when that is taken.
fn free_path(folder: &Path, stem: &str, extension: &str) -> PathBuf {
    (1..)
        .map(|n| match n {
            1 => folder.join(format!("{stem}.{extension}")),
            n => folder.join(format!("{stem} ({n}).{extension}")),
        })
        .find(|path| !path.exists())
        .expect("some number is free")
}

pub struct LibrarySearch;

impl SearchKind for LibrarySearch {
    type Output = Vec<Found>;
}

/// Searches the study library for the position on show, turned and
/// mirrored too, off the frame (it reads every study).
fn find(
    mut commands: Commands,
    mut requests: MessageReader<AnalysisRequest>,
    studied: Option<Res<Studied>>,
    storage: Option<Res<Storage>>,
    locale: Res<Locale>,
    time: Res<Time<Real>>,
    mut toasts: MessageWriter<Toast>,
) {
    if !requests.read().any(|r| *r == AnalysisRequest::Find) {
        return;
    }
    let Some(studied) = studied else { return };
    let Some(folder) = folder(storage.as_deref(), Folders::studies, &locale, &mut toasts) else {
        return;
    };
    let study = &studied.study;
    let key = match study.position() {
        Ok(game) => PositionKey::of_game(game),
        Err(_) => PositionKey::of_setup(study.setup()),
    };
    commands.insert_resource(BackgroundSearch::<LibrarySearch>::start(
        studied.key,
        time.elapsed(),
        move |_| studies::search(&folder, &key),
    ));
}

/// Says where the position was found (the first few places).
fn found(
    mut commands: Commands,
    search: Option<ResMut<BackgroundSearch<LibrarySearch>>>,
    locale: Res<Locale>,
    mut toasts: MessageWriter<Toast>,
) {
    let Some(found) = search.and_then(|mut s| s.poll()) else {
        return;
    };
    commands.remove_resource::<BackgroundSearch<LibrarySearch>>();
    info!(
        "Analysis: the position is in {} places of the library",
        found.len()
    );
    let said = if found.is_empty() {
        locale.t("analysis.found_nowhere").to_string()
    } else {
        let places: Vec<String> = found
            .iter()
            .take(3)
            .map(|f| {
                locale.f(
                    "analysis.found_place",
                    &[("name", &f.name), ("n", &f.moves)],
                )
            })
            .collect();
        locale.n(
            "analysis.found",
            found.len(),
            &[("places", &places.join(", "))],
        )
    };
    toasts.write(Toast::window(said));
}

/// The player's folder that `pick` names, or `None` said in the toast
/// line (no data folder on this system).
fn folder(
    storage: Option<&Storage>,
    pick: fn(&Folders) -> PathBuf,
    locale: &Locale,
    toasts: &mut MessageWriter<Toast>,
) -> Option<PathBuf> {
    let folder = storage.and_then(|s| s.folders.as_ref()).map(pick);
    if folder.is_none() {
        toasts.write(Toast::window(locale.t("notice.no_export_folder")));
    }
    folder
}

fn export(
    mut requests: MessageReader<AnalysisRequest>,
    studied: Option<Res<Studied>>,
    storage: Option<Res<Storage>>,
    locale: Res<Locale>,
    mut toasts: MessageWriter<Toast>,
) {
    if !requests.read().any(|r| *r == AnalysisRequest::ExportSgf) {
        return;
    }
    let Some(studied) = studied else { return };
    let Some(folder) = folder(storage.as_deref(), Folders::exports, &locale, &mut toasts) else {
        return;
    };
    let study = &studied.study;
    let text = match to_sgf(study.setup(), study.tree()) {
        Ok(text) => text,
        Err(e) => {
            toasts.write(Toast::window(
                locale.f("analysis.export_failed", &[("error", &e)]),
            ));
            return;
        }
    };
    let name = slots::safe_name(&format!(
        "{} {}",
        locale.t("analysis.title"),
        slots::date_stamp(now())
    ));
    let path = free_path(&folder, &name, "sgf");
    let said = match std::fs::create_dir_all(&folder)
        .and_then(|()| write_atomic(&path, text.as_bytes()))
    {
        Ok(()) => {
            info!("Analysis: exported {}", path.display());
            locale.f("analysis.exported", &[("file", &path.display())])
        }
        Err(e) => locale.f("analysis.export_failed", &[("error", &e)]),
    };
    toasts.write(Toast::window(said));
}
