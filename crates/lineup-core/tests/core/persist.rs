//! Files on disk: atomic writes, saved games, slots and `.psq`. Every bad
//! file gets a clear message and leaves the folder as it was. (The game's
//! own settings file is tested with the game: `tests/it/settings_file.rs`.)

use lineup_core::analysis::psq;
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::persist::atomic::{clean_temporaries, write_atomic};
use lineup_core::persist::save_file::{FORMAT, LoadError, SIZE_LIMIT, SaveFile};
use lineup_core::persist::slots;
use lineup_core::rules::{
    BoardMove, Column, ConnectFourSize, Ending, GomokuSize, MatchGame, Point, RuleSet, Side,
};
use std::path::{Path, PathBuf};

/// A fresh, empty folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("persist-files")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a test folder");
    dir
}

/// The folder's files and their bytes, to check that nothing changed.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("readable")
        .flatten()
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap_or_default(),
            )
        })
        .collect();
    files.sort();
    files
}

const C4: GameKind = GameKind::ConnectFour {
    size: ConnectFourSize::STANDARD,
};

fn setup(kind: GameKind) -> MatchSetup {
    MatchSetup::new(
        kind,
        [
            PlayerKind::Human,
            PlayerKind::Computer(lineup_core::ai::Level::Hard),
        ],
    )
}

fn game_after(kind: GameKind, moves: &[BoardMove]) -> MatchGame {
    let mut game = kind.new_game();
    for mv in moves {
        game.play(*mv).expect("legal");
    }
    game
}

#[test]
fn atomic_writes_replace_the_file_and_leftovers_are_cleaned() {
    let dir = folder("atomic");
    let path = dir.join("game.ron");
    write_atomic(&path, b"first").expect("written");
    write_atomic(&path, b"second").expect("written");
    assert_eq!(std::fs::read(&path).expect("readable"), b"second");
    // A save killed before its rename leaves a temporary file: the real file
    // is intact, the list ignores the leftover, and cleaning removes it.
    std::fs::write(dir.join(".game.ron.4242.tmp"), b"half a sa").expect("written");
    assert_eq!(std::fs::read(&path).expect("readable"), b"second");
    assert!(
        slots::list(&dir)
            .iter()
            .all(|e| !e.path.to_string_lossy().contains(".tmp"))
    );
    assert_eq!(clean_temporaries(&dir), 1);
    assert_eq!(snapshot(&dir).len(), 1);
}

#[test]
fn saves_round_trip_with_redo_and_resignation() {
    let dir = folder("saves_round_trip");
    let moves: Vec<BoardMove> = [3, 3, 4, 2].map(|c| BoardMove::Column(Column(c))).to_vec();
    let mut game = game_after(C4, &moves);
    game.undo();
    game.undo();
    game.resign(game.to_move()).expect("game on");
    let save = SaveFile::of("Evening game", setup(C4), &game, 100, 200);
    let path = dir.join(slots::file_name(&save.name).expect("a good name"));
    save.write(&path).expect("written");
    let read = SaveFile::read(&path).expect("readable");
    assert_eq!(read, save);
    let replayed = read.replay().expect("legal");
    assert_eq!(replayed, game);
    assert_eq!(
        replayed.ending(),
        Some(Ending::Resigned {
            winner: Side::Second
        })
    );

    let renju = GameKind::Gomoku {
        size: GomokuSize::STANDARD,
        rule: RuleSet::Renju,
    };
    let game = game_after(
        renju,
        &[Point::new(7, 7), Point::new(8, 8)].map(BoardMove::Point),
    );
    let save = SaveFile::of("Renju", setup(renju), &game, 1, 2);
    assert_eq!(save.moves, "h8i9");
    assert_eq!(
        SaveFile::parse(ron::to_string(&save).expect("ron").as_bytes())
            .expect("ok")
            .replay()
            .expect("legal"),
        game
    );
}

