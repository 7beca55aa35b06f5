//! Online play through bevy_replicon: a server app and client apps, first
//! connected in memory (replicon's test helpers), then over real UDP
//! sockets on 127.0.0.1 with the bots of the load tool.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_replicon::prelude::*;
use bevy_replicon::test_app::ServerTestAppExt;
use lineup::online::bot::{Bot, BotRole};
use lineup::online::headless::{bench, bot_app, server_app};
use lineup::online::protocol::{self, NetReply, NetRequest, RoomState};
use lineup::online::server;
use lineup::online::tokens::Security;
use lineup_core::match_setup::GameKind;
use lineup_core::net::journal::Journal;
use lineup_core::net::{Refusal, Reply, Request, RoomCode, RoomView, SeatSecret};
use lineup_core::rules::{
    BoardMove, Column, ConnectFourSize, Ending, Foul, MoveError, Point, RuleSet, Side,
};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const C4: GameKind = GameKind::ConnectFour {
    size: ConnectFourSize::STANDARD,
};
const RENJU: GameKind = GameKind::Gomoku {
    size: 15,
    rule: RuleSet::Renju,
};

/// The replies a client app received.
#[derive(Resource, Default)]
struct Replies(Vec<Reply>);

fn app(server_side: bool) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        // Replicate on every update, so one exchange carries each change.
        RepliconPlugins.set(ServerPlugin::new(PostUpdate)),
        protocol::plugin,
    ));
    if server_side {
        app.add_plugins(server::plugin);
    } else {
        app.init_resource::<Replies>().add_observer(
            |reply: On<NetReply>, mut replies: ResMut<Replies>| {
                replies.0.push(reply.0.clone());
            },
        );
    }
    app.finish();
    app
}

/// A server and two clients, connected in memory.
struct Table {
    server: App,
    clients: [App; 2],
}

impl Table {
    fn new() -> Table {
        let mut server = app(true);
        let mut clients = [app(false), app(false)];
        for client in &mut clients {
            server.connect_client(client);
        }
        Table { server, clients }
    }

    /// Lets messages and replication go round a few times.
    fn settle(&mut self) {
        for _ in 0..3 {
            for client in &mut self.clients {
                client.update();
                self.server.exchange_with_client(client);
            }
            self.server.update();
            for client in &mut self.clients {
                self.server.exchange_with_client(client);
                client.update();
            }
        }
    }

    fn send(&mut self, client: usize, request: Request) {
        let app = &mut self.clients[client];
        app.world_mut()
            .commands()
            .client_trigger(NetRequest(request));
        app.world_mut().flush();
        self.settle();
    }

    fn last_reply(&self, client: usize) -> Option<Reply> {
        self.clients[client]
            .world()
            .resource::<Replies>()
            .0
            .last()
            .cloned()
    }

    fn seat(&self, client: usize) -> (RoomCode, Side, SeatSecret) {
        self.clients[client]
            .world()
            .resource::<Replies>()
            .0
            .iter()
            .find_map(|r| match r {
                Reply::Seated { code, side, secret } => Some((*code, *side, *secret)),
                _ => None,
            })
            .expect("seated")
    }

    /// The rooms client `client` can see.
    fn rooms(&mut self, client: usize) -> Vec<RoomView> {
        let world = self.clients[client].world_mut();
        world
            .query::<&RoomState>()
            .iter(world)
            .map(|r| r.0.clone())
            .collect()
    }

    fn play(&mut self, client: usize, mv: BoardMove) -> Option<Refusal> {
        let ply = self.rooms(client)[0].moves.len();
        let before = self.clients[client].world().resource::<Replies>().0.len();
        self.send(client, Request::Play { mv, ply });
        let replies = &self.clients[client].world().resource::<Replies>().0;
        replies[before..].iter().find_map(|r| match r {
            Reply::Refused(refusal) => Some(*refusal),
            _ => None,
        })
    }

    fn open(kind: GameKind) -> Table {
        let mut table = Table::new();
        table.send(
            0,
            Request::Host {
                kind,
                side: Side::First,
                name: "Ann".into(),
            },
        );
        let (code, _, _) = table.seat(0);
        table.send(
            1,
            Request::Join {
                code,
                name: "Bo".into(),
            },
        );
        table
    }
}

fn col(c: u8) -> BoardMove {
    BoardMove::Column(Column(c))
}

fn pt(text: &str) -> BoardMove {
    BoardMove::Point(Point::parse(text).expect("a point"))
}

