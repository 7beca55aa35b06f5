//! The window's side of an online match. The room on the server is the
//! truth: this module asks for it (host, join, rejoin), sends the player's
//! moves, resignation and undo requests up, and brings what the server
//! replicates down into `CurrentMatch` through the board's usual flow, so a
//! friend's disc falls and sounds like any other. The local board never
//! plays a move the server has not accepted.

use super::protocol::{NetReply, NetRequest, RoomState, RoomTag};
use super::server::{ServerLobby, spawn_restored};
use super::tokens;
use super::transport;
use super::{ConnectionNews, OnlineRequest};
use crate::current_match::{
    CurrentMatch, HistoryRequest, MoveRefusal, MoveRefused, MoveRequested, Requester,
    ServerDecision, StartMatch,
};
use crate::disk::Storage;
use crate::locale::Locale;
use crate::menus::MenuRequest;
use crate::screens::game::MenuOnEntry;
use crate::settings::Settings;
use crate::states::{AppSystems, Menu, Screen};
use crate::theme::toast::Toast;
use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::netcode::ConnectToken;
use lineup_core::match_setup::{GameKind, MatchSetup};
use lineup_core::match_state::{Match, new_id, now};
use lineup_core::net::OnlineSeat;
use lineup_core::net::address::{DEFAULT_PORT, parse_address};
use lineup_core::net::journal::Journal;
use lineup_core::net::{Refusal, Reply, Request, RoomCode, RoomView, SeatSecret};
use lineup_core::rules::{BoardMove, Side};
use std::net::SocketAddr;

pub fn plugin(app: &mut App) {
    app.add_observer(on_reply)
        .add_systems(PreUpdate, finish_connecting)
        .add_systems(OnExit(ClientState::Connected), forget_remote_rooms)
        .add_systems(
            Update,
            rejoin_saved_match
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            Update,
            (watch_connection, send_intent)
                .chain()
                .in_set(AppSystems::Input)
                // Each system checks: one of them may end the session mid-chain.
                .distributive_run_if(resource_exists::<OnlineSession>),
        )
        .add_systems(
            Update,
            (
                cancel,
                forward_moves,
                online_actions,
                follow_the_room,
                follow_the_end,
            )
                .chain()
                .in_set(AppSystems::Apply)
                // Each system checks: one of them may end the session mid-chain.
                .distributive_run_if(resource_exists::<OnlineSession>),
        );
}

/// What to ask the server for once connected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    Host { kind: GameKind, side: Side },
    Join(RoomCode),
    Rejoin(RoomCode, SeatSecret),
}

/// How the connection stands, for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    Connecting,
    Connected,
    /// Lost after having been connected; trying again.
    Lost,
}

/// An online match going on (or being set up) in this window.
#[derive(Resource, Debug)]
pub struct OnlineSession {
    /// The server's address; `None` when this window is the server (hosts).
    pub server: Option<SocketAddr>,
    /// What a friend types to join a game hosted here.
    pub hosted_at: Option<SocketAddr>,
    pub name: String,
    pub intent: Intent,
    pub seat: Option<(RoomCode, Side, SeatSecret)>,
    pub link: Link,
    /// The room as last seen.
    pub room: Option<RoomView>,
    /// Whether the intent went out on this connection.
    asked: bool,
    /// How many of the room's moves were handed to the board.
    handed: usize,
    /// The match this session drives (its id).
    match_id: Option<u64>,
    /// The move sent and not answered yet, to show a refusal on the board.
    sent_move: Option<BoardMove>,
    /// Seconds until the next reconnection attempt.
    retry_in: f32,
    /// Seconds spent connecting without success.
    waited: f32,
}

/// How long a first connection may take before the player is told.
const CONNECT_SECONDS: f32 = 8.0;
const RETRY_SECONDS: f32 = 2.0;

impl OnlineSession {
    pub fn new(server: Option<SocketAddr>, name: &str, intent: Intent) -> OnlineSession {
        OnlineSession {
            server,
            hosted_at: None,
            name: name.to_string(),
            intent,
            seat: None,
            link: if server.is_some() {
                Link::Connecting
            } else {
                Link::Connected
            },
            room: None,
            asked: false,
            handed: 0,
            match_id: None,
            sent_move: None,
            retry_in: RETRY_SECONDS,
            waited: 0.0,
        }
    }

    fn request(&self) -> Request {
        match self.intent {
            Intent::Host { kind, side } => Request::Host {
                kind,
                side,
                name: self.name.clone(),
            },
            Intent::Join(code) => Request::Join {
                code,
                name: self.name.clone(),
            },
            Intent::Rejoin(code, secret) => Request::Rejoin { code, secret },
        }
    }

