//! The command line, read without Bevy: play (optionally straight into a
//! position, optionally capturing a screenshot), or `solve`. What it asks
//! for is plain data ([`Launch`]); the game layer acts on it.

use crate::engine::registry::{self, ProgramError};
use crate::i18n::Language;
use crate::match_setup::{EngineSlot, GameKind, Level, MatchSetup, PlayerKind};
use crate::match_state::Match;
use crate::persist::psq;
use crate::persist::save_file::{self, SaveFile};
use crate::rules::opening::OpeningRule;
use crate::rules::{ConnectFour, ConnectFourSize, Gomoku, MatchGame, RuleSet};
use std::path::PathBuf;

pub const USAGE: &str = "\
Usage: lineup [OPTIONS]
       lineup solve [--analyze] [--no-book] [--threads N]
                                 read Connect Four positions (e.g. 4453) from stdin, print scores
                                 (--threads: each search on N threads, for long solves)

Options:
  --game connect4|gomoku        start straight into a game
  --rule freestyle|exact|renju  Gomoku rule set (default renju)
  --opening RULE                swap2 (freestyle, exact), soosorv8 or taraguchi10 (renju)
  --size N | CxR                board: Gomoku N from 9 to 20 (default 15), Connect Four
                                columns x rows, e.g. 7x6 (the default)
  --moves MOVES                 play these moves first: 4453 (Connect Four), h8i9j10 (Gomoku)
  --load FILE                   open a saved game (.ron) or a Gomoku .psq file (with --rule)
  --first PLAYER                who plays Red/Black: human (default), computer[:LEVEL] or
                                engine[:N] (Gomoku: the Nth Gomocup engine of the list)
  --second PLAYER               who plays Yellow/White; LEVEL is beginner, easy, medium,
                                hard or master
  --add-engine PATH             add a Gomocup engine (a pbrain- program) to the list that
                                New game offers, named after its file; kept in the settings
  --review [N]                  open the game of --moves or --load in review mode at
                                move N (the last if omitted)
  --menu NAME                   open a menu at start: main, new-game, settings, load, about,
                                pause, resign, save (the last two in a game)
  --screenshot FILE.png         once everything has settled, save a screenshot and exit
  --window WxH                  window size in pixels (default 1280x800)
  --quit-after SECONDS          close by itself after that many seconds
  --frame-stats                 on exit, print frame times (median, 99th percentile,
                                longest) and the time from start to the first screen
  --language en|zh-CN           the language until one is chosen in Settings
                                (default: the system's, from LC_ALL / LANG)
  -h, --help                    this help
  -V, --version                 the version";

/// How the program was asked to start a game.
#[derive(Debug, Default)]
pub struct Launch {
    /// Start straight into this match instead of the title screen.
    pub start: Option<Match>,
    /// Save a screenshot here once everything settles, then exit.
    pub screenshot: Option<PathBuf>,
    /// Open this menu at start.
    pub menu: Option<StartMenu>,
    /// The window's size in logical pixels.
    pub window: Option<(u32, u32)>,
    /// Close by itself after this long (for tests and measurements).
    pub quit_after: Option<std::time::Duration>,
    /// Print frame-time figures on exit.
    pub frame_stats: bool,
    /// Open the game in review mode, at this move (the last if `None`).
    pub review: Option<Option<usize>>,
    /// The language to use until the player picks one (else the system's).
    pub language: Option<Language>,
    /// Gomocup engines to add to the settings' list.
    pub add_engines: Vec<PathBuf>,
}

/// The menus `--menu` can open, by the names it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartMenu {
    Main,
    NewGame,
    Settings,
    Load,
    About,
    /// The pause menu (in a game).
    Pause,
    /// The resign dialog (in a game).
    Resign,
    /// The save dialog (in a game).
    Save,
    /// Play online.
    Online,
    /// Add engine (over New game's place).
    AddEngine,
}

