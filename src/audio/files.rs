//! The sound files, built into the program. An installed game has no
//! `assets/` folder beside it (`cargo install`, a copied binary), so the
//! bytes travel inside the executable and are served to Bevy's asset server
//! from its `embedded://` source: loading stays asynchronous and goes through
//! the same Ogg loader as files would.

use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// Each file's path under `assets/` with its bytes, read at compile time.
macro_rules! embed {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/", $path)))),*]
    };
}

/// Every sound file the game plays (`cargo run -p lineup-core --example make_audio` makes them).
pub const FILES: &[(&str, &[u8])] = embed!(
    "audio/sfx/disc_land_1.ogg",
    "audio/sfx/disc_land_2.ogg",
    "audio/sfx/disc_land_3.ogg",
    "audio/sfx/disc_bounce.ogg",
    "audio/sfx/stone_1.ogg",
    "audio/sfx/stone_2.ogg",
    "audio/sfx/stone_3.ogg",
    "audio/sfx/stone_4.ogg",
    "audio/sfx/refused.ogg",
    "audio/sfx/win.ogg",
    "audio/sfx/draw.ogg",
    "audio/sfx/undo.ogg",
    "audio/sfx/ui_hover.ogg",
    "audio/sfx/ui_click.ogg",
    "audio/music/menu.ogg",
    "audio/music/game.ogg",
);

/// The folder of the embedded source the files are registered under.
const ROOT: &str = "lineup";

/// The asset path that loads the file at `path` (under `assets/`).
pub fn asset_path(path: &str) -> String {
    format!("embedded://{ROOT}/{path}")
}

/// Hands every file to the asset server's embedded source.
pub fn register(app: &mut App) {
    let registry = app.world().resource::<EmbeddedAssetRegistry>();
    for (path, bytes) in FILES {
        let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(path);
        registry.insert_asset(source, &Path::new(ROOT).join(path), *bytes);
    }
}
