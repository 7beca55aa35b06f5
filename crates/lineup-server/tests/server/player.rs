//! A test's player: a real client connection (the window's own) and what
//! it has seen.

use lineup_client::connection::{Connection, Target, Update};
use lineup_core::match_setup::GameKind;
use lineup_core::net::wire::ToClient;
use lineup_core::net::{Refusal, Reply, Request, RoomCode, RoomView, SeatSecret};
use lineup_core::rules::{BoardMove, Column, ConnectFourSize, Point, RuleSet, Side};
use lineup_server::server::{RunningServer, Settings};
use lineup_server::store::memory::MemoryStore;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

pub const C4: GameKind = GameKind::ConnectFour {
    size: ConnectFourSize::STANDARD,
};
pub const RENJU: GameKind = GameKind::Gomoku {
    size: lineup_core::rules::GomokuSize::STANDARD,
    rule: RuleSet::Renju,
};

pub fn col(c: u8) -> BoardMove {
    BoardMove::Column(Column(c))
}

pub fn pt(text: &str) -> BoardMove {
    BoardMove::Point(Point::parse(text).expect("a point"))
}

/// A server on 127.0.0.1 that keeps nothing.
pub fn server() -> RunningServer {
    RunningServer::start(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        Box::new(MemoryStore::default()),
        Settings::default(),
    )
    .expect("the server starts")
}

/// How long any one answer may take before a test fails.
const PATIENCE: Duration = Duration::from_secs(20);

pub struct Player {
    pub connection: Connection,
    pub seat: Option<(RoomCode, Side, SeatSecret)>,
    pub room: Option<RoomView>,
    pub refusals: Vec<Refusal>,
    pub lost: Option<String>,
    /// Every instance's address, as the server said.
    pub servers: Vec<String>,
    /// Where the server sent this player for a room it does not run.
    pub elsewhere: Option<String>,
}

impl Player {
    pub fn connect(server: SocketAddr) -> Player {
        let connection = Connection::open(Target::plain(server), Duration::from_secs(5));
        let player = Player {
            connection,
            seat: None,
            room: None,
            refusals: Vec::new(),
            lost: None,
            servers: Vec::new(),
            elsewhere: None,
        };
        match player.connection.next(PATIENCE) {
            Some(Update::Connected) => {}
            other => panic!("not connected: {other:?}"),
        }
        player
    }

    /// Takes in one update; false when none came in `limit`.
    fn take(&mut self, limit: Duration) -> bool {
        match self.connection.next(limit) {
            Some(Update::Message(ToClient::Reply(Reply::Seated { code, side, secret }))) => {
                self.seat = Some((code, side, secret));
            }
            Some(Update::Message(ToClient::Reply(Reply::Refused(refusal)))) => {
                self.refusals.push(refusal);
            }
            Some(Update::Message(ToClient::Room(room))) => self.room = Some(room),
            Some(Update::Message(ToClient::Servers(servers))) => self.servers = servers,
            Some(Update::Message(ToClient::Reply(Reply::Elsewhere { server, .. }))) => {
                self.elsewhere = Some(server);
            }
            Some(Update::Lost(why) | Update::Failed(why)) => self.lost = Some(why),
            // Replies and news these tests do not ask for.
            Some(Update::Connected | Update::Message(_)) => {}
            None => return false,
        }
        true
    }

    /// Takes in updates until `done` holds.
    pub fn until(&mut self, what: &str, done: impl Fn(&Player) -> bool) {
        let start = Instant::now();
        while !done(self) {
            assert!(
                start.elapsed() < PATIENCE && self.lost.is_none(),
                "waited for {what}; lost: {:?}",
                self.lost
            );
            self.take(Duration::from_millis(100));
        }
    }

    /// Takes in whatever comes within `quiet`.
    pub fn settle(&mut self, quiet: Duration) {
        while self.take(quiet) {}
    }

    pub fn send(&mut self, request: Request) {
        assert!(self.connection.send(request), "the connection is open");
    }

    pub fn host(&mut self, kind: GameKind, name: &str) -> RoomCode {
        self.send(Request::Host {
            kind,
            side: Side::First,
            name: name.into(),
            clock: lineup_core::match_clock::TimeControl::Untimed,
        });
        self.until("a seat", |p| p.seat.is_some());
        self.seat.expect("seated").0
    }

    pub fn join(&mut self, code: RoomCode, name: &str) {
        self.send(Request::Join {
            code,
            name: name.into(),
            secret: SeatSecret::fresh(&mut lineup_core::net::OsSecrets).expect("a secret"),
        });
        self.until("a seat", |p| p.seat.is_some());
    }

    pub fn moves(&self) -> usize {
        self.room.as_ref().map_or(0, |r| r.moves.len())
    }

    /// Plays `mv` on the room as this player last saw it; the refusal if
    /// there was one.
    pub fn play(&mut self, mv: BoardMove) -> Option<Refusal> {
        let ply = self.moves();
        let refused = self.refusals.len();
        self.send(Request::Play { mv, ply });
        self.until("the move or its refusal", |p| {
            p.moves() > ply || p.refusals.len() > refused
        });
        self.refusals.get(refused).copied()
    }
}

/// Two players in one room of `kind`: Ann hosts (first), Bo joins.
pub fn table(server: SocketAddr, kind: GameKind) -> (Player, Player) {
    let mut ann = Player::connect(server);
    let code = ann.host(kind, "Ann");
    let mut bo = Player::connect(server);
    bo.join(code, "Bo");
    for player in [&mut ann, &mut bo] {
        player.until("the full room", |p| {
            p.room.as_ref().is_some_and(|r| r.is_full())
        });
    }
    (ann, bo)
}

/// Plays `moves` alternately, Ann first when `ann_first`, each seen by
/// both.
pub fn alternate(ann: &mut Player, bo: &mut Player, moves: &[BoardMove], ann_first: bool) {
    for (i, mv) in moves.iter().enumerate() {
        let (mover, other) = if (i % 2 == 0) == ann_first {
            (&mut *ann, &mut *bo)
        } else {
            (&mut *bo, &mut *ann)
        };
        assert_eq!(mover.play(*mv), None, "move {i} ({mv})");
        let ply = mover.moves();
        other.until("the opponent's move", |p| p.moves() >= ply);
    }
}
