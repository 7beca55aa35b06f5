//! Waits until the assets the game needs have loaded (or failed: a sound
//! that cannot be loaded is named once, and the game goes on without it).

use crate::current_match::{MatchAtStart, StartMatch};
use crate::locale::Locale;
use crate::states::{AppSystems, Screen};
use crate::theme::toast::Toast;
use bevy::asset::LoadState;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadingAssets>().add_systems(
        Update,
        finish_loading
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Loading)),
    );
}

/// Handles that must be loaded before the title shows. Other plugins (audio)
/// add theirs at start-up.
#[derive(Resource, Default)]
pub struct LoadingAssets(pub Vec<UntypedHandle>);

fn finish_loading(
    mut commands: Commands,
    assets: Res<LoadingAssets>,
    server: Option<Res<AssetServer>>,
    match_at_start: Option<Res<MatchAtStart>>,
    mut starts: MessageWriter<StartMatch>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
    mut next: ResMut<NextState<Screen>>,
    mut handed_over: Local<bool>,
) {
    // The match at start was handed to `apply`, which changes the screen.
    if *handed_over {
        return;
    }
    if let Some(server) = server {
        let states: Vec<LoadState> = assets.0.iter().map(|h| server.load_state(h.id())).collect();
        if states
            .iter()
            .any(|s| !matches!(s, LoadState::Loaded | LoadState::Failed(_)))
        {
            return;
        }
        let failed: Vec<String> = assets
            .0
            .iter()
            .zip(&states)
            .filter_map(|(handle, state)| match state {
                LoadState::Failed(error) => {
                    let name = server
                        .get_path(handle.id())
                        .map_or_else(|| "?".to_string(), |p| p.path().display().to_string());
                    warn!("The sound {name} could not be loaded ({error}); the game goes on without it.");
                    Some(name)
                }
                _ => None,
            })
            .collect();
        if !failed.is_empty() {
            toasts.write(Toast::window(
                locale.f("notice.sounds_failed", &[("files", &failed.join(", "))]),
            ));
        }
    }
    // A match given on the command line starts at once.
    match match_at_start {
        Some(start) => {
            starts.write(StartMatch(start.0.clone()));
            commands.remove_resource::<MatchAtStart>();
            *handed_over = true;
        }
        None => next.set(Screen::Title),
    }
}
