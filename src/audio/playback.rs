//! Plays the requested sounds with bevy_kira_audio: a channel each for music,
//! effects and UI, volumes from the settings (live), and music that fades
//! from the menu track to the game track and back. Without a sound device
//! the game runs silently: one warning, and kira is not started at all.

use super::{Channel, Music, PlaySound, Sound, volume_db};
use crate::screens::loading::LoadingAssets;
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_kira_audio::prelude::{
    AudioApp, AudioChannel, AudioControl, AudioEasing, AudioPlugin, AudioSource, AudioTween,
    Decibels,
};
use std::collections::HashMap;
use std::time::Duration;

/// Adds sound playback when there is a device to play on.
pub fn plugin(app: &mut App) {
    if !output_device_present() {
        warn!("No sound output device found: the game plays silently.");
        return;
    }
    app.add_plugins(AudioPlugin)
        .add_audio_channel::<MusicChannel>()
        .add_audio_channel::<EffectsChannel>()
        .add_audio_channel::<UiChannel>()
        .add_systems(Startup, load_sounds)
        .add_systems(Update, (apply_volumes, switch_music, play_requests));
}

#[derive(Resource)]
pub struct MusicChannel;
#[derive(Resource)]
pub struct EffectsChannel;
#[derive(Resource)]
pub struct UiChannel;

#[derive(Resource)]
struct SoundHandles {
    effects: HashMap<Sound, Handle<AudioSource>>,
    menu: Handle<AudioSource>,
    game: Handle<AudioSource>,
}

/// Whether the system has a default output device, asked the way kira will.
fn output_device_present() -> bool {
    use cpal::traits::HostTrait;
    cpal::default_host().default_output_device().is_some()
}

fn load_sounds(
    mut commands: Commands,
    server: Res<AssetServer>,
    mut loading: ResMut<LoadingAssets>,
) {
    let effects: HashMap<Sound, Handle<AudioSource>> = Sound::ALL
        .iter()
        .map(|s| (*s, server.load(s.path())))
        .collect();
    let menu = server.load("audio/music/menu.ogg");
    let game = server.load("audio/music/game.ogg");
    loading
        .0
        .extend(effects.values().map(|h| h.clone().untyped()));
    loading
        .0
        .extend([menu.clone().untyped(), game.clone().untyped()]);
    commands.insert_resource(SoundHandles {
        effects,
        menu,
        game,
    });
}

fn apply_volumes(
    settings: Res<Settings>,
    music: Res<AudioChannel<MusicChannel>>,
    effects: Res<AudioChannel<EffectsChannel>>,
    ui: Res<AudioChannel<UiChannel>>,
    mut applied: Local<bool>,
) {
    if *applied && !settings.is_changed() {
        return;
    }
    *applied = true;
    music.set_volume(Decibels(volume_db(settings.music_volume, settings.muted)));
    effects.set_volume(Decibels(volume_db(settings.effects_volume, settings.muted)));
    ui.set_volume(Decibels(volume_db(settings.ui_volume, settings.muted)));
}

fn switch_music(
    wanted: Res<Music>,
    handles: Option<Res<SoundHandles>>,
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
    let track = match *wanted {
        Music::Menu => handles.menu.clone(),
        Music::Game => handles.game.clone(),
    };
    channel.play(track).looped().fade_in(fade);
    *playing = Some(*wanted);
}

fn play_requests(
    mut requests: MessageReader<PlaySound>,
    handles: Option<Res<SoundHandles>>,
    effects: Res<AudioChannel<EffectsChannel>>,
    ui: Res<AudioChannel<UiChannel>>,
) {
    let Some(handles) = handles else { return };
    for request in requests.read() {
        let Some(handle) = handles.effects.get(&request.sound) else {
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
