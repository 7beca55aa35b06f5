//! A headless player for the load tool and the network tests: it hosts or
//! joins a room, plays a random legal move whenever it is its turn, and
//! notes how long each of its moves took to come back from the server.

use super::protocol::{NetReply, NetRequest, RoomState};
use bevy::prelude::*;
use bevy_replicon::prelude::*;
use lineup_core::ai::Rng;
use lineup_core::match_setup::GameKind;
use lineup_core::net::{Reply, Request, RoomCode};
use lineup_core::rules::{BoardMove, Column, MatchGame, Point, Side};
use std::time::{Duration, Instant};

pub fn plugin(app: &mut App) {
    app.add_observer(on_reply).add_systems(
        Update,
        act.in_set(crate::states::AppSystems::Input)
            .run_if(in_state(ClientState::Connected)),
    );
}

/// What the bot is to do and what it saw.
#[derive(Resource, Debug)]
pub struct Bot {
    pub role: BotRole,
    pub name: String,
    dice: Rng,
    asked: bool,
    pub seat: Option<(RoomCode, Side)>,
    /// The move sent and not yet seen back: its ply and when it went.
    pending: Option<(usize, Instant)>,
    /// How long each of the bot's moves took to appear in the room.
    pub latencies: Vec<Duration>,
    pub refusals: Vec<String>,
    /// Whether the bot's room has a finished game.
    pub finished: bool,
    pub moves_seen: usize,
}

/// Host a new room, join one by its code, or wait to be told which.
#[derive(Clone, Copy, Debug)]
pub enum BotRole {
    Host(GameKind),
    Join(RoomCode),
    Wait,
}

impl Bot {
    pub fn new(role: BotRole, name: &str, seed: u64) -> Bot {
        Bot {
            role,
            name: name.to_string(),
            dice: Rng::new(seed),
            asked: false,
            seat: None,
            pending: None,
            latencies: Vec::new(),
            refusals: Vec::new(),
            finished: false,
            moves_seen: 0,
        }
    }
}

fn on_reply(reply: On<NetReply>, mut bot: ResMut<Bot>) {
    match &reply.0 {
        Reply::Seated { code, side, .. } => bot.seat = Some((*code, *side)),
        Reply::Refused(refusal) => {
            bot.refusals.push(refusal.to_string());
            // A refused move is not coming back.
            bot.pending = None;
        }
    }
}

fn act(mut bot: ResMut<Bot>, rooms: Query<&RoomState>, mut commands: Commands) {
    if !bot.asked {
        let name = bot.name.clone();
        let request = match bot.role {
            BotRole::Host(kind) => Request::Host {
                kind,
                side: Side::First,
                name,
            },
            BotRole::Join(code) => Request::Join { code, name },
            BotRole::Wait => return,
        };
        bot.asked = true;
        commands.client_trigger(NetRequest(request));
        return;
    }
    let Some((code, side)) = bot.seat else {
        return;
    };
    let Some(room) = rooms.iter().find(|r| r.code == code) else {
        return;
    };
    bot.moves_seen = room.moves.len();
    if let Some((ply, sent)) = bot.pending
        && room.moves.len() > ply
    {
        bot.latencies.push(sent.elapsed());
        bot.pending = None;
    }
    let Ok(game) = room.replay() else {
        bot.refusals.push("the server's history is illegal".into());
        bot.finished = true;
        return;
    };
    if game.is_over() {
        bot.finished = true;
        return;
    }
    if bot.pending.is_some() || !room.is_full() || game.to_move() != side {
        return;
    }
    let ply = room.moves.len();
    if let Some(mv) = random_move(&game, &mut bot.dice) {
        bot.pending = Some((ply, Instant::now()));
        commands.client_trigger(NetRequest(Request::Play { mv, ply }));
    }
}

/// A legal move picked at random (a few tries at random points, then the
/// first legal one in order, then a pass when it is the one move left).
pub fn random_move(game: &MatchGame, dice: &mut Rng) -> Option<BoardMove> {
    let candidates: Vec<BoardMove> = match game {
        MatchGame::ConnectFour(g) => (0..g.position().size().columns())
            .map(|c| BoardMove::Column(Column(c)))
            .collect(),
        MatchGame::Gomoku(g) => {
            let size = g.position().size();
            (0..size)
                .flat_map(|y| (0..size).map(move |x| BoardMove::Point(Point::new(x, y))))
                .collect()
        }
    };
    let legal = |mv: &BoardMove| game.clone().play(*mv).is_ok();
    for _ in 0..16 {
        let mv = candidates[dice.below(candidates.len())];
        if legal(&mv) {
            return Some(mv);
        }
    }
    candidates
        .into_iter()
        .find(legal)
        .or_else(|| game.must_pass().then_some(BoardMove::Pass))
}