    /// Whether `game` is the match this session plays.
    pub fn drives(&self, game: &Match) -> bool {
        self.match_id == Some(game.id())
    }

    /// The opponent's name, once they came.
    pub fn opponent(&self) -> Option<&str> {
        let (_, side, _) = self.seat?;
        self.room.as_ref()?.names[side.other().index()].as_deref()
    }
}

/// Starts an online session: hosting here (`server` is `None`: a listen
/// server on `port`, 0 for any) or connecting to a server or host.
pub fn start(world: &mut World, session: OnlineSession, port: u16) -> Result<(), String> {
    stop(world);
    let mut session = session;
    match session.server {
        Some(address) => begin_connecting(world, address),
        None => {
            // The hosted rooms are journaled like a server's, so a host that
            // crashed or quit can take its game up again from Continue.
            let folders = world
                .get_resource::<Storage>()
                .and_then(|s| s.folders.clone());
            if let Some(folders) = folders {
                let journal = Journal::new(&folders.data.join("hosted"));
                let (lobby, problems) = ServerLobby::with_journal(journal);
                for problem in problems {
                    warn!("a hosted room could not be read: {problem}");
                }
                world.insert_resource(lobby);
                world
                    .run_system_cached(spawn_restored)
                    .map_err(|e| e.to_string())?;
            }
            let bind = SocketAddr::from(([0, 0, 0, 0], port));
            // A game hosted on a LAN is open: no tokens.
            let local = transport::start_server(world, bind, None).or_else(|_| {
                transport::start_server(world, SocketAddr::from(([0, 0, 0, 0], 0)), None)
            })?;
            session.hosted_at = Some(SocketAddr::new(lan_address(), local.port()));
            info!("Online: hosting on {}", local);
        }
    }
    world.insert_resource(session);
    Ok(())
}

/// A connection on its way: the server's connect token (or its absence) is
/// being asked for on a thread, so the frame never waits on the network.
#[derive(Resource)]
struct PendingConnect {
    server: SocketAddr,
    token: std::sync::Mutex<std::sync::mpsc::Receiver<Option<ConnectToken>>>,
}

fn begin_connecting(world: &mut World, server: SocketAddr) {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(tokens::fetch(server));
    });
    world.insert_resource(PendingConnect {
        server,
        token: std::sync::Mutex::new(receive),
    });
}

/// Connects once the token question has its answer.
fn finish_connecting(world: &mut World) {
    let Some(pending) = world.get_resource::<PendingConnect>() else {
        return;
    };
    let answer = match pending.token.lock().map(|r| r.try_recv()) {
        Ok(Ok(token)) => token,
        Ok(Err(std::sync::mpsc::TryRecvError::Empty)) => return,
        _ => None,
    };
    let server = pending.server;
    world.remove_resource::<PendingConnect>();
    if world.get_resource::<OnlineSession>().is_none() {
        return;
    }
    if let Err(problem) = transport::connect(world, server, answer) {
        warn!("connecting to {server}: {problem}");
    }
}

/// Ends the session: tells the server, closes the connection, and forgets
/// the rooms (a hosted lobby starts afresh next time).
pub fn stop(world: &mut World) {
    if world.remove_resource::<OnlineSession>().is_some() {
        world.commands().client_trigger(NetRequest(Request::Leave));
        world.flush();
    }
    transport::close(world);
    world.remove_resource::<PendingConnect>();
    let rooms: Vec<Entity> = world
        .query_filtered::<Entity, Or<(With<RoomState>, With<RoomTag>)>>()
        .iter(world)
        .collect();
    for room in rooms {
        world.despawn(room);
    }
    world.insert_resource(ServerLobby::default());
}

/// Replicated rooms die with the connection that brought them (replicon
/// keeps the entities); after a reconnection the server sends them anew.
fn forget_remote_rooms(
    mut commands: Commands,
    rooms: Query<Entity, (With<RoomState>, With<Remote>)>,
) {
    for room in &rooms {
        commands.entity(room).despawn();
    }
}

