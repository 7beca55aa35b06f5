//! Saved games: `persist::save_file::SaveFile::parse` (every format: 1's
//! `resigned: true`, 2, and 3 with an opening rule), then `replay` and
//! `replay_opening`, which check every move and opening action.
//!
//! Invariants: no panic; a file that parses, written back with
//! `SaveFile::to_text`, parses to an equal `SaveFile`; a file that replays,
//! saved again as the game saves it (`SaveFile::of`, with its opening, id
//! and online seat), replays to an equal game.
//!
//! Reads: persist/save_file.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::persist::save_file::{LoadError, SaveFile};

fuzz_target!(|data: &[u8]| {
    let save = match SaveFile::parse(data) {
        Ok(save) => save,
        Err(LoadError::IllegalMove { .. } | LoadError::BadRedo(_)) => {
            panic!("parse replays nothing, so it refuses no move")
        }
        Err(_) => return,
    };
    let text = save.to_text().expect("a save can be written");
    assert_eq!(
        SaveFile::parse(text.as_bytes()).as_ref(),
        Ok(&save),
        "{text}"
    );
    let opening = save.replay_opening();
    let Ok(game) = save.replay() else {
        return;
    };
    let opening = opening.expect("a save that replays has a good opening");
    let again = SaveFile::of(&save.name, save.setup, &game, save.created, save.saved)
        .with_opening(opening.as_ref())
        .with_id(save.game_id)
        .with_online(save.online.clone());
    let text = again.to_text().expect("a save can be written");
    let reread = SaveFile::parse(text.as_bytes()).expect("a save written reads back");
    assert_eq!(reread.replay().as_ref(), Ok(&game), "{text}");
});
