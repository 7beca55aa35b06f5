//! A match between two Gomocup engines over an opening list, each opening
//! played twice with the colours swapped, refereed by Lineup's rules
//! (`lineup_core::gomocup::arena`): illegal moves, Renju fouls, crashes and
//! timeouts lose. Prints each game and the score with an Elo estimate.
//!
//! ```sh
//! cargo run -p lineup-core --example gomoku_match -- "ENGINE A" "ENGINE B" [OPTIONS]
//!   --rule renju|freestyle|exact   (default renju)
//!   --turn-ms N                    time per move (default 1000)
//!   --game-ms N                    time per game and engine (default: none)
//!   --openings FILE                0-based "x,y x,y" lines (default: the
//!                                  repo's tests/data/gomoku/openings_renju.txt)
//!   --offset                       FILE holds centre offsets "dx,dy, dx,dy,"
//!   --first N                      only the first N openings
//!   --info-a "LINE", --info-b "LINE"  an INFO line for one engine (repeatable),
//!                                  e.g. --info-b "max_depth 12"
//!   --games DIR                    write each game as DIR/NNN.psq
//! ```
//!
//! `ENGINE` is a command line (program and arguments, split at spaces),
//! for instance `target/release/pbrain-lineup` or `/opt/rapfi/pbrain-rapfi`.

use lineup_core::gomocup::arena::{self, Entrant};
use lineup_core::gomocup::client::TimeControl;
use lineup_core::gomocup::elo::Score;
use lineup_core::gomocup::openings::{self, Form};
use lineup_core::persist::psq;
use lineup_core::rules::{RuleSet, Side};
use std::path::PathBuf;
use std::time::Duration;

struct Options {
    engines: [Entrant; 2],
    rule: RuleSet,
    time: TimeControl,
    openings: PathBuf,
    form: Form,
    first: Option<usize>,
    games: Option<PathBuf>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut commands = Vec::new();
    let mut infos: [Vec<String>; 2] = Default::default();
    let mut options = Options {
        engines: [empty(), empty()],
        rule: RuleSet::Renju,
        time: TimeControl {
            turn: Duration::from_secs(1),
            game: None,
        },
        openings: PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/gomoku/openings_renju.txt"
        )),
        form: Form::Absolute,
        first: None,
        games: None,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().cloned().ok_or(format!("{arg} needs a value"));
        let ms = |text: String| {
            text.parse::<u64>()
                .map(Duration::from_millis)
                .map_err(|_| format!("not a number of milliseconds: {text}"))
        };
        match arg.as_str() {
            "--rule" => {
                options.rule = match value()?.as_str() {
                    "renju" => RuleSet::Renju,
                    "freestyle" => RuleSet::Freestyle,
                    "exact" => RuleSet::ExactFive,
                    other => return Err(format!("unknown rule: {other}")),
                }
            }
            "--turn-ms" => options.time.turn = ms(value()?)?,
            "--game-ms" => options.time.game = Some(ms(value()?)?),
            "--openings" => options.openings = value()?.into(),
            "--offset" => options.form = Form::Offset,
            "--first" => {
                options.first = Some(value()?.parse().map_err(|_| "--first needs a count")?)
            }
            "--info-a" => infos[0].push(value()?),
            "--info-b" => infos[1].push(value()?),
            "--games" => options.games = Some(value()?.into()),
            flag if flag.starts_with("--") => return Err(format!("unknown option: {flag}")),
            command => commands.push(command.to_string()),
        }
    }
    let [a, b] = <[String; 2]>::try_from(commands).map_err(|_| "give two engine commands")?;
    for (slot, (command, info)) in options
        .engines
        .iter_mut()
        .zip([(a, &infos[0]), (b, &infos[1])])
    {
        *slot = Entrant::from_command_line(&command).ok_or("an engine command is empty")?;
        slot.info = info.clone();
    }
    if options.engines[0].name == options.engines[1].name {
        options.engines[0].name.push_str(" (A)");
        options.engines[1].name.push_str(" (B)");
    }
    Ok(options)
}

fn empty() -> Entrant {
    Entrant {
        name: String::new(),
        program: String::new(),
        args: Vec::new(),
        info: Vec::new(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = parse(&args).unwrap_or_else(|e| {
        eprintln!("gomoku_match: {e}\n(see the comment at the top of examples/gomoku_match.rs)");
        std::process::exit(2);
    });
    let text = std::fs::read_to_string(&options.openings).unwrap_or_else(|e| {
        eprintln!("gomoku_match: {}: {e}", options.openings.display());
        std::process::exit(2);
    });
    let mut list = openings::parse(&text, options.form, 15).unwrap_or_else(|e| {
        eprintln!("gomoku_match: {}: {e}", options.openings.display());
        std::process::exit(2);
    });
    list.truncate(options.first.unwrap_or(list.len()));
    if let Some(dir) = &options.games {
        std::fs::create_dir_all(dir).expect("the games folder");
    }
    let [a, b] = &options.engines;
    println!(
        "{} vs {}: {} openings, both colours, {:?}, {} ms a move",
        a.name,
        b.name,
        list.len(),
        options.rule,
        options.time.turn.as_millis()
    );
    let mut score = Score::default();
    let mut number = 0;
    for (i, opening) in list.iter().enumerate() {
        for a_plays in [Side::First, Side::Second] {
            number += 1;
            let engines = match a_plays {
                Side::First => [a, b],
                Side::Second => [b, a],
            };
            let played = match arena::play_game(engines, opening, options.rule, options.time) {
                Ok(played) => played,
                Err(e) => {
                    println!("game {number}: opening {} skipped: {e}", i + 1);
                    continue;
                }
            };
            match played.result.winner() {
                Some(side) if side == a_plays => score.wins += 1,
                Some(_) => score.losses += 1,
                None => score.draws += 1,
            }
            println!(
                "game {number}: opening {}, {} Black: {} after {} moves",
                i + 1,
                engines[0].name,
                played.result,
                played.moves.len()
            );
            if let Some(dir) = &options.games {
                let path = dir.join(format!("{number:03}.psq"));
                if let Err(e) = std::fs::write(&path, psq::write(15, &played.moves)) {
                    eprintln!("gomoku_match: {}: {e}", path.display());
                }
            }
        }
    }
    println!("{} vs {}: {score}", a.name, b.name);
}