#[test]
fn two_clients_play_connect_four_through_a_server_app_and_each_sees_only_its_room() {
    let mut table = Table::open(C4);
    let (code, side, _) = table.seat(1);
    assert_eq!(side, Side::Second);
    let rooms = table.rooms(1);
    assert_eq!(rooms.len(), 1);
    assert_eq!(rooms[0].code, code);
    assert_eq!(rooms[0].names, [Some("Ann".into()), Some("Bo".into())]);

    assert_eq!(table.play(1, col(3)), Some(Refusal::NotYourTurn));
    for i in 0..6 {
        assert_eq!(table.play(i % 2, col(3)), None, "move {i}");
    }
    assert_eq!(
        table.play(0, col(3)),
        Some(Refusal::Rules(MoveError::ColumnFull { column: 3 }))
    );
    for (i, c) in [0, 1, 0, 1, 0, 1, 0].into_iter().enumerate() {
        assert_eq!(table.play(i % 2, col(c)), None);
    }
    for client in 0..2 {
        let room = &table.rooms(client)[0];
        let game = room.replay().expect("legal history");
        assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
        assert_eq!(room.moves.len(), 13);
    }

    // A third client in another room sees that room only.
    let mut third = app(false);
    table.server.connect_client(&mut third);
    third
        .world_mut()
        .commands()
        .client_trigger(NetRequest(Request::Host {
            kind: RENJU,
            side: Side::First,
            name: "Cy".into(),
        }));
    third.world_mut().flush();
    for _ in 0..3 {
        third.update();
        table.server.exchange_with_client(&mut third);
        table.server.update();
        table.server.exchange_with_client(&mut third);
        third.update();
    }
    let seen: Vec<RoomCode> = third
        .world_mut()
        .query::<&RoomState>()
        .iter(third.world())
        .map(|r| r.code)
        .collect();
    assert_eq!(seen.len(), 1);
    assert_ne!(seen[0], code);
    table.settle();
    assert_eq!(
        table.rooms(0).len(),
        1,
        "the first room's players see only it"
    );
}

#[test]
fn a_whole_renju_game_through_the_server_app_refuses_blacks_foul() {
    let mut table = Table::open(RENJU);
    for (i, m) in ["g8", "a1", "h8", "a3", "j6", "o1", "j7", "o15"]
        .iter()
        .enumerate()
    {
        assert_eq!(table.play(i % 2, pt(m)), None, "{m}");
    }
    assert_eq!(
        table.play(0, pt("j8")),
        Some(Refusal::Rules(MoveError::Forbidden(Foul::DoubleThree)))
    );
    assert_eq!(table.rooms(1)[0].moves.len(), 8);
    assert!(matches!(table.last_reply(0), Some(Reply::Refused(_))));
    // The game goes on to Black's five (j8, refused before, now completes
    // f8-j8 and wins).
    for (i, m) in ["f8", "e8", "i8", "a5", "j8"].iter().enumerate() {
        assert_eq!(table.play(i % 2, pt(m)), None, "{m}");
    }
    for client in 0..2 {
        let game = table.rooms(client)[0].replay().expect("legal");
        assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
    }
}

#[test]
fn a_disconnected_client_rejoins_sees_the_identical_moves_and_finishes_the_game() {
    let mut table = Table::open(C4);
    for (i, c) in [3, 3, 4].into_iter().enumerate() {
        assert_eq!(table.play(i % 2, col(c)), None);
    }
    let (code, _, secret) = table.seat(1);
    let before = table.rooms(0)[0].moves.clone();
    table.server.disconnect_client(&mut table.clients[1]);
    table.settle_host_only();
    assert_eq!(table.rooms(0)[0].present, [true, false]);

    // A new app (a restarted game) comes back with the seat's secret.
    let mut again = app(false);
    table.server.connect_client(&mut again);
    table.clients[1] = again;
    table.send(1, Request::Rejoin { code, secret });
    assert!(matches!(table.last_reply(1), Some(Reply::Seated { .. })));
    assert_eq!(table.rooms(1)[0].moves, before);
    assert_eq!(table.rooms(0)[0].present, [true, true]);
    for (i, c) in [3, 5, 0, 2].into_iter().enumerate() {
        assert_eq!(table.play((i + 1) % 2, col(c)), None, "move {i}");
    }
    let game = table.rooms(1)[0].replay().expect("legal");
    assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
}

impl Table {
    /// Exchanges with the first client only (the second is gone).
    fn settle_host_only(&mut self) {
        for _ in 0..3 {
            let host = &mut self.clients[0];
            host.update();
            self.server.exchange_with_client(host);
            self.server.update();
            self.server.exchange_with_client(host);
            host.update();
        }
    }
}

