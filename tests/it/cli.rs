//! The command line: what it accepts, and clear messages for what it does not.

use lineup::cli::{Command, StartMenu, parse};
use lineup::match_setup::{GameKind, Level, PlayerKind};
use lineup::rules::RuleSet;

fn args(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

fn error(line: &str) -> String {
    match parse(&args(line)) {
        Err(message) => message,
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
    assert_eq!(start.game.move_count(), 4);
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
        start.setup.kind,
        GameKind::Gomoku {
            size: 19,
            rule: RuleSet::ExactFive
        }
    );
    assert_eq!(
        start.setup.players,
        [PlayerKind::Human, PlayerKind::Computer(Level::Hard)]
    );
    assert_eq!(start.game.move_count(), 2);

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
    assert_eq!(
        error("--game chess"),
        "unknown game 'chess': use connect4 or gomoku"
    );
    assert_eq!(
        error("--game connect4 --moves 448"),
        "--moves: move 3 (at character 3): that is outside the board"
    );
    assert_eq!(
        error("--game gomoku --moves h8h8"),
        "--moves: move 2 (at character 3): h8: that point is already taken"
    );
    assert_eq!(
        error("--game gomoku --size 30"),
        "--size: board size must be from 9 to 20, not 30"
    );
    assert_eq!(
        error("--moves 44"),
        "--rule, --size and --moves need --game"
    );
    assert_eq!(
        error("--game connect4 --rule renju"),
        "--rule is for Gomoku"
    );
    assert_eq!(
        error("--screenshot out.jpg"),
        "--screenshot 'out.jpg': the file must end in .png"
    );
    assert!(error("--screenshot /no/such/folder/x.png").contains("does not exist"));
    assert_eq!(
        error("--first robot"),
        "unknown player 'robot': use human, computer[:LEVEL] or engine[:N]"
    );
    assert_eq!(
        error("--second engine"),
        "a Gomocup engine plays Gomoku only: add --game gomoku"
    );
    assert!(error("--game gomoku --second engine:0").starts_with("engine '0'"));
    assert!(error("--add-engine /no/such/pbrain-x").starts_with("--add-engine: no program"));
    assert_eq!(error("--frobnicate"), "unknown argument '--frobnicate'");
    assert_eq!(error("--game"), "--game needs a value");
    assert!(error("--window 10x10").starts_with("--window '10x10'"));
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
    assert!(matches!(parse(&args("--help")), Ok(Command::Help)));
    assert!(matches!(parse(&args("-V")), Ok(Command::Version)));
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
