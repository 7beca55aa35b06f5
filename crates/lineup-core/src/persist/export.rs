//! Exporting a game for other programs: the move string every Connect Four
//! solver reads (`4453`) or the Gomoku notation (`h8i9j10`), and for Gomoku
//! also a Piskvork/Gomocup `.psq` file. A game under an opening rule gets a
//! second line in the `.txt`: the rule and its actions (`Swap2: h8 i9 j8
//! swap`), which the move string alone cannot tell. A timed game adds a
//! line of each move's time, and the `.psq` carries them in milliseconds.

use super::atomic::write_atomic;
use crate::analysis::psq;
use crate::match_clock::{GameClock, spent_text};
use crate::rules::opening::{Opening, notation};
use crate::rules::{MatchGame, connect_four, gomoku};
use std::path::{Path, PathBuf};

/// The game's moves in its notation.
pub fn move_string(game: &MatchGame) -> String {
    match game {
        MatchGame::ConnectFour(g) => connect_four::format_moves(g.history()),
        MatchGame::Gomoku(g) => gomoku::format_moves(g.history()),
    }
}

/// Writes `<name>.txt` (the move string) and, for Gomoku, `<name>.psq` into
/// `folder`; returns the files written.
pub fn export(
    game: &MatchGame,
    opening: Option<&Opening>,
    clock: Option<&GameClock>,
    name: &str,
    folder: &Path,
) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    let text = folder.join(format!("{name}.txt"));
    let mut content = format!("{}\n", move_string(game));
    if let Some(opening) = opening {
        content += &format!(
            "{}: {}\n",
            opening.rule(),
            notation::format_actions(opening.actions())
        );
    }
    // A timed game: the time control and each move's time, in order.
    if let Some(clock) = clock {
        let times: Vec<String> = clock.spent_ms().iter().map(|ms| spent_text(*ms)).collect();
        content += &format!("Clock {}: {}\n", clock.control(), times.join(" "));
    }
    write_atomic(&text, content.as_bytes()).map_err(|e| format!("{}: {e}", text.display()))?;
    written.push(text);
    if let MatchGame::Gomoku(g) = game {
        let file = folder.join(format!("{name}.psq"));
        let times = clock.map_or(&[][..], GameClock::spent_ms);
        let content = psq::write_timed(g.position().size(), g.history(), times);
        write_atomic(&file, content.as_bytes()).map_err(|e| format!("{}: {e}", file.display()))?;
        written.push(file);
    }
    Ok(written)
}