impl StartMenu {
    pub const ALL: [(&str, StartMenu); 10] = [
        ("main", StartMenu::Main),
        ("new-game", StartMenu::NewGame),
        ("settings", StartMenu::Settings),
        ("load", StartMenu::Load),
        ("about", StartMenu::About),
        ("pause", StartMenu::Pause),
        ("resign", StartMenu::Resign),
        ("save", StartMenu::Save),
        ("online", StartMenu::Online),
        ("add-engine", StartMenu::AddEngine),
    ];
}

/// What the program was asked to do.
#[derive(Debug)]
pub enum Command {
    Play(Box<Launch>),
    /// `book`: answer the opening book's positions from it; `threads`:
    /// how many threads each search runs on.
    Solve {
        analyze: bool,
        book: bool,
        threads: usize,
    },
    Help,
    Version,
}

/// Reads the arguments (without the program name). The error says what is
/// wrong for a person.
pub fn parse(args: &[String]) -> Result<Command, String> {
    if args.first().map(String::as_str) == Some("solve") {
        let (mut analyze, mut book, mut threads) = (false, true, 1);
        let mut flags = args[1..].iter();
        while let Some(flag) = flags.next() {
            match flag.as_str() {
                "--analyze" | "-a" => analyze = true,
                "--no-book" => book = false,
                "--threads" => {
                    threads = flags
                        .next()
                        .and_then(|n| n.parse().ok())
                        .filter(|&n| (1..=256).contains(&n))
                        .ok_or("--threads needs a number from 1 to 256")?;
                }
                other => {
                    return Err(format!(
                        "solve takes only --analyze, --no-book and --threads N, not '{other}'"
                    ));
                }
            }
        }
        return Ok(Command::Solve {
            analyze,
            book,
            threads,
        });
    }
    let mut game = None;
    let mut rule = None;
    let mut size = None;
    let mut moves = None;
    let mut load = None;
    let mut players = [PlayerKind::Human; 2];
    let mut opening = None;
    let mut launch = Launch::default();
    let mut rest = args.iter().peekable();
    while let Some(arg) = rest.next() {
        if arg == "--review" {
            // The move number is optional: taken only if the next word is one.
            let ply = rest.peek().and_then(|n| n.parse::<usize>().ok());
            if ply.is_some() {
                rest.next();
            }
            launch.review = Some(ply);
            continue;
        }
        let mut value = |name: &str| {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--game" => game = Some(value("--game")?),
            "--rule" => rule = Some(parse_rule(&value("--rule")?)?),
            "--opening" => opening = Some(parse_opening(&value("--opening")?)?),
            "--size" => size = Some(value("--size")?),
            "--moves" => moves = Some(value("--moves")?),
            "--load" => load = Some(PathBuf::from(value("--load")?)),
            "--add-engine" => {
                let path = PathBuf::from(value("--add-engine")?);
                let program = registry::check_program(&path).map_err(|e| match e {
                    ProgramError::NotFound => {
                        format!("--add-engine: no program at {}", path.display())
                    }
                    ProgramError::NotAProgram => {
                        format!(
                            "--add-engine: {} is not a program that can be run",
                            path.display()
                        )
                    }
                })?;
                launch.add_engines.push(program);
            }
            "--first" => players[0] = parse_player(&value("--first")?)?,
            "--second" => players[1] = parse_player(&value("--second")?)?,
            "--menu" => launch.menu = Some(parse_menu(&value("--menu")?)?),
            "--screenshot" => launch.screenshot = Some(parse_screenshot(&value("--screenshot")?)?),
            "--window" => launch.window = Some(parse_window(&value("--window")?)?),
            "--quit-after" => launch.quit_after = Some(parse_seconds(&value("--quit-after")?)?),
            "--frame-stats" => launch.frame_stats = true,
            "--language" => {
                let code = value("--language")?;
                launch.language = Some(
                    Language::ALL
                        .into_iter()
                        .find(|l| l.code().eq_ignore_ascii_case(&code))
                        .ok_or_else(|| format!("--language: '{code}' is not en or zh-CN"))?,
                );
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if launch.review.is_some() && load.is_none() && moves.is_none() {
        return Err("--review needs a game: --moves (with --game) or --load".into());
    }
    if let Some(path) = load {
        if game.is_some() || moves.is_some() || size.is_some() {
            return Err("--load brings its own game: no --game, --size or --moves with it".into());
        }
        launch.start = Some(load_file(&path, rule, players)?);
        return Ok(Command::Play(Box::new(launch)));
    }
    let kind = match game.as_deref() {
        None => {
            if rule.is_some() || size.is_some() || moves.is_some() {
                return Err("--rule, --size and --moves need --game".into());
            }
            None
        }
        Some("connect4" | "connect-four" | "c4") => {
            if rule.is_some() {
                return Err("--rule is for Gomoku".into());
            }
            let size = match size.as_deref() {
                None => ConnectFourSize::STANDARD,
                Some(text) => {
                    let (c, r) = text.split_once('x').ok_or_else(|| {
                        format!("--size '{text}': expected columns x rows, e.g. 7x6")
                    })?;
                    let number = |s: &str| {
                        s.trim()
                            .parse::<u8>()
                            .map_err(|_| format!("--size '{text}': '{s}' is not a number"))
                    };
                    ConnectFourSize::new(number(c)?, number(r)?)
                        .map_err(|e| format!("--size '{text}': {e}"))?
                }
            };
            Some(GameKind::ConnectFour { size })
        }
        Some("gomoku" | "renju") => {
            let n = match size.as_deref() {
                None => Gomoku::STANDARD_SIZE,
                Some(text) => text
                    .parse::<u8>()
                    .map_err(|_| format!("--size '{text}': expected a number from 9 to 20"))?,
            };
            Gomoku::new(n, RuleSet::Freestyle).map_err(|e| format!("--size: {e}"))?;
            Some(GameKind::Gomoku {
                size: n,
                rule: rule.unwrap_or(RuleSet::Renju),
            })
        }
        Some(other) => return Err(format!("unknown game '{other}': use connect4 or gomoku")),
    };
    if players.iter().any(|p| matches!(p, PlayerKind::Engine(_)))
        && !matches!(kind, Some(GameKind::Gomoku { .. }))
    {
        return Err("a Gomocup engine plays Gomoku only: add --game gomoku".into());
    }
    if let Some(rule) = opening {
        match kind {
            Some(GameKind::Gomoku { rule: set, .. }) if rule.fits(set) && moves.is_none() => {}
            Some(GameKind::Gomoku { .. }) if moves.is_some() => {
                return Err("--opening starts from an empty board: no --moves with it".into());
            }
            Some(GameKind::Gomoku { rule: set, .. }) => {
                return Err(format!(
                    "--opening {rule} is not played under {set:?} rules"
                ));
            }
            _ => return Err("--opening needs --game gomoku".into()),
        }
    }
    if let Some(kind) = kind {
        let setup = MatchSetup {
            opening: opening.unwrap_or_default(),
            ..MatchSetup::new(kind, players)
        };
        let mut start = Match::new(setup);
        if let Some(text) = moves {
            start.game = match kind {
                GameKind::ConnectFour { size } => MatchGame::ConnectFour(
                    ConnectFour::game_from_moves(size, &text)
                        .map_err(|e| format!("--moves: {e}"))?,
                ),
                GameKind::Gomoku { size, rule } => {
                    let board = Gomoku::new(size, rule).map_err(|e| format!("--size: {e}"))?;
                    MatchGame::Gomoku(
                        Gomoku::game_from_moves(board, &text)
                            .map_err(|e| format!("--moves: {e}"))?,
                    )
                }
            };
        }
        launch.start = Some(start);
    }
    Ok(Command::Play(Box::new(launch)))
}

fn parse_rule(text: &str) -> Result<RuleSet, String> {
    match text {
        "freestyle" | "free" => Ok(RuleSet::Freestyle),
        "exact" | "exact-five" | "standard" => Ok(RuleSet::ExactFive),
        "renju" => Ok(RuleSet::Renju),
        _ => Err(format!(
            "unknown rule '{text}': use freestyle, exact or renju"
        )),
    }
}

fn parse_opening(text: &str) -> Result<OpeningRule, String> {
    match text.to_ascii_lowercase().as_str() {
        "none" => Ok(OpeningRule::None),
        "swap2" => Ok(OpeningRule::Swap2),
        "soosorv8" | "soosorv-8" | "soosyrv8" => Ok(OpeningRule::Soosorv8),
        "taraguchi10" | "taraguchi-10" => Ok(OpeningRule::Taraguchi10),
        _ => Err(format!(
            "unknown opening '{text}': use swap2, soosorv8 or taraguchi10"
        )),
    }
}

fn parse_player(text: &str) -> Result<PlayerKind, String> {
    let (who, level) = text
        .split_once(':')
        .map_or((text, None), |(w, l)| (w, Some(l)));
    match (who, level) {
        ("human", None) => Ok(PlayerKind::Human),
        ("computer", None) => Ok(PlayerKind::Computer(Level::default())),
        ("computer", Some(level)) => Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(level))
            .map(PlayerKind::Computer)
            .ok_or_else(|| {
                format!("unknown level '{level}': use beginner, easy, medium, hard or master")
            }),
        ("engine", None) => Ok(PlayerKind::Engine(EngineSlot(0))),
        ("engine", Some(n)) => n
            .parse::<u8>()
            .ok()
            .filter(|n| *n >= 1)
            .map(|n| PlayerKind::Engine(EngineSlot(n - 1)))
            .ok_or_else(|| format!("engine '{n}': expected its place in the list, from 1")),
        _ => Err(format!(
            "unknown player '{text}': use human, computer[:LEVEL] or engine[:N]"
        )),
    }
}

fn parse_menu(text: &str) -> Result<StartMenu, String> {
    StartMenu::ALL
        .into_iter()
        .find(|(name, _)| *name == text)
        .map(|(_, menu)| menu)
        .ok_or_else(|| format!("unknown menu '{text}'"))
}

fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e6)
        .map(std::time::Duration::from_secs_f64)
        .ok_or_else(|| format!("--quit-after '{text}': expected a number of seconds, e.g. 5"))
}

