//! A Gomocup protocol engine (`pbrain-lineup`): the Lineup Gomoku engine
//! for Piskvork, Gomocup match managers and Yixin-style GUIs.

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if let Err(e) = lineup::engine::run_protocol(stdin.lock(), stdout.lock()) {
        eprintln!("pbrain-lineup: {e}");
        std::process::exit(1);
    }
}
