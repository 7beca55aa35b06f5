//! A study read from a file, whatever kind it is: Lineup's own (a save
//! holding a study), SGF (`GM[4]`), or a RenLib library (`.lib`, read
//! only). The extension says which; every move is replayed through the
//! rules on the way in, and what cannot be read is a message that says
//! why.

use super::save_file::{self, SaveFile};
use crate::analysis::renlib::{self, read_renlib};
use crate::analysis::sgf::{self, from_sgf};
use crate::analysis::study::Study;
use std::path::Path;

/// The kinds of file a study is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyFormat {
    /// Lineup's save format with a study in it (`.ron`).
    Lineup,
    Sgf,
    RenLib,
}

impl StudyFormat {
    /// The format `path`'s extension names; `None` for a file that is no
    /// study (a `.psq`, a text file).
    pub fn of(path: &Path) -> Option<StudyFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "ron" => Some(StudyFormat::Lineup),
            "sgf" => Some(StudyFormat::Sgf),
            "lib" => Some(StudyFormat::RenLib),
            _ => None,
        }
    }
}

/// Reads the study in `path`. A Lineup save without a study is refused
/// here (it is a game: `--load` opens it as one).
pub fn read_study(path: &Path, format: StudyFormat) -> Result<Study, String> {
    let shown = path.display();
    let limit = match format {
        StudyFormat::Lineup => save_file::SIZE_LIMIT,
        StudyFormat::Sgf => sgf::SIZE_LIMIT as u64,
        StudyFormat::RenLib => renlib::SIZE_LIMIT as u64,
    };
    let meta = std::fs::metadata(path).map_err(|e| format!("{shown}: {e}"))?;
    if meta.len() > limit {
        return Err(format!("{shown} is too large ({} bytes)", meta.len()));
    }
    match format {
        StudyFormat::Lineup => {
            let save = SaveFile::read(path).map_err(|e| format!("{shown}: {e}"))?;
            save.study()
                .map_err(|e| format!("{shown}: {e}"))?
                .ok_or_else(|| format!("{shown} is a saved game, not a study"))
        }
        StudyFormat::Sgf => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
            let (setup, tree) = from_sgf(&text).map_err(|e| format!("{shown}: {e}"))?;
            Study::from_parts(setup, tree, None).map_err(|e| format!("{shown}: {e}"))
        }
        StudyFormat::RenLib => {
            let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
            let (setup, tree) = read_renlib(&bytes).map_err(|e| format!("{shown}: {e}"))?;
            Study::from_parts(setup, tree, None).map_err(|e| format!("{shown}: {e}"))
        }
    }
}