fn parse_screenshot(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    if path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
        != Some("png")
    {
        return Err(format!("--screenshot '{text}': the file must end in .png"));
    }
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    if !folder.is_dir() {
        return Err(format!(
            "--screenshot '{text}': the folder {} does not exist",
            folder.display()
        ));
    }
    Ok(path)
}

fn parse_window(text: &str) -> Result<(u32, u32), String> {
    let bad =
        || format!("--window '{text}': expected WIDTHxHEIGHT, e.g. 1280x800, at least 640x480");
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if w < 640 || h < 480 || w > 8192 || h > 8192 {
        return Err(bad());
    }
    Ok((w, h))
}

/// A saved game, or a `.psq` game (Gomoku under `rule`, freestyle if none).
fn load_file(
    path: &std::path::Path,
    rule: Option<RuleSet>,
    players: [PlayerKind; 2],
) -> Result<Match, String> {
    let shown = path.display();
    let is_psq = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("psq"));
    if !is_psq {
        let save = SaveFile::read(path).map_err(|e| format!("--load: {shown} {e}"))?;
        let game = save.replay().map_err(|e| format!("--load: {shown} {e}"))?;
        return Ok(Match::from_save(&save, game));
    }
    let meta = std::fs::metadata(path).map_err(|e| format!("--load: {shown}: {e}"))?;
    if meta.len() > save_file::SIZE_LIMIT {
        return Err(format!("--load: {shown} is too large for a game file"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("--load: {shown}: {e}"))?;
    let (size, moves) = psq::parse(&text).map_err(|e| format!("--load: {shown}: {e}"))?;
    let rule = rule.unwrap_or(RuleSet::Freestyle);
    let board = Gomoku::new(size, rule).map_err(|e| format!("--load: {shown}: {e}"))?;
    let game = crate::rules::Game::from_moves(board, moves.iter().copied())
        .map_err(|(i, e)| format!("--load: {shown}: move {} ({}): {e}", i + 1, moves[i]))?;
    let setup = MatchSetup::new(GameKind::Gomoku { size, rule }, players);
    Ok(Match::resumed(
        setup,
        MatchGame::Gomoku(game),
        crate::match_state::now(),
        crate::match_state::new_id(),
    ))
}
