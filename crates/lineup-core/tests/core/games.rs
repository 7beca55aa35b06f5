//! Every game kept without asking (`persist::games`): a file per match, with
//! the unfinished ones until it ends, then with the finished ones; a new
//! game never replaces another; the old single autosave slot is adopted.

use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::persist::folders::Folders;
use lineup_core::persist::games::{self, FINISHED_KEPT};
use lineup_core::persist::save_file::SaveFile;
use lineup_core::rules::{ConnectFour, ConnectFourSize, MatchGame};

fn folders(name: &str) -> Folders {
    let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("games-{name}"));
    let _ = std::fs::remove_dir_all(&root);
    Folders::under(&root)
}

/// A Connect Four save of match `id` after `moves`, written at `now`.
fn save(id: u64, moves: &str, now: u64) -> (SaveFile, bool) {
    let game = MatchGame::ConnectFour(
        ConnectFour::game_from_moves(ConnectFourSize::STANDARD, moves).expect("legal"),
    );
    let setup = MatchSetup::new(
        GameKind::ConnectFour {
            size: ConnectFourSize::STANDARD,
        },
        [PlayerKind::Human; 2],
    );
    let over = game.is_over();
    (SaveFile::of("g", setup, &game, 1, now).with_id(id), over)
}

#[test]
fn a_new_game_never_replaces_an_unfinished_one() {
    let folders = folders("two");
    let (a, over) = save(1, "44", 100);
    games::keep(&folders, &a, over).expect("kept");
    let (b, over) = save(2, "3", 200);
    games::keep(&folders, &b, over).expect("kept");
    let ids: Vec<u64> = games::unfinished(&folders)
        .into_iter()
        .map(|e| e.content.expect("readable").save.game_id)
        .collect();
    assert_eq!(ids, [2, 1], "both kept, newest first");
    let (newest, game) = games::newest_unfinished(&folders).expect("one to continue");
    assert_eq!((newest.game_id, game.move_count()), (2, 1));
    // The same match again replaces only its own file.
    let (a2, over) = save(1, "445", 300);
    games::keep(&folders, &a2, over).expect("kept");
    assert_eq!(games::unfinished(&folders).len(), 2);
    assert_eq!(
        games::newest_unfinished(&folders).expect("one").0.moves,
        "445"
    );
}

#[test]
fn a_game_that_ends_moves_to_the_finished_ones_and_back_on_undo() {
    let folders = folders("ends");
    let (playing, over) = save(7, "121212", 100);
    games::keep(&folders, &playing, over).expect("kept");
    let (won, over) = save(7, "1212121", 110);
    assert!(over);
    games::keep(&folders, &won, over).expect("kept");
    assert!(games::unfinished(&folders).is_empty());
    assert!(
        games::newest_unfinished(&folders).is_none(),
        "nothing to continue"
    );
    assert_eq!(games::finished(&folders).len(), 1);
    assert_eq!(games::latest(&folders).expect("kept").moves, "1212121");
    // The winning move taken back: unfinished again, and only there.
    games::keep(&folders, &playing, false).expect("kept");
    assert!(games::finished(&folders).is_empty());
    assert_eq!(games::unfinished(&folders).len(), 1);
}

#[test]
fn only_the_newest_finished_games_are_kept() {
    let folders = folders("prune");
    for id in 0..(FINISHED_KEPT as u64 + 5) {
        let (won, over) = save(id + 1, "1212121", 1000 + id);
        games::keep(&folders, &won, over).expect("kept");
    }
    let finished = games::finished(&folders);
    assert_eq!(finished.len(), FINISHED_KEPT);
    let oldest = finished
        .iter()
        .map(|e| e.content.as_ref().expect("readable").save.game_id)
        .min();
    assert_eq!(oldest, Some(6), "the five oldest went");
}