/// Runs `server` until `done` holds for the bots or `limit` passes.
fn run_bots(server: &mut App, bots: &mut [App], limit: Duration, done: impl Fn(&[&Bot]) -> bool) {
    let start = Instant::now();
    while start.elapsed() < limit {
        server.update();
        for bot in bots.iter_mut() {
            bot.update();
        }
        let states: Vec<&Bot> = bots.iter().map(|b| b.world().resource::<Bot>()).collect();
        if done(&states) {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn loopback() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], 0))
}

#[test]
fn bots_play_a_whole_game_over_udp_on_loopback_and_the_journal_has_every_move() {
    let folder = std::env::temp_dir().join(format!("lineup-udp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let (mut server, addr) =
        server_app(loopback(), Some(Journal::new(&folder)), None, false).expect("listens");
    let host = bot_app(addr, Bot::new(BotRole::Host(RENJU), "host", 1)).expect("connects");
    let mut bots = vec![host];
    run_bots(&mut server, &mut bots, Duration::from_secs(20), |b| {
        b[0].seat.is_some()
    });
    let (code, _) = bots[0]
        .world()
        .resource::<Bot>()
        .seat
        .expect("the host got a room");
    bots.push(bot_app(addr, Bot::new(BotRole::Join(code), "guest", 2)).expect("connects"));
    run_bots(&mut server, &mut bots, Duration::from_secs(120), |b| {
        b.iter().all(|bot| bot.finished)
    });
    let states: Vec<&Bot> = bots.iter().map(|b| b.world().resource::<Bot>()).collect();
    assert!(
        states.iter().all(|b| b.finished),
        "both saw the end: {states:?}"
    );
    assert!(states.iter().all(|b| b.refusals.is_empty()), "{states:?}");
    let moves = states[0].moves_seen;
    assert!(
        moves >= 9,
        "a Renju game takes at least nine moves: {moves}"
    );
    // The journal on disk holds every move the server accepted.
    let text = std::fs::read_to_string(folder.join(format!("{code}.ron"))).expect("journal");
    let record: lineup_core::net::RoomRecord = ron::from_str(&text).expect("a record");
    assert_eq!(record.moves.len(), moves);
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn the_load_tool_plays_every_game_to_the_end() {
    let serving = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let flag = serving.clone();
    let (tell, told) = std::sync::mpsc::channel();
    // The server runs on its own thread, as it would in its own process.
    let handle = std::thread::spawn(move || {
        let (mut server, addr) = server_app(loopback(), None, None, false).expect("listens");
        tell.send(addr).expect("the test waits");
        while flag.load(std::sync::atomic::Ordering::Relaxed) {
            server.update();
            std::thread::sleep(Duration::from_millis(2));
        }
    });
    let addr = told.recv().expect("the server started");
    let report = bench(addr, 4, Duration::from_secs(120)).expect("runs");
    serving.store(false, std::sync::atomic::Ordering::Relaxed);
    let _ = handle.join();
    assert_eq!(report.lost(), 0, "{report:?}");
    assert!(report.moves >= 4 * 7, "{report:?}");
    assert!(!report.latencies.is_empty());
    assert!(report.refusals.is_empty(), "{report:?}");
}

#[test]
fn a_secure_server_lets_in_only_clients_with_its_token_and_they_play_a_game() {
    // The port first, so the tokens can name it.
    let port = std::net::UdpSocket::bind(loopback())
        .and_then(|s| s.local_addr())
        .expect("a free port")
        .port();
    let public = SocketAddr::from(([127, 0, 0, 1], port));
    let (mut server, addr) =
        server_app(public, None, Some(Security::new(public)), false).expect("listens");
    assert_eq!(addr, public);

    // Without a token: never let in.
    let mut stranger = App::new();
    stranger.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        RepliconPlugins,
        bevy_replicon_renet::RepliconRenetPlugins,
        protocol::plugin,
    ));
    stranger.finish();
    stranger.cleanup();
    lineup::online::transport::connect(stranger.world_mut(), addr, None).expect("starts");
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(3) {
        server.update();
        stranger.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let state = *stranger.world().resource::<State<ClientState>>().get();
    assert_ne!(state, ClientState::Connected, "no token, no entry");

    // Bots fetch a token and play a whole game.
    let host = bot_app(addr, Bot::new(BotRole::Host(C4), "host", 5)).expect("connects");
    let mut bots = vec![host];
    run_bots(&mut server, &mut bots, Duration::from_secs(20), |b| {
        b[0].seat.is_some()
    });
    let (code, _) = bots[0].world().resource::<Bot>().seat.expect("a room");
    bots.push(bot_app(addr, Bot::new(BotRole::Join(code), "guest", 6)).expect("connects"));
    run_bots(&mut server, &mut bots, Duration::from_secs(60), |b| {
        b.iter().all(|bot| bot.finished)
    });
    assert!(bots.iter().all(|b| b.world().resource::<Bot>().finished));
}
