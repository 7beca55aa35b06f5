//! Piskvork / Gomocup `.psq` game files: a first line `Piskvorky WxH, ...`,
//! then one `x,y,time` line per move with 1-based coordinates counted from
//! the top left, then anything (engine names, results) that is ignored. A
//! pass is written `-1,-1,time`, as Gomocup engines write it.

use crate::rules::Point;
use crate::rules::gomoku::Move;

/// Reads a `.psq` text: the board size and the moves in our coordinates
/// (rows from the bottom). Only square boards are Gomoku boards here.
pub fn parse(text: &str) -> Result<(u8, Vec<Move>), String> {
    let mut lines = text.lines();
    let header = lines.next().ok_or("the file is empty")?.trim();
    let size_text = header
        .strip_prefix("Piskvorky ")
        .and_then(|rest| rest.split(',').next())
        .ok_or_else(|| {
            format!("the first line should start with 'Piskvorky WxH', not '{header}'")
        })?;
    let (w, h) = size_text
        .trim()
        .split_once('x')
        .ok_or_else(|| format!("'{size_text}' is not a board size"))?;
    let (w, h): (u8, u8) = (
        w.trim()
            .parse()
            .map_err(|_| format!("'{w}' is not a board width"))?,
        h.trim()
            .parse()
            .map_err(|_| format!("'{h}' is not a board height"))?,
    );
    if w != h {
        return Err(format!(
            "the board is {w}x{h}; only square boards are supported"
        ));
    }
    let mut moves = Vec::new();
    for (i, line) in lines.enumerate() {
        let fields: Vec<&str> = line.trim().split(',').collect();
        let [x, y, ..] = fields[..] else { break };
        if (x.trim(), y.trim()) == ("-1", "-1") {
            moves.push(Move::Pass);
            continue;
        }
        let (Ok(x), Ok(y)) = (x.trim().parse::<u8>(), y.trim().parse::<u8>()) else {
            break;
        };
        if x == 0 || y == 0 || x > w || y > h {
            return Err(format!(
                "move {} ({x},{y}) is outside the {w}x{h} board (line {})",
                moves.len() + 1,
                i + 2
            ));
        }
        moves.push(Move::Stone(Point::new(x - 1, h - y)));
    }
    Ok((w, moves))
}

/// Writes moves as a `.psq` text (times are written as 0).
pub fn write(size: u8, moves: &[Move]) -> String {
    write_timed(size, moves, &[])
}

/// Writes moves as a `.psq` text, each with the milliseconds it took
/// (`times[i]` for move `i`; 0 where there is none), as Piskvork keeps them.
pub fn write_timed(size: u8, moves: &[Move], times: &[u64]) -> String {
    let mut text = format!("Piskvorky {size}x{size}, 11:11, 0\n");
    for (i, mv) in moves.iter().enumerate() {
        let ms = times.get(i).copied().unwrap_or(0);
        match mv {
            Move::Stone(p) => text.push_str(&format!("{},{},{ms}\n", p.x + 1, size - p.y)),
            Move::Pass => text.push_str(&format!("-1,-1,{ms}\n")),
        }
    }
    text.push_str("-1\n");
    text
}
