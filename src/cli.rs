//! The command line, declared once with clap: `--help`, the man page and
//! the shell completions all come from [`Cli`]. What it asks for is read
//! into plain data ([`Launch`]); the game layer acts on it.

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use lineup_core::analysis::psq;
use lineup_core::analysis::study::Study;
use lineup_core::gomocup::registry::{self, ProgramError};
use lineup_core::i18n::Language;
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::{EngineSlot, GameKind, Level, MatchSetup, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::persist::import::{StudyFormat, read_study};
use lineup_core::persist::save_file::{self, SaveFile};
use lineup_core::rules::opening::OpeningRule;
use lineup_core::rules::{ConnectFour, ConnectFourSize, Gomoku, GomokuSize, MatchGame, RuleSet};
use std::path::PathBuf;

/// Connect Four and Gomoku/Renju, with strong computer players.
#[derive(Parser, Debug)]
#[command(
    name = "lineup",
    version,
    about = "Connect Four and Gomoku/Renju, with strong computer players",
    long_about = "Connect Four and Gomoku/Renju, with strong computer players.\n\n\
        Without options the title screen opens. The options below start straight \
        into a game, a position, a saved game or a menu.",
    after_help = "Examples:\n  \
        lineup --game connect4 --second computer:master\n  \
        lineup --game gomoku --rule renju --opening soosorv8\n  \
        lineup --load game.ron --review 12\n  \
        echo 4453 | lineup solve",
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(subcommand)]
    task: Option<LineupTask>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand, Debug)]
