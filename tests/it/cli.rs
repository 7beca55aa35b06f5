//! The command line: what it accepts, and clear messages for what it does not.

use lineup::cli::{Command, StartMenu, parse};
use lineup_core::match_setup::{GameKind, Level, PlayerKind};
use lineup_core::rules::{GomokuSize, RuleSet};

fn args(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

fn error(line: &str) -> String {
    match parse(&args(line)) {
        Err(message) => message.to_string(),
        Ok(command) => panic!("'{line}' should be refused, got {command:?}"),
    }
}

#[test]
fn a_game_with_moves_starts_in_that_position() {
    let Ok(Command::Play(launch)) = parse(&args(
        "--game connect4 --moves 4453 --screenshot /tmp/x.png",
    )) else {
        panic!("valid arguments")
    };
    let start = launch.start.expect("a match");
    assert_eq!(start.game().move_count(), 4);
    assert_eq!(
        launch.screenshot.as_deref(),
        Some(std::path::Path::new("/tmp/x.png"))
    );

    let Ok(Command::Play(launch)) = parse(&args(
        "--game gomoku --rule exact --size 19 --moves h8i9 --second computer:hard",
    )) else {
        panic!("valid arguments")
    };
    let start = launch.start.expect("a match");
    assert_eq!(
        start.setup().kind,
        GameKind::Gomoku {
            size: GomokuSize::new(19).expect("a board size"),
            rule: RuleSet::ExactFive
        }
    );
    assert_eq!(
        start.setup().players,
        [PlayerKind::Human, PlayerKind::Computer(Level::Hard)]
    );
    assert_eq!(start.game().move_count(), 2);

    let Ok(Command::Play(launch)) = parse(&args("--menu settings --window 800x600")) else {
        panic!("valid")
    };
    assert!(launch.start.is_none());
    assert_eq!(
        (launch.menu, launch.window),
        (Some(StartMenu::Settings), Some((800, 600)))
    );
}

#[test]
fn bad_arguments_say_what_is_wrong() {
    // Each message names what is wrong (clap words the ones it finds
    // itself, the game the ones that need the options together).
    for (line, says) in [
        ("--game chess", "invalid value 'chess' for '--game <GAME>'"),
        ("--game chess", "[possible values: connect4, gomoku]"),
        (
            "--game connect4 --moves 448",
            "--moves: move 3 (at character 3): that is outside the board",
        ),
        (
            "--game gomoku --moves h8h8",
            "--moves: move 2 (at character 3): h8: that point is already taken",
        ),
        (
            "--game gomoku --size 30",
            "--size: board size must be from 9 to 20, not 30",
        ),
        ("--size 7x6", "--rule and --size need --game"),
        ("--moves 44x", "--moves: "),
        ("--game connect4 --rule renju", "--rule is for Gomoku"),
        (
            "--screenshot out.jpg",
            "invalid value 'out.jpg' for '--screenshot <FILE.png>': the file must end in .png",
        ),
        ("--screenshot /no/such/folder/x.png", "does not exist"),
        (
            "--first robot",
            "unknown player 'robot': use human, computer[:LEVEL] or engine[:N]",
        ),
        (
            "--first computer:genius",
            "unknown level 'genius': use beginner, easy, medium, hard or master",
        ),
        (
            "--second engine",
            "a Gomocup engine plays Gomoku only: add --game gomoku",
        ),
        (
            "--game gomoku --second engine:0",
            "engine '0': expected its place in the list, from 1",
        ),
        (
            "--add-engine /no/such/pbrain-x",
            "no program at /no/such/pbrain-x",
        ),
        ("--frobnicate", "unexpected argument '--frobnicate'"),
        ("--game", "a value is required for '--game <GAME>'"),
        (
            "--window 10x10",
            "invalid value '10x10' for '--window <WxH>'",
        ),
        ("--language fr", "'fr' is not en or zh-CN"),
        ("--menu lobby", "invalid value 'lobby' for '--menu <NAME>'"),
        (
            "--game connect4 --opening swap2",
            "--opening needs --game gomoku",
        ),
        ("solve --game connect4", "unexpected argument '--game'"),
    ] {
        let message = error(line);
        assert!(message.contains(says), "{line}: {message}");
        assert!(message.starts_with("error: "), "{line}: {message}");
        assert!(message.contains("--help"), "{line}: {message}");
    }
}

#[test]
fn names_and_aliases_are_taken_as_before() {
    for line in [
        "--game c4 --moves 4453",
        "--game connect-four",
        "--game renju --rule free",
        "--game gomoku --rule exact-five --opening SWAP2",
        "--game gomoku --opening soosorv-8",
        "--language ZH-cn --menu add-engine",
    ] {
        assert!(matches!(parse(&args(line)), Ok(Command::Play(_))), "{line}");
    }
}

#[test]
fn solve_help_and_version() {
    assert!(matches!(
        parse(&args("solve")),
        Ok(Command::Solve {
            analyze: false,
            book: true,
            threads: 1
        })
    ));
    assert!(matches!(
        parse(&args("solve --analyze")),
        Ok(Command::Solve {
            analyze: true,
            book: true,
            threads: 1
        })
    ));
    assert!(matches!(
        parse(&args("solve --no-book -a --threads 2")),
        Ok(Command::Solve {
            analyze: true,
            book: false,
            threads: 2
        })
    ));
    assert!(parse(&args("solve --fast")).is_err());
    assert!(parse(&args("solve --threads")).is_err());
    assert!(parse(&args("solve --threads 0")).is_err());
    let Ok(Command::Print(help)) = parse(&args("--help")) else {
        panic!("--help prints")
    };
    // Every option, from the one definition.
    for option in [
        "--game",
        "--rule",
        "--opening",
        "--size",
        "--moves",
        "--load",
        "--first",
        "--second",
        "--add-engine",
        "--review",
        "--menu",
        "--screenshot",
        "--window",
        "--quit-after",
        "--frame-stats",
        "--language",
        "solve",
    ] {
        assert!(help.contains(option), "--help lacks {option}:\n{help}");
    }
    let Ok(Command::Print(version)) = parse(&args("-V")) else {
        panic!("-V prints")
    };
    assert_eq!(
        version.trim(),
        format!("lineup {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn review_takes_an_optional_move_number_and_needs_a_game() {
    let review_of = |line: &str| match parse(&args(line)) {
        Ok(Command::Play(launch)) => launch.review,
        other => panic!("{line}: {other:?}"),
    };
    assert_eq!(
        review_of("--game connect4 --moves 4453 --review 2"),
        Some(Some(2))
    );
    assert_eq!(
        review_of("--game connect4 --moves 4453 --review"),
        Some(None)
    );
    // A following option is not taken for the number.
    assert_eq!(
        review_of("--game connect4 --moves 4453 --review --window 800x600"),
        Some(None)
    );
    assert_eq!(review_of("--game connect4 --moves 4453"), None);
    assert!(error("--review 3").contains("--review needs a game"));
    assert!(error("--game connect4 --review").contains("--review needs a game"));
}

#[test]
fn the_solve_command_on_two_threads_prints_the_reference_scores() {
    // The real binary, as a player would time it against another solver;
    // these positions take a million nodes or more, so the two threads
    // take over from one as they do in a long solve.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/lineup-core/tests/data/connect4/Test_L1_R3");
    let text = std::fs::read_to_string(&path).expect("the standard set");
    let set: Vec<(&str, i32)> = text
        .lines()
        .take(3)
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("MOVES SCORE");
            (moves, score.parse().expect("a score"))
        })
        .collect();
    let input: String = set.iter().map(|(m, _)| format!("{m}\n")).collect();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lineup"))
        .args(["solve", "--no-book", "--threads", "2"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("lineup starts");
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("positions written");
    let output = child.wait_with_output().expect("lineup ends");
    assert!(output.status.success());
    let expected: String = set.iter().map(|(m, s)| format!("{m} {s}\n")).collect();
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
}

/// Runs a built program with `args`: its exit code and what it printed.
fn run(program: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let output = std::process::Command::new(program)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the program runs");
    (
        output.status.code().expect("an exit code"),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn every_program_explains_itself_and_refuses_with_code_2() {
    let game = std::path::Path::new(env!("CARGO_BIN_EXE_lineup"));
    let server_path = crate::lineup_server();
    let server = server_path.as_path();
    let engine = crate::pbrain_lineup();
    for (program, args, says) in [
        (game, &["--help"][..], "--first <PLAYER>"),
        (game, &["solve", "--help"], "--no-book"),
        (server, &["--help"], "--bind <ADDR:PORT>"),
        (server, &["bench", "--help"], "--games <N>"),
        (engine.as_path(), &["--help"], "Gomocup"),
    ] {
        let (code, out, err) = run(program, args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains(says), "{args:?}:\n{out}");
        assert!(out.contains("Usage:"), "{args:?}:\n{out}");
    }
    for (program, args, says) in [
        (game, &["--game", "chess"][..], "invalid value 'chess'"),
        (game, &["--size", "7x6"], "--rule and --size need --game"),
        (server, &["--bind", "nowhere"], "invalid value 'nowhere'"),
        (server, &["bench"], "--addr <ADDR:PORT>"),
        (
            engine.as_path(),
            &["--fast"],
            "unexpected argument '--fast'",
        ),
    ] {
        let (code, _, err) = run(program, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}:\n{err}");
    }
}

#[test]
fn analyse_opens_a_game_or_a_study_file_on_the_analysis_board() {
    let launch_of = |line: &str| match parse(&args(line)) {
        Ok(Command::Play(launch)) => launch,
        other => panic!("{line}: {other:?}"),
    };
    let launch = launch_of("--analyse --game gomoku --moves h8i9");
    assert!(launch.analyse && launch.study.is_none());
    assert_eq!(launch.start.expect("a match").game().move_count(), 2);
    // Alone: an empty Renju board.
    let launch = launch_of("--analyze");
    assert!(launch.analyse);
    assert!(matches!(
        launch.start.expect("a match").setup().kind,
        GameKind::Gomoku {
            rule: RuleSet::Renju,
            ..
        }
    ));
    assert!(error("--analyse --game connect4 --moves 44 --review").contains("--analyse"));
    // Moves say their game, without --game: points are Gomoku's (Renju by
    // default), digits Connect Four's.
    let launch = launch_of("--analyse --moves h8i9j10i8");
    let start = launch.start.expect("a match");
    assert_eq!(
        start.setup().kind,
        GameKind::Gomoku {
            size: GomokuSize::STANDARD,
            rule: RuleSet::Renju
        }
    );
    assert_eq!(start.game().move_count(), 4);
    let start = launch_of("--moves 4453 --review").start.expect("a match");
    assert!(matches!(start.setup().kind, GameKind::ConnectFour { .. }));
    let start = launch_of("--moves h8 --rule freestyle")
        .start
        .expect("a match");
    assert!(matches!(
        start.setup().kind,
        GameKind::Gomoku {
            rule: RuleSet::Freestyle,
            ..
        }
    ));
    assert!(error("--moves 4453 --rule renju").contains("--rule is for Gomoku"));
    // An SGF with a variation: a study, whatever --analyse says.
    let folder = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-study-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    let sgf = folder.join("line.sgf");
    std::fs::write(&sgf, "(;FF[4]GM[4]SZ[15]RU[renju];B[hh](;W[ii])(;W[ig]))").expect("written");
    let launch = launch_of(&format!("--load {}", sgf.display()));
    let (study, file) = launch.study.expect("a study");
    assert!(
        launch.analyse && file.is_none(),
        "an SGF is not saved back to"
    );
    let tree = study.tree();
    let first = tree.children(tree.root())[0];
    assert_eq!(tree.children(first).len(), 2, "both replies");
    // A RenLib file that is not one is refused, saying why.
    let lib = folder.join("bad.lib");
    std::fs::write(&lib, b"not a library").expect("written");
    assert!(error(&format!("--load {}", lib.display())).contains("bad.lib"));
    let _ = std::fs::remove_dir_all(&folder);
}
