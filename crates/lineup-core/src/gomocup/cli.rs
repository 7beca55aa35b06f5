//! `pbrain-lineup`'s command line, declared with clap so that its `--help`,
//! man page and completions come from one definition. It takes no options
//! but these: the engine speaks the Gomocup protocol on stdin and stdout.

use clap::{CommandFactory, Parser};

/// Lineup's Gomoku and Renju engine for Gomocup managers.
#[derive(Parser, Debug)]
#[command(
    name = "pbrain-lineup",
    version,
    about = "Lineup's Gomoku and Renju engine for Gomocup managers (Piskvork, Yixin Board)",
    long_about = "Lineup's Gomoku and Renju engine for Gomocup managers (Piskvork, \
        Yixin Board, c-gomoku-cli).\n\n\
        Started without options, it reads the Gomocup protocol on standard input \
        and answers on standard output, one line each: START, RECTSTART, RESTART, \
        BEGIN, TURN, BOARD, TAKEBACK, INFO, ABOUT and END, with Yixin's \
        YXSHOWFORBID, YXBOARD and YXNBEST. A pass is -1,-1 both ways. INFO rule 4 \
        plays Renju (Black's double-three, double-four and overline are fouls); INFO \
        timeout_turn, timeout_match, time_left, max_memory, thread_num (no more \
        than the machine's cores) and max_node (nodes a move, 0 for none) are \
        honoured. YXNBEST N, or INFO multipv N for \
        every move, thinks with the N best lines and tells each completed depth as \
        MESSAGE lines (depth, score, moves in x,y) before the answer.",
    after_help = "Example:\n  printf 'START 15\\nBEGIN\\nEND\\n' | pbrain-lineup"
)]
pub struct EngineCli {}

/// The whole command line's definition (for the man page and completions).
pub fn command() -> clap::Command {
    EngineCli::command()
}