enum LineupTask {
    /// Reads Connect Four positions (e.g. 4453) from standard input and
    /// prints each one's exact score.
    Solve(SolveArgs),
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// Print every column's score, not only the position's.
    #[arg(short, long)]
    analyze: bool,
    /// Solve every position, even those the opening book holds.
    #[arg(long)]
    no_book: bool,
    /// Each search on N threads (for long solves).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// Start straight into a game.
    #[arg(long, value_enum, value_name = "GAME")]
    game: Option<GameName>,
    /// The Gomoku rule set [default: renju].
    #[arg(long, value_enum, value_name = "RULE")]
    rule: Option<RuleName>,
    /// A tournament opening: swap2 (freestyle, exact), soosorv8 or
    /// taraguchi10 (renju).
    #[arg(long, value_enum, value_name = "OPENING", ignore_case = true)]
    opening: Option<OpeningName>,
    /// The board: Gomoku N from 9 to 20 (default 15); Connect Four columns x
    /// rows, e.g. 7x6 (the default).
    #[arg(long, value_name = "N|CxR")]
    size: Option<String>,
    /// Play these moves first: 4453 (Connect Four), h8i9j10 (Gomoku); the
    /// game is taken from them without --game.
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
    /// Open a saved game (.ron) or a Gomoku .psq file (with --rule); a
    /// study (.ron from the analysis board, .sgf, or a RenLib .lib) opens
    /// on the analysis board.
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Who plays Red/Black: human (default), computer[:LEVEL] or engine[:N]
    /// (Gomoku: the Nth Gomocup engine of the list).
    #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
    first: Option<PlayerKind>,
    /// Who plays Yellow/White; LEVEL is beginner, easy, medium, hard or
    /// master.
    #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
    second: Option<PlayerKind>,
    /// Add a Gomocup engine (a pbrain- program) to the list New game offers,
    /// named after its file; kept in the settings.
    #[arg(long, value_name = "PATH", value_parser = parse_engine)]
    add_engine: Vec<PathBuf>,
    /// Open the game of --moves or --load in review mode at move N (the last
    /// if omitted).
    #[arg(long, value_name = "N", num_args = 0..=1)]
    review: Option<Option<usize>>,
    /// Open the analysis board on the game of --moves or --load (an empty
    /// Renju board without one): set up positions, the engine's lines,
    /// threat searches, variations.
    #[arg(long, visible_alias = "analyze")]
    analyse: bool,
    /// Open a menu at start (pause, resign and save in a game).
    #[arg(long, value_enum, value_name = "NAME")]
    menu: Option<StartMenu>,
    /// Once everything has settled, save a screenshot and exit.
    #[arg(long, value_name = "FILE.png", value_parser = parse_screenshot)]
    screenshot: Option<PathBuf>,
    /// The window's size in pixels [default: 1280x800].
    #[arg(long, value_name = "WxH", value_parser = parse_window)]
    window: Option<(u32, u32)>,
    /// Close by itself after that many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    quit_after: Option<std::time::Duration>,
    /// On exit, print frame times (median, 99th percentile, longest) and the
    /// time from start to the first screen.
    #[arg(long)]
    frame_stats: bool,
    /// Play N computer-against-computer games back to back (random games,
    /// boards, rules and levels; each reviewed, saved, loaded and deleted,
    /// the menus opened between them), then print one line of figures
    /// (games, panics, memory, entities, longest frame) and exit.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    soak: Option<u32>,
    /// The language until one is chosen in Settings [default: the system's,
    /// from LC_ALL / LANG].
    #[arg(long, value_name = "en|zh-CN", value_parser = parse_language)]
    language: Option<Language>,
    /// The players' clocks: minutes+seconds a move (5+3), 10s+0 for
    /// seconds, or none; for --game, and Play online's first choice.
    #[arg(long, value_name = "CONTROL", value_parser = parse_clock)]
    clock: Option<TimeControl>,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum GameName {
    #[value(name = "connect4", aliases = ["connect-four", "c4"])]
    ConnectFour,
    #[value(name = "gomoku", alias = "renju")]
    Gomoku,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum RuleName {
    /// Five or more in a row wins.
    #[value(alias = "free")]
    Freestyle,
    /// Exactly five wins; an overline wins for nobody.
    #[value(aliases = ["exact-five", "standard"])]
    Exact,
    /// Black may not make a double three, a double four or an overline.
    Renju,
}

impl From<RuleName> for RuleSet {
    fn from(name: RuleName) -> RuleSet {
        match name {
            RuleName::Freestyle => RuleSet::Freestyle,
            RuleName::Exact => RuleSet::ExactFive,
            RuleName::Renju => RuleSet::Renju,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum OpeningName {
    None,
    Swap2,
    #[value(name = "soosorv8", aliases = ["soosorv-8", "soosyrv8"])]
    Soosorv8,
    #[value(name = "taraguchi10", alias = "taraguchi-10")]
    Taraguchi10,
}

impl From<OpeningName> for OpeningRule {
    fn from(name: OpeningName) -> OpeningRule {
        match name {
            OpeningName::None => OpeningRule::None,
            OpeningName::Swap2 => OpeningRule::Swap2,
            OpeningName::Soosorv8 => OpeningRule::Soosorv8,
            OpeningName::Taraguchi10 => OpeningRule::Taraguchi10,
        }
    }
}

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
    /// Open the analysis board on the game (`--analyse`).
    pub analyse: bool,
    /// The study `--load` named (SGF, RenLib, or a study of Lineup's own,
    /// with its file to save back to): the analysis board opens on it.
    pub study: Option<(Study, Option<PathBuf>)>,
    /// The language to use until the player picks one (else the system's).
    pub language: Option<Language>,
    /// Gomocup engines to add to the settings' list.
    pub add_engines: Vec<PathBuf>,
    /// Play this many computer games back to back and report (`soak`).
    pub soak: Option<u32>,
    /// `--clock`: the time control asked for.
    pub clock: Option<TimeControl>,
}

/// The menus `--menu` can open, by the names it takes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartMenu {
    /// The title screen's menu.
    Main,
    /// New game: the game, the board, the rules and the players.
    NewGame,
    Settings,
    /// Load game: the saved and finished games.
    Load,
    /// How to play: each game's rules with diagrams, Renju's fouls, the
    /// openings.
    #[value(alias = "about")]
    HowToPlay,
    /// Results against the computer.
    Results,
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
    /// The analysis board's chooser: which game, board and rules.
    AnalysisBoard,
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
    /// `--help` or `--version`: the text to print.
    Print(String),
}

/// Why the arguments were refused, worded for a person; the program exits
/// with code 2 after printing it.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The whole command line's definition (for the man page and completions).
pub fn command() -> clap::Command {
    Cli::command()
}

/// Reads the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Command, UsageError> {
    let words = std::iter::once("lineup".to_string()).chain(args.iter().cloned());
    let cli = match Cli::try_parse_from(words) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => return Ok(Command::Print(e.render().to_string())),
        Err(e) => return Err(UsageError(e.render().to_string())),
    };
    match cli.task {
        Some(LineupTask::Solve(solve)) => Ok(Command::Solve {
            analyze: solve.analyze,
            book: !solve.no_book,
            threads: usize::from(solve.threads),
        }),
        None => cli.play.launch().map_err(|problem| {
            UsageError(format!(
                "error: {problem}\n\nFor more information, try '--help'.\n"
            ))
        }),
    }
}

impl PlayArgs {
    /// What the options ask for together; the error names the options
    /// that do not go together.
    fn launch(self) -> Result<Command, String> {
        let mut launch = Launch {
            screenshot: self.screenshot,
            menu: self.menu,
            window: self.window,
            quit_after: self.quit_after,
            frame_stats: self.frame_stats,
            review: self.review,
            analyse: self.analyse,
            study: None,
            language: self.language,
            add_engines: self.add_engine,
            soak: self.soak,
            start: None,
            clock: self.clock,
        };
        if launch.analyse && (launch.review.is_some() || launch.soak.is_some()) {
            return Err("--analyse opens the analysis board: no --review or --soak with it".into());
        }
        if launch.soak.is_some()
            && (self.game.is_some()
                || self.load.is_some()
                || self.moves.is_some()
                || launch.menu.is_some()
                || launch.review.is_some()
                || launch.screenshot.is_some())
        {
            return Err("--soak chooses its own games: no --game, --load, --moves, --menu, --review or --screenshot with it".into());
        }
        let players = [
            self.first.unwrap_or(PlayerKind::Human),
            self.second.unwrap_or(PlayerKind::Human),
        ];
        let rule = self.rule.map(RuleSet::from);
        let (size, moves) = (self.size, self.moves);
        if launch.review.is_some() && self.load.is_none() && moves.is_none() {
            return Err("--review needs a game: --moves or --load".into());
        }
        if let Some(path) = self.load {
            if self.game.is_some() || moves.is_some() || size.is_some() {
                return Err(
                    "--load brings its own game: no --game, --size or --moves with it".into(),
                );
            }
            if let Some(study) = study_in(&path)? {
                if launch.review.is_some() {
                    return Err(
                        "--load: a study opens on the analysis board: no --review with it".into(),
                    );
                }
                let kind = study.setup().kind();
                launch.start = Some(Match::new(MatchSetup::new(kind, players)));
                let file =
                    (StudyFormat::of(&path) == Some(StudyFormat::Lineup)).then(|| path.clone());
                launch.study = Some((study, file));
                launch.analyse = true;
                return Ok(Command::Play(Box::new(launch)));
            }
            launch.start = Some(load_file(&path, rule, players)?);
            return Ok(Command::Play(Box::new(launch)));
        }
        // Moves say their game: digits are Connect Four's columns, points
        // (a letter and a number) Gomoku's.
        let game = self
            .game
            .or_else(|| moves.as_deref().and_then(game_of_moves));
        if launch.analyse && game.is_none() {
            if rule.is_some() || size.is_some() {
                return Err("--rule and --size need --game".into());
            }
            let kind = GameKind::Gomoku {
                size: GomokuSize::STANDARD,
                rule: RuleSet::Renju,
            };
            launch.start = Some(Match::new(MatchSetup::new(kind, players)));
            return Ok(Command::Play(Box::new(launch)));
        }
        let kind = match game {
            None => {
                if rule.is_some() || size.is_some() {
                    return Err("--rule and --size need --game".into());
                }
                None
            }
            Some(GameName::ConnectFour) => {
                if rule.is_some() {
                    return Err("--rule is for Gomoku".into());
                }
                let size = match size.as_deref() {
                    None => ConnectFourSize::STANDARD,
                    Some(text) => connect_four_size(text)?,
                };
                Some(GameKind::ConnectFour { size })
            }
            Some(GameName::Gomoku) => {
                let size = match size.as_deref() {
                    None => GomokuSize::STANDARD,
                    Some(text) => gomoku_size(text)?,
                };
                Some(GameKind::Gomoku {
                    size,
                    rule: rule.unwrap_or(RuleSet::Renju),
                })
            }
        };
        if players.iter().any(|p| matches!(p, PlayerKind::Engine(_)))
            && !matches!(kind, Some(GameKind::Gomoku { .. }))
        {
            return Err("a Gomocup engine plays Gomoku only: add --game gomoku".into());
        }
        let opening = self.opening.map(OpeningRule::from);
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
            let mut setup =
                MatchSetup::new(kind, players).with_opening(opening.unwrap_or_default());
            setup.clock = self.clock.unwrap_or_default();
            launch.start = Some(match moves {
                Some(text) => Match::from_position(setup, None, game_from_moves(kind, &text)?),
                None => Match::new(setup),
            });
        }
        Ok(Command::Play(Box::new(launch)))
    }
}