/// A saved online match (Continue, Load) takes its seat back: the session
/// starts again with the seat's secret (hosting again if it was hosted
/// here).
fn rejoin_saved_match(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    session: Option<Res<OnlineSession>>,
    settings: Res<Settings>,
    mut tried: Local<Option<u64>>,
    mut toasts: MessageWriter<Toast>,
) {
    let Some(seat) = game.online() else {
        return;
    };
    if session.is_some_and(|s| s.drives(&game)) || *tried == Some(game.id()) {
        return;
    }
    *tried = Some(game.id());
    let server = match seat.server.as_deref().map(parse_address) {
        None => None,
        Some(Ok(address)) => Some(address),
        Some(Err(problem)) => {
            toasts.write(Toast::window(problem));
            return;
        }
    };
    let mut session = OnlineSession::new(
        server,
        &settings.player_name,
        Intent::Rejoin(seat.code, seat.secret),
    );
    session.match_id = Some(game.id());
    session.handed = game.game().move_count();
    commands.queue(move |world: &mut World| {
        if let Err(problem) = start(world, session, DEFAULT_PORT) {
            world.write_message(Toast::window(problem));
        }
    });
}

/// This machine's address on its network, as a friend would type it: the
/// address the system would send from (no packet is sent); loopback if
/// there is no network.
fn lan_address() -> std::net::IpAddr {
    std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr())
        .map(|a| a.ip())
        .unwrap_or(std::net::IpAddr::from([127, 0, 0, 1]))
}

/// Follows the connection: counts the first connection's time, and after
/// a loss tries again every few seconds (the server keeps the seat for a
/// minute).
fn watch_connection(
    locale: Res<Locale>,
    mut commands: Commands,
    time: Res<Time>,
    state: Option<Res<State<ClientState>>>,
    mut session: ResMut<OnlineSession>,
    mut toasts: MessageWriter<Toast>,
    mut news: MessageWriter<ConnectionNews>,
    mut next_menu: ResMut<NextState<Menu>>,
    menu: Res<State<Menu>>,
    screen: Res<State<Screen>>,
) {
    let Some(server) = session.server else {
        return;
    };
    let connected = state.is_some_and(|s| *s.get() == ClientState::Connected);
    let dt = time.delta_secs();
    match (&session.link, connected) {
        (Link::Connected, false) => {
            session.link = Link::Lost;
            session.asked = false;
            session.retry_in = RETRY_SECONDS;
        }
        (Link::Connecting | Link::Lost, true) => {
            session.link = Link::Connected;
            session.waited = 0.0;
        }
        (Link::Connecting, false) => {
            session.waited += dt;
            if session.waited > CONNECT_SECONDS {
                info!("Online: nothing answered at {server}");
                commands.queue(stop);
                if *screen.get() == Screen::Game {
                    toasts.write(Toast::window(
                        locale.f("online.unreachable", &[("server", &server)]),
                    ));
                } else {
                    // Said in the dialog, which stays open with it (not
                    // entered again: that rebuilt the dialog).
                    news.write(ConnectionNews::Unreachable { server });
                    if *menu.get() != Menu::Online {
                        next_menu.set(Menu::Online);
                    }
                }
            }
        }
        (Link::Lost, false) => {
            session.retry_in -= dt;
            if session.retry_in <= 0.0 {
                session.retry_in = RETRY_SECONDS;
                commands.queue(move |world: &mut World| {
                    transport::close(world);
                    begin_connecting(world, server);
                });
            }
        }
        (Link::Connected, true) => {}
    }
}

/// Once connected (at once when hosting), asks for the seat.
fn send_intent(
    mut commands: Commands,
    state: Option<Res<State<ClientState>>>,
    mut session: ResMut<OnlineSession>,
) {
    if session.asked {
        return;
    }
    let ready =
        session.server.is_none() || state.is_some_and(|s| *s.get() == ClientState::Connected);
    if ready {
        session.asked = true;
        commands.client_trigger(NetRequest(session.request()));
    }
}

