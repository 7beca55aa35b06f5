//! The online identity on disk: read if there, made and written (atomically,
//! readable by its owner only) on first use. A file that is there but
//! damaged is never replaced silently: the player would lose their name and
//! ratings without a word.

use crate::net::identity::Identity;
use std::path::Path;

/// The identity kept at `path`, made there if there is none.
pub fn load_or_make(path: &Path) -> Result<Identity, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Identity::from_file_text(&text)
            .map_err(|e| format!("{}: {e}; restore it from a backup", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let identity =
                Identity::generate().map_err(|e| format!("cannot make an online identity: {e}"))?;
            write(path, &identity)?;
            Ok(identity)
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// Writes `identity` to `path` (a backup, or a restored key).
pub fn write(path: &Path, identity: &Identity) -> Result<(), String> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    }
    super::atomic::write_atomic(path, identity.to_file_text().as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
    }
    Ok(())
}