fn parse_clock(text: &str) -> Result<TimeControl, String> {
    TimeControl::parse(text).map_err(|e| e.to_string())
}

/// The game `moves` are written for: digits alone are Connect Four's
/// columns ("4453"), a letter marks Gomoku's points ("h8i9"); `None` for
/// neither (the game's own parser says what is wrong).
fn game_of_moves(moves: &str) -> Option<GameName> {
    let moves = moves.trim();
    if moves.is_empty() {
        None
    } else if moves.bytes().all(|b| b.is_ascii_digit()) {
        Some(GameName::ConnectFour)
    } else if moves.bytes().any(|b| b.is_ascii_alphabetic()) {
        Some(GameName::Gomoku)
    } else {
        None
    }
}

/// `7x6`: columns x rows.
fn connect_four_size(text: &str) -> Result<ConnectFourSize, String> {
    let (c, r) = text
        .split_once('x')
        .ok_or_else(|| format!("--size '{text}': expected columns x rows, e.g. 7x6"))?;
    let number = |s: &str| {
        s.trim()
            .parse::<u8>()
            .map_err(|_| format!("--size '{text}': '{s}' is not a number"))
    };
    ConnectFourSize::new(number(c)?, number(r)?).map_err(|e| format!("--size '{text}': {e}"))
}