fn on_reply(
    reply: On<NetReply>,
    locale: Res<Locale>,
    mut commands: Commands,
    session: Option<ResMut<OnlineSession>>,
    mut toasts: MessageWriter<Toast>,
    mut refused: MessageWriter<MoveRefused>,
    screen: Res<State<Screen>>,
    mut next_menu: ResMut<NextState<Menu>>,
    menu: Res<State<Menu>>,
    game: Option<Res<CurrentMatch>>,
    mut starts: MessageWriter<StartMatch>,
    mut news: MessageWriter<ConnectionNews>,
) {
    let Some(mut session) = session else {
        return;
    };
    match &reply.0 {
        Reply::Seated { code, side, secret } => {
            info!("Online: seated in room {code} as {side:?}");
            session.seat = Some((*code, *side, *secret));
            // From now on, a reconnection takes this seat back.
            session.intent = Intent::Rejoin(*code, *secret);
        }
        Reply::Refused(refusal) => {
            info!("Online: refused: {refusal}");
            if session.seat.is_none() {
                // Hosting, joining or rejoining failed: nothing to play.
                commands.queue(stop);
                if matches!(session.intent, Intent::Rejoin(..)) && *screen.get() == Screen::Game {
                    // The room is gone: the game goes on here, both sides
                    // played on this computer.
                    toasts.write(Toast::window(
                        locale.f("online.room_gone", &[("reason", &refusal)]),
                    ));
                    if let Some(game) = game.as_deref() {
                        starts.write(StartMatch(Match::clone(game).played_here()));
                    }
                } else if *screen.get() == Screen::Game {
                    toasts.write(Toast::window(
                        locale.f("online.refused", &[("reason", &refusal)]),
                    ));
                } else {
                    // Said in the dialog, which stays open with it.
                    news.write(ConnectionNews::Refused(*refusal));
                    if *menu.get() != Menu::Online {
                        next_menu.set(Menu::Online);
                    }
                }
                return;
            }
            match (session.sent_move.take(), refusal) {
                (Some(mv), Refusal::Rules(error)) => {
                    refused.write(MoveRefused {
                        mv,
                        refusal: MoveRefusal::Rules(*error),
                    });
                }
                _ => {
                    toasts.write(Toast::board(
                        locale.f("online.refused", &[("reason", &refusal)]),
                    ));
                }
            }
        }
    }
}

/// The player's moves go to the server (checked here first, so a refusal
/// shows at once); the board plays them when the server sends them back.
fn forward_moves(
    locale: Res<Locale>,
    mut commands: Commands,
    mut requests: MessageReader<MoveRequested>,
    game: Option<Res<CurrentMatch>>,
    mut session: ResMut<OnlineSession>,
    mut refused: MessageWriter<MoveRefused>,
    mut toasts: MessageWriter<Toast>,
) {
    let Some(game) = game.filter(|g| session.drives(g)) else {
        requests.clear();
        return;
    };
    for request in requests.read().filter(|r| r.by == Requester::Human) {
        let Some((_, side, _)) = session.seat else {
            continue;
        };
        let Some(room) = session.room.clone() else {
            toasts.write(Toast::board(locale.t("online.still_connecting")));
            continue;
        };
        if !room.is_full() {
            toasts.write(Toast::board(locale.t("online.wait_join")));
            continue;
        }
        if game.game().is_over() {
            continue;
        }
        if game.game().to_move() != side || session.handed != room.moves.len() {
            let name = session
                .opponent()
                .unwrap_or(locale.t("online.your_opponent"))
                .to_string();
            toasts.write(Toast::board(
                locale.f("online.wait_move", &[("name", &name)]),
            ));
            continue;
        }
        if let Err(error) = game.game().clone().play(request.mv) {
            refused.write(MoveRefused {
                mv: request.mv,
                refusal: MoveRefusal::Rules(error),
            });
            continue;
        }
        session.sent_move = Some(request.mv);
        commands.client_trigger(NetRequest(Request::Play {
            mv: request.mv,
            ply: room.moves.len(),
        }));
    }
}

/// Cancel: connecting stops (the dialog stays), or a host whose friend
/// has not come stops hosting and goes back to Play online.
fn cancel(
    mut commands: Commands,
    mut requests: MessageReader<OnlineRequest>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    if !requests.read().any(|r| *r == OnlineRequest::Cancel) {
        return;
    }
    info!("Online: cancelled");
    commands.queue(stop);
    if *screen.get() == Screen::Game {
        next_screen.set(Screen::Title);
        commands.insert_resource(MenuOnEntry(Menu::Online));
    }
}

/// Undo, resignation and leaving, in an online match, go through the
/// server.
fn online_actions(
    locale: Res<Locale>,
    mut commands: Commands,
    mut history: MessageReader<HistoryRequest>,
    mut answers: MessageReader<OnlineRequest>,
    mut menus: MessageReader<MenuRequest>,
    game: Option<Res<CurrentMatch>>,
    session: Res<OnlineSession>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut toasts: MessageWriter<Toast>,
) {
    if !game.is_some_and(|g| session.drives(&g)) {
        history.clear();
        answers.clear();
        menus.clear();
        return;
    }
    if menus.read().any(|r| *r == MenuRequest::QuitToTitle) {
        commands.queue(stop);
    }
    let answers = answers.read().filter_map(|answer| match answer {
        OnlineRequest::AllowUndo => Some(Request::AnswerUndo { accept: true }),
        OnlineRequest::RefuseUndo => Some(Request::AnswerUndo { accept: false }),
        _ => None,
    });
    let asked: Vec<Request> = history
        .read()
        .filter_map(|request| match request {
            HistoryRequest::Undo => {
                toasts.write(Toast::board(locale.t("online.asked_undo")));
                Some(Request::AskUndo)
            }
            HistoryRequest::Resign => {
                next_menu.set(Menu::None);
                Some(Request::Resign)
            }
            // No redo online: the server's history has none.
            HistoryRequest::Redo => None,
        })
        .collect();
    for request in asked.into_iter().chain(answers) {
        commands.client_trigger(NetRequest(request));
    }
}

