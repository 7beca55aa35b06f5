//! Waits until the assets the game needs have loaded.

use super::Screen;
use crate::board::Match;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadingAssets>()
        .add_systems(Update, finish_loading.run_if(in_state(Screen::Loading)));
}

/// Handles that must be loaded before the title shows. Other plugins (audio)
/// add theirs at start-up.
#[derive(Resource, Default)]
pub struct LoadingAssets(pub Vec<UntypedHandle>);

fn finish_loading(
    assets: Res<LoadingAssets>,
    server: Option<Res<AssetServer>>,
    started_match: Option<Res<Match>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let ready = server.is_none_or(|server| {
        assets.0.iter().all(|h| {
            // A failed asset must not hold the game hostage: it plays without it.
            server.is_loaded_with_dependencies(h.id()) || server.load_state(h.id()).is_failed()
        })
    });
    if ready {
        // A match given on the command line starts at once.
        next.set(if started_match.is_some() {
            Screen::Game
        } else {
            Screen::Title
        });
    }
}
