//! Where files live: settings in the platform's config folder, saved games in
//! its data folder (docs/playing.md lists them). `LINEUP_HOME`, when
//! set, puts both under one folder instead: for tests and portable installs.

use directories::ProjectDirs;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folders {
    /// Holds `settings.ron`.
    pub config: PathBuf,
    /// Holds `saves/`, `unfinished/`, `finished/` and `exports/`.
    pub data: PathBuf,
}

impl Folders {
    /// The platform's folders, or `None` when the system names none (no home
    /// folder): the game then runs without saving and says so.
    pub fn locate() -> Option<Folders> {
        if let Some(home) = std::env::var_os("LINEUP_HOME").filter(|h| !h.is_empty()) {
            return Some(Folders::under(Path::new(&home)));
        }
        let dirs = ProjectDirs::from("org", "Lineup", "Lineup")?;
        Some(Folders {
            config: dirs.config_dir().to_path_buf(),
            data: dirs.data_dir().to_path_buf(),
        })
    }

    /// Both folders under `root` (`root/config`, `root/data`).
    pub fn under(root: &Path) -> Folders {
        Folders {
            config: root.join("config"),
            data: root.join("data"),
        }
    }

    pub fn settings_file(&self) -> PathBuf {
        self.config.join("settings.ron")
    }

    /// The player's results against the computer (`persist::record`).
    pub fn record_file(&self) -> PathBuf {
        self.config.join("record.ron")
    }

    pub fn saves(&self) -> PathBuf {
        self.data.join("saves")
    }

    /// The analysis board's studies, a save file each (the study library).
    pub fn studies(&self) -> PathBuf {
        self.data.join("studies")
    }

    /// Where exported move strings and `.psq` files go.
    pub fn exports(&self) -> PathBuf {
        self.data.join("exports")
    }

    /// The database where `lineup-server` keeps its open rooms and the
    /// games that ended.
    pub fn server_database(&self) -> PathBuf {
        self.data.join("server.sqlite3")
    }

    /// The player's online identity: the key pair that signs their logins
    /// (`net::identity`). Lost with the data folder: a new identity then.
    pub fn identity_file(&self) -> PathBuf {
        self.data.join("online-identity.key")
    }

    /// The database of the games this computer hosted (a host that quit
    /// takes its game up again from Continue).
    pub fn hosted_database(&self) -> PathBuf {
        self.data.join("hosted.sqlite3")
    }

    /// Where every match not over yet is kept, a file each
    /// (`persist::games`).
    pub fn unfinished(&self) -> PathBuf {
        self.data.join("unfinished")
    }

    /// Where the newest finished matches are kept (`persist::games`).
    pub fn finished(&self) -> PathBuf {
        self.data.join("finished")
    }
}