/// Writes `bytes` as a save, loads it, and returns the error; the folder
/// must be exactly as before.
fn load_error(name: &str, bytes: &[u8]) -> LoadError {
    let dir = folder(name);
    let path = dir.join("bad.ron");
    std::fs::write(&path, bytes).expect("written");
    let before = snapshot(&dir);
    let error = SaveFile::read(&path)
        .and_then(|s| s.replay().map(|_| s))
        .expect_err("refused");
    assert_eq!(snapshot(&dir), before, "loading changed nothing");
    let listed = slots::list(&dir);
    assert_eq!(listed.len(), 1, "a damaged save is still listed");
    assert_eq!(listed[0].content.as_ref().err(), Some(&error));
    error
}

fn good_save_text(moves: &str) -> String {
    let save = SaveFile {
        moves: moves.into(),
        ..SaveFile::of("x", setup(C4), &C4.new_game(), 1, 1)
    };
    ron::to_string(&save).expect("ron")
}

#[test]
fn not_ron_is_refused() {
    let error = load_error("not_ron", b"this is my shopping list");
    assert!(matches!(error, LoadError::NotASave(_)), "{error:?}");
    assert!(
        error.to_string().starts_with("is not a Lineup saved game"),
        "{error}"
    );
}

#[test]
fn a_truncated_file_is_refused() {
    let text = good_save_text("4453");
    let error = load_error("truncated", &text.as_bytes()[..text.len() / 2]);
    assert!(matches!(error, LoadError::NotASave(_)), "{error:?}");
}

#[test]
fn a_newer_format_is_refused_as_such() {
    let plain = SaveFile::of("x", setup(C4), &C4.new_game(), 1, 1).format;
    assert!(plain <= FORMAT);
    let text = good_save_text("44").replace(&format!("format:{plain}"), "format:99");
    assert!(text.contains("format:99"), "{text}");
    let text = text.replacen("(", "(new_field:[1,2],", 1);
    let error = load_error("newer", text.as_bytes());
    assert_eq!(error, LoadError::NewerFormat { found: 99 });
    assert!(error.to_string().contains("newer version"), "{error}");
}

#[test]
fn an_unknown_game_is_refused() {
    let text = good_save_text("44").replace("ConnectFour", "Chess");
    let error = load_error("unknown_game", text.as_bytes());
    assert!(
        matches!(error, LoadError::NotASave(ref why) if why.contains("Chess")),
        "{error:?}"
    );
}

#[test]
fn an_illegal_move_is_named_by_its_number() {
    let error = load_error("illegal", good_save_text("4444444").as_bytes());
    assert_eq!(
        error,
        LoadError::IllegalMove {
            number: 7,
            reason: "column 4 is full".into()
        }
    );
    assert_eq!(error.to_string(), "has an illegal move 7: column 4 is full");
}

#[test]
fn a_huge_file_is_refused_before_parsing() {
    let error = load_error("huge", &vec![b' '; SIZE_LIMIT as usize + 1]);
    assert!(matches!(error, LoadError::TooLarge { .. }), "{error:?}");
}

#[test]
fn an_unreadable_file_is_refused() {
    // A folder where a file should be cannot be read (permissions cannot be
    // tested reliably when the tests run as root).
    let dir = folder("unreadable");
    std::fs::create_dir(dir.join("folder.ron")).expect("made");
    let error = SaveFile::read(&dir.join("folder.ron")).expect_err("refused");
    assert!(matches!(error, LoadError::Unreadable(_)), "{error:?}");
}

#[test]
fn slot_names_never_leave_the_saves_folder() {
    assert_eq!(
        slots::file_name("  My game (2)  "),
        Ok("My game (2).ron".into())
    );
    for bad in [
        "../escape",
        "/etc/passwd",
        "a/b",
        "a\\b",
        "C:x",
        ".hidden",
        "con",
        "NUL",
        "",
        "   ",
    ] {
        assert!(slots::file_name(bad).is_err(), "'{bad}' must be refused");
    }
    assert!(slots::file_name(&"x".repeat(61)).is_err());
    assert_eq!(
        slots::file_name("a/b"),
        Err(slots::NameError::Character('/'))
    );
    assert_eq!(
        slots::NameError::Character('/').to_string(),
        "A name cannot contain '/'."
    );
}

