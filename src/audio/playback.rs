//! Plays the requested sounds with bevy_kira_audio: a channel each for music,
//! effects and UI, volumes from the `Mix` (live), and music that fades from
//! the menu track to the game track and back. The sounds are built into the
//! program (`files`). Without a sound device the game runs silently: one
//! warning, and kira is not started at all (its plugin would panic on the
//! first sound with no device behind it).

use super::{Channel, Mix, Music, PlaySound, SoundEffect, files};
use crate::screens::loading::LoadingAssets;
use crate::states::AppSystems;
use bevy::prelude::*;
use bevy_kira_audio::prelude::{
    AudioApp, AudioChannel, AudioControl, AudioEasing, AudioPlugin, AudioSource, AudioTween,
    Decibels,
};
use std::collections::HashMap;
use std::time::Duration;

/// Adds sound playback when there is a device to play on. The real app adds
/// it (`app::player_app`); headless tests leave it out.
pub fn plugin(app: &mut App) {
    let output = SoundOutput::probe();
    if let SoundOutput::Silent(reason) = &output {
        warn!("No sound: {reason}. The game plays silently.");
        app.insert_resource(output);
        return;
    }
    app.insert_resource(output);
    files::register(app);
    app.add_plugins(AudioPlugin)
        .add_audio_channel::<MusicChannel>()
        .add_audio_channel::<EffectsChannel>()
        .add_audio_channel::<UiChannel>()
        .add_systems(Startup, load_sounds)
        .add_systems(
            Update,
            (apply_volumes, switch_music, play_requests).in_set(AppSystems::Present),
        );
}

/// Whether sound reaches a device, or why not.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub enum SoundOutput {
    Device,
    Silent(String),
}

impl SoundOutput {
    /// Asks for the default output exactly as kira will (the same backend and
    /// settings), then lets it go for kira to open.
    fn probe() -> SoundOutput {
        use bevy_kira_audio::prelude::AudioSettings;
        let settings: kira::AudioManagerSettings<kira::DefaultBackend> =
            AudioSettings::default().into();
        match kira::AudioManager::<kira::DefaultBackend>::new(settings) {
            Ok(_) => SoundOutput::Device,
            Err(e) => SoundOutput::Silent(e.to_string()),
        }
    }
}

#[derive(Resource)]
pub struct MusicChannel;
#[derive(Resource)]
pub struct EffectsChannel;
#[derive(Resource)]
pub struct UiChannel;

#[derive(Resource)]
struct SoundHandles {
    effects: HashMap<SoundEffect, Handle<AudioSource>>,
    music: HashMap<Music, Handle<AudioSource>>,
}

fn load_sounds(
    mut commands: Commands,
    server: Res<AssetServer>,
    mut loading: ResMut<LoadingAssets>,
) {
    let mut load = |path: String| {
        let handle: Handle<AudioSource> = server.load(files::asset_path(&path));
        loading.0.push(handle.clone().untyped());
        handle
    };
    let effects = SoundEffect::ALL
        .iter()
        .map(|s| (*s, load(s.path())))
        .collect();
    let music = Music::ALL
        .iter()
        .map(|m| (*m, load(m.path().into())))
        .collect();
    commands.insert_resource(SoundHandles { effects, music });
}

fn apply_volumes(
    mix: Res<Mix>,
    music: Res<AudioChannel<MusicChannel>>,
    effects: Res<AudioChannel<EffectsChannel>>,
    ui: Res<AudioChannel<UiChannel>>,
) {
    if !mix.is_changed() {
        return;
    }
    music.set_volume(Decibels(mix.music));
    effects.set_volume(Decibels(mix.effects));
    ui.set_volume(Decibels(mix.ui));
}

/// A sound that failed to load is skipped: kira would wait for it forever.
fn playable(server: &AssetServer, handle: &Handle<AudioSource>) -> bool {
    !server.load_state(handle.id()).is_failed()
}

fn switch_music(
    wanted: Res<Music>,
    handles: Option<Res<SoundHandles>>,
    server: Res<AssetServer>,
    channel: Res<AudioChannel<MusicChannel>>,
    mut playing: Local<Option<Music>>,
) {
    let Some(handles) = handles else { return };
    if *playing == Some(*wanted) {
        return;
    }
    let fade = AudioTween::new(Duration::from_millis(1500), AudioEasing::InOutPowi(2));
    if playing.is_some() {
        channel.stop().fade_out(fade.clone());
    }
    if let Some(track) = handles.music.get(&*wanted).filter(|h| playable(&server, h)) {
        channel.play(track.clone()).looped().fade_in(fade);
    }
    *playing = Some(*wanted);
}

fn play_requests(
    mut requests: MessageReader<PlaySound>,
    handles: Option<Res<SoundHandles>>,
    server: Res<AssetServer>,
    effects: Res<AudioChannel<EffectsChannel>>,
    ui: Res<AudioChannel<UiChannel>>,
) {
    let Some(handles) = handles else { return };
    for request in requests.read() {
        let Some(handle) = handles
            .effects
            .get(&request.sound)
            .filter(|h| playable(&server, h))
        else {
            continue;
        };
        match request.sound.channel() {
            Channel::Ui => ui.play(handle.clone()).with_playback_rate(request.rate),
            Channel::Effects | Channel::Music => effects
                .play(handle.clone())
                .with_playback_rate(request.rate),
        };
    }
}