/// Brings the room into the match: the first sight of it opens the game
/// screen; a new move goes to the board as a move request from the
/// network; a taken-back move changes the match here; any other
/// difference (after a reconnection) rebuilds the board from the room.
fn follow_the_room(
    locale: Res<Locale>,
    mut commands: Commands,
    rooms: Query<&RoomState>,
    mut session: ResMut<OnlineSession>,
    game: Option<Res<CurrentMatch>>,
    mut moves: MessageWriter<MoveRequested>,
    mut decisions: MessageWriter<ServerDecision>,
    mut starts: MessageWriter<StartMatch>,
    mut toasts: MessageWriter<Toast>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some((code, side, _)) = session.seat else {
        return;
    };
    let Some(room) = rooms.iter().find(|r| r.code == code) else {
        return;
    };
    let driving = game.as_ref().is_some_and(|g| session.drives(g));
    if driving && session.room.as_ref() == Some(&room.0) {
        return;
    }
    let room = room.0.clone();
    let replayed = match room.replay() {
        Ok(game) => game,
        Err(problem) => {
            // A server that sends an impossible game is not followed.
            toasts.write(Toast::window(
                locale.f("online.left", &[("problem", &problem)]),
            ));
            commands.queue(stop);
            next_screen.set(Screen::Title);
            return;
        }
    };
    if session.room.is_none() {
        info!("Online: in room {code}, {} moves", room.moves.len());
    }
    session.room = Some(room.clone());
    let names = room.names.clone();
    let game = match game {
        Some(game) if driving => game,
        _ => {
            // First sight of the room: the game screen opens on it.
            let setup = MatchSetup::online(room.kind, side);
            let (_, _, secret) = session.seat.unwrap_or((code, side, SeatSecret(0)));
            let opened = Match::resumed(setup, replayed, now(), new_id())
                .with_seat(Some(OnlineSeat {
                    server: session.server.map(|a| a.to_string()),
                    code,
                    secret,
                }))
                .with_names(names);
            session.match_id = Some(opened.id());
            session.handed = room.moves.len();
            starts.write(StartMatch(opened));
            return;
        }
    };
    if *game.names() != names {
        if let Some(name) = &names[side.other().index()]
            && game.names()[side.other().index()].is_none()
        {
            info!("Online: {name} joined");
        }
        decisions.write(ServerDecision::Names(names));
    }
    let handed = session.handed;
    let local = game.game().moves();
    let applied = handed.min(local.len());
    if room.moves.len() >= handed && room.moves[..applied] == local[..applied] {
        // New moves (or none): the board plays them as it plays any move.
        for mv in &room.moves[handed..] {
            moves.write(MoveRequested {
                mv: *mv,
                by: Requester::Network,
            });
        }
        session.handed = room.moves.len();
    } else if handed == local.len() && local.starts_with(&room.moves) {
        // Moves taken back by agreement.
        decisions.write(ServerDecision::TookBack(local.len() - room.moves.len()));
        session.handed = room.moves.len();
    } else {
        // Anything else: take the server's game as it is, on a new board.
        let rebuilt = Match::resumed(game.setup(), replayed, game.created(), game.id())
            .with_seat(game.online().cloned())
            .with_names(game.names().clone());
        session.handed = room.moves.len();
        starts.write(StartMatch(rebuilt));
    }
}

/// A resignation or a forfeit ends the local match once every move before
/// it is on the board.
fn follow_the_end(
    session: Res<OnlineSession>,
    game: Option<Res<CurrentMatch>>,
    mut decisions: MessageWriter<ServerDecision>,
) {
    let (Some(game), Some(room)) = (game, session.room.as_ref()) else {
        return;
    };
    let Some(end) = room.end else {
        return;
    };
    if !session.drives(&game)
        || game.game().is_over()
        || game.game().move_count() != room.moves.len()
        || session.handed != room.moves.len()
    {
        return;
    }
    decisions.write(ServerDecision::Ended { loser: end.loser() });
}