/// `15`: the side of a Gomoku board.
fn gomoku_size(text: &str) -> Result<GomokuSize, String> {
    let n = text.parse::<u8>().map_err(|_| {
        format!(
            "--size '{text}': expected a number from {} to {}",
            GomokuSize::MIN,
            GomokuSize::MAX
        )
    })?;
    GomokuSize::new(n).map_err(|e| format!("--size: {e}"))
}

/// The game `moves` reach from the start of `kind`.
fn game_from_moves(kind: GameKind, moves: &str) -> Result<MatchGame, String> {
    Ok(match kind {
        GameKind::ConnectFour { size } => MatchGame::ConnectFour(
            ConnectFour::game_from_moves(size, moves).map_err(|e| format!("--moves: {e}"))?,
        ),
        GameKind::Gomoku { size, rule } => MatchGame::Gomoku(
            Gomoku::game_from_moves(Gomoku::empty(size, rule), moves)
                .map_err(|e| format!("--moves: {e}"))?,
        ),
    })
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

fn parse_engine(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    registry::check_program(&path).map_err(|e| match e {
        ProgramError::NotFound => format!("no program at {}", path.display()),
        ProgramError::NotAProgram => {
            format!("{} is not a program that can be run", path.display())
        }
    })
}

fn parse_language(code: &str) -> Result<Language, String> {
    Language::ALL
        .into_iter()
        .find(|l| l.code().eq_ignore_ascii_case(code))
        .ok_or_else(|| format!("'{code}' is not en or zh-CN"))
}

fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e6)
        .map(std::time::Duration::from_secs_f64)
        .ok_or_else(|| "expected a number of seconds, e.g. 5".to_string())
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
        return Err("the file must end in .png".to_string());
    }
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    if !folder.is_dir() {
        return Err(format!("the folder {} does not exist", folder.display()));
    }
    Ok(path)
}

fn parse_window(text: &str) -> Result<(u32, u32), String> {
    let (least_w, least_h) = crate::app::MIN_WINDOW;
    let bad = || format!("expected WIDTHxHEIGHT, e.g. 1280x800, at least {least_w}x{least_h}");
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if w < least_w || h < least_h || w > 8192 || h > 8192 {
        return Err(bad());
    }
    Ok((w, h))
}

/// A saved game, or a `.psq` game (Gomoku under `rule`, freestyle if none).
/// The study in `path`, when it holds one: an SGF or RenLib file always
/// (or the reason it cannot be read), a save of Lineup's when it holds a
/// study (a game is opened by [`load_file`]).
fn study_in(path: &std::path::Path) -> Result<Option<Study>, String> {
    match StudyFormat::of(path) {
        Some(format @ (StudyFormat::Sgf | StudyFormat::RenLib)) => read_study(path, format)
            .map(Some)
            .map_err(|e| format!("--load: {e}")),
        // A save that cannot be read is load_file's to report; one holding
        // a study that does not replay is refused here, not opened empty.
        Some(StudyFormat::Lineup) => match SaveFile::read(path) {
            Ok(save) => save
                .study()
                .map_err(|e| format!("--load: {} {e}", path.display())),
            Err(_) => Ok(None),
        },
        None => Ok(None),
    }
}

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
    let size = GomokuSize::new(size).map_err(|e| format!("--load: {shown}: {e}"))?;
    let game =
        lineup_core::rules::Game::from_moves(Gomoku::empty(size, rule), moves.iter().copied())
            .map_err(|(i, e)| format!("--load: {shown}: move {} ({}): {e}", i + 1, moves[i]))?;
    let setup = MatchSetup::new(GameKind::Gomoku { size, rule }, players);
    Ok(Match::resumed(
        setup,
        MatchGame::Gomoku(game),
        lineup_core::unix_time::now(),
        lineup_core::match_state::new_id(),
    ))
}