#[test]
fn the_old_single_autosave_slot_is_adopted_once() {
    let folders = folders("adopt");
    let (old, _) = save(9, "4455", 100);
    let slot = folders.data.join("autosave.ron");
    old.write(&slot).expect("written");
    games::adopt_single_slot(&folders).expect("adopted");
    assert!(!slot.exists(), "the old slot is gone once read");
    assert_eq!(
        games::newest_unfinished(&folders).expect("kept").0.game_id,
        9
    );
    // A damaged old slot is left as it is.
    std::fs::write(&slot, "(format: 1, na").expect("written");
    games::adopt_single_slot(&folders).expect("nothing to adopt");
    assert!(slot.exists());
}

/// The record counts a person's games against the computer, by game and
/// level, from the person's side (whichever colour the opening gave);
/// games between people or online are not counted; it reads back as
/// written, and a damaged file is set aside, never lost.
#[test]
fn the_record_counts_games_against_the_computer_and_reads_back() {
    use lineup_core::ai::Level;
    use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
    use lineup_core::match_state::Match;
    use lineup_core::persist::folders::Folders;
    use lineup_core::persist::record::{self, Outcome, Record, RecordedGame, Tally};
    use lineup_core::rules::{BoardMove, Column, ConnectFourSize, Side};
    let c4 = GameKind::ConnectFour {
        size: ConnectFourSize::STANDARD,
    };
    // Red wins with four in column 1 (moves 1 2 1 2 1 2 1).
    let finished = |players: [PlayerKind; 2]| {
        let mut game = Match::new(MatchSetup::new(c4, players));
        for c in [0, 1, 0, 1, 0, 1, 0] {
            game.play(BoardMove::Column(Column(c))).expect("legal");
        }
        game
    };
    let mut kept = Record::default();
    let person_red = finished([PlayerKind::Human, PlayerKind::Computer(Level::Hard)]);
    assert_eq!(
        kept.add_match(&person_red),
        Some((RecordedGame::ConnectFour, Level::Hard, Outcome::Win))
    );
    let person_yellow = finished([PlayerKind::Computer(Level::Hard), PlayerKind::Human]);
    assert_eq!(
        kept.add_match(&person_yellow).map(|r| r.2),
        Some(Outcome::Loss)
    );
    let mut resigned = Match::new(MatchSetup::new(
        c4,
        [PlayerKind::Human, PlayerKind::Computer(Level::Easy)],
    ));
    resigned.resign(Side::First).expect("a game going on");
    assert_eq!(kept.add_match(&resigned).map(|r| r.2), Some(Outcome::Loss));
    assert_eq!(
        kept.add_match(&finished([PlayerKind::Human, PlayerKind::Human])),
        None,
        "two people"
    );
    assert_eq!(
        kept.add_match(&Match::new(MatchSetup::new(
            c4,
            [PlayerKind::Human, PlayerKind::Computer(Level::Easy)]
        ))),
        None,
        "not over"
    );
    assert_eq!(
        kept.tally(RecordedGame::ConnectFour, Level::Hard),
        Tally {
            wins: 1,
            losses: 1,
            draws: 0
        }
    );
    assert_eq!(kept.tally(RecordedGame::Gomoku, Level::Hard).games(), 0);
    let home = std::env::temp_dir().join(format!("lineup-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let folders = Folders::under(&home);
    assert_eq!(
        record::load(&folders).settings,
        Record::default(),
        "none yet"
    );
    record::save(&folders, &kept).expect("written");
    let loaded = record::load(&folders);
    assert_eq!((loaded.settings, loaded.problem), (kept, None));
    std::fs::write(folders.record_file(), "not a record").expect("damaged");
    let loaded = record::load(&folders);
    assert_eq!(loaded.settings, Record::default());
    assert!(
        loaded
            .problem
            .expect("told")
            .contains("record file was damaged")
    );
    assert!(
        folders
            .record_file()
            .with_file_name("record.ron.bad")
            .is_file()
    );
    let _ = std::fs::remove_dir_all(&home);
}
