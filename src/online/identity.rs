//! The player's online identity in Settings: Back up writes the key file
//! to the exports folder (the player keeps it somewhere safe: whoever has
//! it plays as them, and without it a lost data folder means a new
//! identity), Restore takes a key pasted from such a file (the system
//! clipboard) and makes it this computer's, keeping the one it replaces in
//! the exports folder too. The file's format and the making of the key are
//! the core's (`persist::identity_file`).

use crate::disk::Storage;
use crate::locale::Locale;
use crate::states::{AppSystems, Menu};
use crate::theme::interaction::{self, ButtonMessage};
use crate::theme::toast::Toast;
use bevy::clipboard::Clipboard;
use bevy::prelude::*;
use lineup_core::net::Identity;
use lineup_core::persist::identity_file;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<IdentityRequest>(app);
    app.add_systems(
        Update,
        back_up_and_restore
            .in_set(AppSystems::Apply)
            .run_if(in_state(Menu::Settings)),
    );
}

/// Settings' identity buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdentityRequest {
    BackUp,
    Restore,
}

impl ButtonMessage for IdentityRequest {}

fn back_up_and_restore(
    mut requests: MessageReader<IdentityRequest>,
    storage: Res<Storage>,
    clipboard: Option<ResMut<Clipboard>>,
    locale: Res<Locale>,
    mut toasts: MessageWriter<Toast>,
) {
    let mut clipboard = clipboard;
    for request in requests.read() {
        let Some(folders) = storage.folders.as_ref() else {
            toasts.write(Toast::window(
                locale.f("online.no_identity", &[("problem", &"no data folder")]),
            ));
            continue;
        };
        let said = match request {
            IdentityRequest::BackUp => {
                match identity_file::load_or_make(&folders.identity_file()).and_then(|identity| {
                    let path = folders
                        .exports()
                        .join(format!("lineup-identity-{}.key", identity.key().short()));
                    identity_file::write(&path, &identity).map(|()| path)
                }) {
                    Ok(path) => {
                        info!("Identity: backed up to {}", path.display());
                        locale.f("identity.backed_up", &[("path", &path.display())])
                    }
                    Err(problem) => locale.f("online.no_identity", &[("problem", &problem)]),
                }
            }
            IdentityRequest::Restore => {
                let text = match clipboard.as_mut().map(|c| c.fetch_text().poll_result()) {
                    Some(Some(Ok(text))) => text,
                    Some(Some(Err(e))) => {
                        toasts.write(Toast::window(
                            locale.f("identity.restore_failed", &[("problem", &e)]),
                        ));
                        continue;
                    }
                    _ => continue,
                };
                match restore(folders, &text) {
                    Ok((key, kept)) => {
                        info!("Identity: restored {key}");
                        locale.f(
                            "identity.restored",
                            &[("key", &key), ("path", &kept.display())],
                        )
                    }
                    Err(problem) => locale.f("identity.restore_failed", &[("problem", &problem)]),
                }
            }
        };
        toasts.write(Toast::window(said));
    }
}

/// Makes the key in `text` this computer's identity; the one it replaces
/// is written to the exports folder first (nothing is ever lost).
fn restore(
    folders: &lineup_core::persist::folders::Folders,
    text: &str,
) -> Result<(String, std::path::PathBuf), String> {
    let restored = Identity::from_file_text(text).map_err(|e| e.to_string())?;
    let current = identity_file::load_or_make(&folders.identity_file())?;
    let kept = folders
        .exports()
        .join(format!("lineup-identity-{}.key", current.key().short()));
    identity_file::write(&kept, &current)?;
    identity_file::write(&folders.identity_file(), &restored)?;
    Ok((restored.key().short(), kept))
}
