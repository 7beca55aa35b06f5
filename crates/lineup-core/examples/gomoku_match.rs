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
//!   --sprt ELO0,ELO1               a sequential test of "A is ELO1 stronger
//!                                  than B" against ELO0, 5% risk each way,
//!                                  over game pairs: the openings are played
//!                                  again and again until it is decided (or
//!                                  --max-pairs, 10,000 by default)
//!   --jobs N                       N pairs played at once (default 1; one a
//!                                  core for engines on one thread each)
//!   --resume FILE                  each finished pair is a line of FILE; a
//!                                  match started again with it counts them
//!                                  and plays on from there
//! ```
//!
//! `ENGINE` is a command line (program and arguments, split at spaces),
//! for instance `target/release/pbrain-lineup` or `/opt/rapfi/pbrain-rapfi`.

use lineup_core::analysis::psq;
use lineup_core::gomocup::arena::Entrant;
use lineup_core::gomocup::client::TimeControl;
use lineup_core::gomocup::elo::Score;
use lineup_core::gomocup::lab::{self, LabMatch};
use lineup_core::gomocup::openings::{self, Form};
use lineup_core::gomocup::sprt::{Pentanomial, Sprt, Verdict};
use lineup_core::rules::RuleSet;
use std::collections::BTreeSet;
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
    sprt: Option<Sprt>,
    max_pairs: u32,
    jobs: usize,
    resume: Option<PathBuf>,
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
        sprt: None,
        max_pairs: 10_000,
        jobs: 1,
        resume: None,
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
            "--sprt" => {
                let text = value()?;
                let bounds: Vec<f64> = text
                    .split(',')
                    .map(|b| b.trim().parse::<f64>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("--sprt needs ELO0,ELO1, not {text}"))?;
                let [elo0, elo1] = <[f64; 2]>::try_from(bounds)
                    .map_err(|_| format!("--sprt needs ELO0,ELO1, not {text}"))?;
                options.sprt = Some(Sprt::new(elo0, elo1));
            }
            "--jobs" => {
                options.jobs = value()?
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or("--jobs needs a count")?
            }
            "--resume" => options.resume = Some(value()?.into()),
            "--max-pairs" => {
                options.max_pairs = value()?.parse().map_err(|_| "--max-pairs needs a count")?
            }
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
    let mut pairs = Pentanomial::default();
    // The pairs a stopped match finished, from its log: counted, not
    // played again.
    let mut done = BTreeSet::new();
    if let Some(log) = &options.resume {
        let logged = lab::logged(log).unwrap_or_else(|e| {
            eprintln!("gomoku_match: {e}");
            std::process::exit(2);
        });
        for (k, first, second) in logged {
            done.insert(k);
            score.add(first);
            score.add(second);
            pairs.add(first, second);
        }
        if !done.is_empty() {
            println!("resumed: {} pairs, {pairs}", done.len());
        }
    }
    let lab_match = LabMatch {
        engines: options.engines.clone(),
        rule: options.rule,
        time: options.time,
        pairs: match options.sprt {
            // Round the list until the test decides.
            Some(_) => options.max_pairs as usize,
            None => list.len(),
        },
        openings: list,
        jobs: options.jobs,
        log: options.resume.clone(),
    };
    lab::run(&lab_match, &done, |pair| {
        for game in &pair.games {
            println!("{}", game.line);
            if let Some(result) = game.result {
                score.add(result);
            }
            if let (Some(dir), Some(_)) = (&options.games, game.result) {
                let path = dir.join(format!("{:03}.psq", game.number));
                if let Err(e) = std::fs::write(&path, psq::write(15, &game.moves)) {
                    eprintln!("gomoku_match: {}: {e}", path.display());
                }
            }
        }
        let (Some((first, second)), Some(test)) = (pair.results(), options.sprt) else {
            return true;
        };
        pairs.add(first, second);
        let (lower, upper) = test.bounds();
        println!(
            "sprt [{}, {}]: LLR {:.2} ({lower:.2}, {upper:.2}), {pairs}",
            test.elo0,
            test.elo1,
            test.llr(&pairs)
        );
        let decided = match test.verdict(&pairs) {
            Verdict::Undecided if pairs.len() < options.max_pairs => return true,
            Verdict::Undecided => format!("undecided after {} pairs", pairs.len()),
            Verdict::Passed => format!(
                "H1 accepted (A is {} stronger, not {})",
                test.elo1, test.elo0
            ),
            Verdict::Failed => format!("H0 accepted (A is not {} stronger)", test.elo1),
        };
        // The games under way are left unfinished.
        println!("sprt: {decided}");
        false
    });
    println!("{} vs {}: {score}", a.name, b.name);
}
