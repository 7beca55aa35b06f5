//! The record of results against the computer (`persist::record`): read at
//! start, each finished game against Lineup's own computer counted once (an
//! undo and a second ending of the same match count nothing more), written
//! at once. Results (from Load game) shows it and resets it.

use crate::current_match::{CurrentMatch, GameEnded};
use crate::disk::Storage;
use crate::states::AppSystems;
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_core::persist::record::{self, Record};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayerRecord>()
        .init_resource::<CountedMatches>()
        .add_systems(Startup, read_record)
        .add_systems(Update, count_results.in_set(AppSystems::Persist));
}

/// The player's record, as on disk.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerRecord(pub Record);

/// The matches counted this run: each counts once.
#[derive(Resource, Default)]
struct CountedMatches(Vec<u64>);

fn read_record(
    storage: Option<Res<Storage>>,
    mut kept: ResMut<PlayerRecord>,
    mut toasts: MessageWriter<Toast>,
) {
    let Some(folders) = storage.as_ref().and_then(|s| s.folders.as_ref()) else {
        return;
    };
    let loaded = record::load(folders);
    if let Some(problem) = loaded.problem {
        warn!("{problem}");
        toasts.write(Toast::window(problem));
    }
    kept.0 = loaded.settings;
}

fn count_results(
    mut ended: MessageReader<GameEnded>,
    game: Option<Res<CurrentMatch>>,
    storage: Option<Res<Storage>>,
    mut kept: ResMut<PlayerRecord>,
    mut counted: ResMut<CountedMatches>,
    mut toasts: MessageWriter<Toast>,
) {
    if ended.read().count() == 0 {
        return;
    }
    let Some(game) = game else { return };
    if counted.0.contains(&game.id()) {
        return;
    }
    let Some((kind, level, outcome)) = kept.0.add_match(&game) else {
        return;
    };
    counted.0.push(game.id());
    info!("Result counted: {outcome:?} at {kind:?} against {level:?}");
    write(&kept, storage.as_deref(), &mut toasts);
}

/// Writes the record now (a problem is shown as a toast).
pub fn write(kept: &PlayerRecord, storage: Option<&Storage>, toasts: &mut MessageWriter<Toast>) {
    if let Some(folders) = storage.and_then(|s| s.folders.as_ref())
        && let Err(e) = record::save(folders, &kept.0)
    {
        warn!("{e}");
        toasts.write(Toast::window(e));
    }
}
