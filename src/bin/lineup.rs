use lineup::cli::{self, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match cli::parse(&args) {
        Ok(Command::Play(launch)) => {
            let screenshot = launch.screenshot.clone();
            // Ctrl+C in a terminal closes the game cleanly with its usual
            // code (130); any other error fails.
            if let bevy::app::AppExit::Error(code) = lineup::app::run(*launch) {
                return ExitCode::from(code.get());
            }
            if let Some(path) = screenshot.filter(|p| !p.is_file()) {
                eprintln!("lineup: no screenshot was written to {}", path.display());
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Ok(Command::Solve {
            analyze,
            book,
            threads,
        }) => {
            let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
            let (input, output) = (stdin.lock(), stdout.lock());
            match lineup_core::ai::connect_four::run_solve(input, output, analyze, book, threads) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("lineup solve: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        Ok(Command::Print(text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        // clap's wording, or ours for options that do not go together.
        Err(problem) => {
            eprint!("{problem}");
            ExitCode::from(2)
        }
    }
}
