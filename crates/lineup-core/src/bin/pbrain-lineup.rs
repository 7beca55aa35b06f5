//! A Gomocup protocol engine (`pbrain-lineup`): the Lineup Gomoku engine
//! for Piskvork, Gomocup match managers and Yixin-style GUIs.

use clap::Parser;

fn main() {
    // Only --help and --version; anything else is refused with code 2.
    lineup_core::gomocup::cli::EngineCli::parse();
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if let Err(e) = lineup_core::gomocup::run_protocol(stdin.lock(), stdout.lock()) {
        eprintln!("pbrain-lineup: {e}");
        std::process::exit(1);
    }
}