#[test]
fn default_names_and_dates() {
    assert_eq!(slots::civil_time(0), (1970, 1, 1, 0, 0));
    assert_eq!(slots::civil_time(1_800_000_000), (2027, 1, 15, 8, 0));
    assert_eq!(
        slots::civil_time(951_782_400 + 13 * 3600 + 7 * 60),
        (2000, 2, 29, 13, 7)
    );
    let name = slots::default_name("Renju 15x15", 12, 1_800_000_000);
    assert_eq!(name, "Renju 15x15, move 12, 2027-01-15 08-00");
    assert!(slots::file_name(&name).is_ok());
}

#[test]
fn saves_are_listed_newest_first() {
    let dir = folder("list");
    for (name, time) in [("old", 10), ("new", 30), ("middle", 20)] {
        SaveFile::of(name, setup(C4), &C4.new_game(), time, time)
            .write(&dir.join(format!("{name}.ron")))
            .expect("written");
    }
    let names: Vec<String> = slots::list(&dir)
        .iter()
        .map(|e| {
            e.content
                .as_ref()
                .map(|s| s.save.name.clone())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(names, ["new", "middle", "old"]);
}

#[test]
fn psq_files_round_trip_and_bad_ones_say_why() {
    let moves = [Point::new(7, 7), Point::new(0, 14), Point::new(14, 0)]
        .map(lineup_core::rules::gomoku::Move::Stone)
        .to_vec();
    let text = psq::write(15, &moves);
    assert!(text.starts_with("Piskvorky 15x15,"));
    assert!(text.contains("\n8,8,0\n1,1,0\n15,15,0\n"), "{text}");
    assert_eq!(psq::parse(&text), Ok((15, moves)));
    // Gomocup files end with engine names and results: ignored.
    assert_eq!(
        psq::parse("Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,234\n-1\npbrain-x.exe\n")
            .map(|(s, m)| (s, m.len())),
        Ok((20, 2))
    );
    assert!(psq::parse("Hello").is_err());
    assert_eq!(
        psq::parse("Piskvorky 15x10, 0, 0\n"),
        Err("the board is 15x10; only square boards are supported".into())
    );
    assert!(
        psq::parse("Piskvorky 15x15, 0, 0\n16,1,0\n")
            .unwrap_err()
            .contains("outside")
    );
}

#[test]
fn a_save_remembers_which_side_resigned() {
    // Red resigns while Yellow is to move (the computer was thinking).
    let mut game = game_after(C4, &[BoardMove::Column(Column(3))]);
    assert_eq!(game.to_move(), Side::Second);
    game.resign(Side::First).expect("game on");
    let save = SaveFile::of("Resigned", setup(C4), &game, 1, 2);
    assert_eq!(save.resigned_by, Some(Side::First));
    let text = ron::to_string(&save).expect("ron");
    let replayed = SaveFile::parse(text.as_bytes())
        .expect("parses")
        .replay()
        .expect("legal");
    assert_eq!(
        replayed.ending(),
        Some(Ending::Resigned {
            winner: Side::Second
        })
    );
}

#[test]
fn format_one_saves_with_a_resignation_still_load() {
    // Written by format 1: `resigned: true` meant the side to move resigned.
    let text = "(format:1,name:\"Old\",setup:(kind:ConnectFour(size:(7,6)),\
                players:(Human,Human)),moves:\"4\",redo:\"\",resigned:true,created:1,saved:2)";
    let save = SaveFile::parse(text.as_bytes()).expect("a format 1 save");
    let game = save.replay().expect("legal");
    assert_eq!(
        game.ending(),
        Some(Ending::Resigned {
            winner: Side::First
        }),
        "Yellow was to move and resigned"
    );
}
