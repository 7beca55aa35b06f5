//! The window's side of an online match. The room on the server is the
//! truth: this module asks for it (host, join, rejoin), sends the player's
//! moves, resignation and undo requests up, and brings the room the server
//! sends down into `CurrentMatch` through the board's usual flow, so a
//! friend's disc falls and sounds like any other. The local board never
//! plays a move the server has not accepted.
//!
//! The connection runs on a thread of its own (`lineup_online::client`);
//! this module only polls it, so the network never holds up a frame. A
//! window that hosts runs the same server as `lineup-server` on another
//! thread and connects to it like any player.

use super::{ConnectionNews, OnlineRequest};
use crate::current_match::clock::clock_now;
use crate::current_match::{
    CurrentMatch, HistoryRequest, MoveRefusal, MoveRefused, MoveRequested, Requester,
    ServerDecision, StartMatch,
};
use crate::disk::Storage;
use crate::locale::Locale;
use crate::menus::MenuRequest;
use crate::review::OpenReview;
use crate::screens::game::MenuOnEntry;
use crate::settings::Settings;
use crate::states::{AppSystems, Menu, Screen};
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::match_state::{Match, new_id, now};
use lineup_core::net::Identity;
use lineup_core::net::OnlineSeat;
use lineup_core::net::address::DEFAULT_PORT;
use lineup_core::net::pairing::PairingSpec;
use lineup_core::net::rating::ShownRating;
use lineup_core::net::views::{ChatLine, GameSummary, LobbyView, PlayerPage};
use lineup_core::net::wire::ToClient;
use lineup_core::net::{
    OsSecrets, Refusal, Reply, Request, RoomCode, RoomView, SeatSecret, SecretError,
};
use lineup_core::rules::{BoardMove, Side};
use lineup_online::client::{Connection, Target, Update};
use lineup_online::server::{RunningServer, Settings as ServerSettings};
use lineup_online::store::{self, RoomStore};
use std::net::SocketAddr;
use std::time::Duration;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        rejoin_saved_match
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Game)),
    )
    .add_systems(
        Update,
        (take_updates, watch_connection, send_intent)
            .chain()
            .in_set(AppSystems::Input)
            // Each system checks: one of them may end the session mid-chain.
            .distributive_run_if(resource_exists::<OnlineSession>),
    )
    .add_systems(
        Update,
        (
            cancel,
            super::lobby::lobby_actions,
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
    Host {
        kind: GameKind,
        side: Side,
        clock: TimeControl,
    },
    /// Any opponent of this game and clock, through the server's queue
    /// (after logging in with the player's key).
    QuickPair(PairingSpec),
    /// Watch the game in room `.0`.
    Watch(RoomCode),
    /// The lobby (after logging in): seeks, games, one's records.
    Lobby,
    /// The secret is chosen once, so that the join asked again after a
    /// lost connection is the same join.
    Join(RoomCode, SeatSecret),
    Rejoin(RoomCode, SeatSecret),
}

impl Intent {
    /// Joining room `code`, with a secret of its own for the seat (from
    /// the operating system: it is what takes the seat back).
    pub fn join(code: RoomCode) -> Result<Intent, SecretError> {
        Ok(Intent::Join(code, SeatSecret::fresh(&mut OsSecrets)?))
    }
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
    pub server: Option<Target>,
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
    /// Where the connection goes: the server, or this window's own.
    target: Option<Target>,
    connection: Option<Connection>,
    /// The room as the server last sent it.
    latest: Option<RoomView>,
    /// Every instance of the server, as it last said: where to try should
    /// the target go away.
    alternates: Vec<Target>,
    /// Reconnection attempts since the link was lost.
    attempts: usize,
    /// The player's key pair, to log in with (quick pairing).
    identity: Option<Identity>,
    /// The room watched (no seat).
    pub watching: Option<RoomCode>,
    /// The name and ratings the server welcomed this player with.
    pub welcome: Option<(String, [ShownRating; 3])>,
    /// The lobby as the server last sent it.
    pub lobby: Option<LobbyView>,
    /// The player's finished games, when asked for.
    pub history: Option<Vec<GameSummary>>,
    /// The player's page, when asked for.
    pub page: Option<PlayerPage>,
    /// Counts the lobby's news (a new lobby, history or page), so a
    /// screen redraws only when something came.
    news: u64,
    /// The room's chat as it came, the newest last (at most
    /// [`CHAT_KEPT`] lines).
    pub chat: Vec<ChatLine>,
    /// Whether the others' lines are hidden (this player's own always show).
    pub muted: bool,
}

/// How many chat lines a session keeps.
pub const CHAT_KEPT: usize = 50;

/// How long a first connection may take before the player is told.
const CONNECT_SECONDS: f32 = 8.0;
const RETRY_SECONDS: f32 = 2.0;

/// The server this window runs while it hosts a game.
#[derive(Resource)]
struct HostedServer(#[allow(dead_code)] RunningServer);

impl OnlineSession {
    pub fn new(server: Option<Target>, name: &str, intent: Intent) -> OnlineSession {
        OnlineSession {
            server: server.clone(),
            hosted_at: None,
            name: name.to_string(),
            intent,
            seat: None,
            link: Link::Connecting,
            room: None,
            asked: false,
            handed: 0,
            match_id: None,
            sent_move: None,
            retry_in: RETRY_SECONDS,
            waited: 0.0,
            target: server,
            connection: None,
            latest: None,
            alternates: Vec::new(),
            attempts: 0,
            identity: None,
            watching: None,
            welcome: None,
            lobby: None,
            history: None,
            page: None,
            news: 0,
            chat: Vec::new(),
            muted: false,
        }
    }

    /// Sends a line of chat to the room (checked and passed on by the
    /// server).
    pub fn say(&self, text: &str) {
        self.send(Request::Chat(text.to_string()));
    }

    /// The chat lines on show: this player's own, and the others' unless
    /// muted.
    pub fn shown_chat(&self) -> impl Iterator<Item = &ChatLine> {
        let mine = self.seat.map(|(_, side, _)| side);
        let own_name = self
            .welcome
            .as_ref()
            .map(|(n, _)| n.as_str())
            .unwrap_or(&self.name);
        self.chat.iter().filter(move |line| {
            !self.muted || (line.side.is_some() && line.side == mine) || line.from == own_name
        })
    }

    /// Changes with every piece of the lobby's news that came.
    pub fn news(&self) -> u64 {
        self.news
    }

    /// The same session, logging in with `identity` first.
    pub fn with_identity(mut self, identity: Identity) -> OnlineSession {
        self.identity = Some(identity);
        self
    }

    /// The seat, or the watched room with no side.
    fn place(&self) -> Option<(RoomCode, Option<Side>)> {
        match (self.seat, self.watching) {
            (Some((code, side, _)), _) => Some((code, Some(side))),
            (None, Some(code)) => Some((code, None)),
            (None, None) => None,
        }
    }

    /// Sends a request to the server (dropped when not connected: the
    /// intent is asked again on reconnection).
    pub(super) fn send(&self, request: Request) {
        if let Some(connection) = &self.connection {
            connection.send(request);
        }
    }

    fn request(&self) -> Request {
        match self.intent {
            Intent::Host { kind, side, clock } => Request::Host {
                kind,
                side,
                name: self.name.clone(),
                clock,
            },
            Intent::QuickPair(spec) => Request::QuickPair(spec),
            Intent::Watch(code) => Request::Watch(code),
            Intent::Lobby => Request::WatchLobby,
            Intent::Join(code, secret) => Request::Join {
                code,
                name: self.name.clone(),
                secret,
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

/// Starts an online session: hosting here (`server` is `None`: a server on
/// `port`, any free port if that one is taken) or connecting to a server
/// or host.
pub fn start(world: &mut World, session: OnlineSession, port: u16) -> Result<(), String> {
    stop(world);
    let mut session = session;
    if session.server.is_none() {
        // The hosted rooms are kept like a server's, so a host that
        // crashed or quit can take its game up again from Continue.
        let folders = world
            .get_resource::<Storage>()
            .and_then(|s| s.folders.clone());
        let open_store = || -> Box<dyn RoomStore> {
            let kept = folders.as_ref().map(|f| {
                let path = f.hosted_database().display().to_string();
                store::open(&path, "", store::upkeep::Upkeep::default())
            });
            match kept {
                Some(Ok(store)) => store,
                Some(Err(problem)) => {
                    warn!("the hosted games cannot be kept: {problem}");
                    Box::new(store::memory::MemoryStore::default())
                }
                None => Box::new(store::memory::MemoryStore::default()),
            }
        };
        let hosted = RunningServer::start(
            SocketAddr::from(([0, 0, 0, 0], port)),
            open_store(),
            ServerSettings::default(),
        )
        .or_else(|_| {
            RunningServer::start(
                SocketAddr::from(([0, 0, 0, 0], 0)),
                open_store(),
                ServerSettings::default(),
            )
        })?;
        let local = hosted.address();
        session.hosted_at = Some(SocketAddr::new(lan_address(), local.port()));
        session.target = Some(Target::plain(SocketAddr::from((
            [127, 0, 0, 1],
            local.port(),
        ))));
        info!("Online: hosting on {}", local);
        world.insert_resource(HostedServer(hosted));
    }
    session.connection = session.target.clone().map(open);
    world.insert_resource(session);
    Ok(())
}

/// A new connection to `target`, made on its own thread.
fn open(target: Target) -> Connection {
    Connection::open(target, Duration::from_secs_f32(CONNECT_SECONDS))
}

/// Ends the session: tells the server, hangs up, and stops the server this
/// window hosted (its rooms stay in its database for Continue).
pub fn stop(world: &mut World) {
    if let Some(session) = world.remove_resource::<OnlineSession>() {
        // Sent before the connection is dropped: the connection's thread
        // delivers what was queued, then hangs up.
        session.send(Request::Leave);
    }
    world.remove_resource::<HostedServer>();
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
    // A session going on keeps going: it drives this match, or is on its
    // way to the next (a rematch, a pairing: the board still shows the last
    // game for a frame or two).
    if session.is_some() || *tried == Some(game.id()) {
        return;
    }
    *tried = Some(game.id());
    let server = match seat.server.as_deref().map(Target::parse) {
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

/// What the connection brought since the last frame: the link's state,
/// the server's replies, and the room as it now is.
fn take_updates(
    locale: Res<Locale>,
    mut commands: Commands,
    mut session: ResMut<OnlineSession>,
    mut toasts: MessageWriter<Toast>,
    mut refused: MessageWriter<MoveRefused>,
    screen: Res<State<Screen>>,
    mut next_menu: ResMut<NextState<Menu>>,
    menu: Res<State<Menu>>,
    game: Option<Res<CurrentMatch>>,
    mut starts: MessageWriter<StartMatch>,
    mut news: MessageWriter<ConnectionNews>,
) {
    let updates = session
        .connection
        .as_ref()
        .map(Connection::poll)
        .unwrap_or_default();
    for update in updates {
        match update {
            Update::Connected => {
                session.link = Link::Connected;
                session.waited = 0.0;
                session.attempts = 0;
            }
            Update::Failed(why) | Update::Lost(why) => {
                info!("Online: connection ended: {why}");
                session.connection = None;
                if session.link == Link::Connected {
                    session.link = Link::Lost;
                    session.asked = false;
                    session.retry_in = RETRY_SECONDS;
                }
            }
            Update::Message(ToClient::Room(room)) => session.latest = Some(room),
            Update::Message(ToClient::Lobby(lobby)) => {
                session.lobby = Some(lobby);
                session.news += 1;
            }
            Update::Message(ToClient::History(history)) => {
                info!("Online: {} finished games in the history", history.len());
                session.history = Some(history);
                session.news += 1;
            }
            Update::Message(ToClient::Player(page)) => {
                info!(
                    "Online: the page of {}: {} rating points, {} games",
                    page.name,
                    page.history.len(),
                    page.last_games.len()
                );
                session.page = Some(page);
                session.news += 1;
            }
            Update::Message(ToClient::Finished(finished)) => {
                info!(
                    "Online: game {} opened in review ({} moves)",
                    finished.summary.id.0,
                    finished.moves.len()
                );
                match super::lobby::finished_match(&finished) {
                    Some(game) => {
                        commands.insert_resource(OpenReview(None));
                        starts.write(StartMatch(game));
                    }
                    None => {
                        toasts.write(Toast::window(locale.t("lobby.unreadable").to_string()));
                    }
                }
            }
            Update::Message(ToClient::Chat(line)) => {
                info!("Online: chat from {}: {}", line.from, line.text);
                session.chat.push(line);
                if session.chat.len() > CHAT_KEPT {
                    session.chat.remove(0);
                }
            }
            Update::Message(ToClient::Servers(servers)) => {
                session.alternates = servers
                    .iter()
                    .filter_map(|s| Target::parse(s).ok())
                    .collect();
            }
            Update::Message(ToClient::Reply(Reply::Elsewhere { code, server })) => {
                // The room lives on another instance of the server: the
                // same request goes there.
                match Target::parse(&server) {
                    Ok(target) => {
                        info!("Online: room {code} lives at {target}");
                        session.target = Some(target.clone());
                        session.connection = Some(open(target));
                        session.asked = false;
                    }
                    Err(_) => warn!("Online: the server sent an address that is none: {server}"),
                }
            }
            Update::Message(ToClient::Reply(reply)) => {
                let stopped = on_reply(
                    &reply,
                    &locale,
                    &mut commands,
                    &mut session,
                    &mut toasts,
                    &mut refused,
                    &screen,
                    &mut next_menu,
                    &menu,
                    game.as_deref(),
                    &mut starts,
                    &mut news,
                );
                if stopped {
                    return;
                }
            }
        }
    }
}

/// Follows the connection: counts the first connection's time, and after
/// a loss tries again every few seconds (the server keeps the seat for a
/// minute).
fn watch_connection(
    locale: Res<Locale>,
    mut commands: Commands,
    time: Res<Time>,
    mut session: ResMut<OnlineSession>,
    mut toasts: MessageWriter<Toast>,
    mut news: MessageWriter<ConnectionNews>,
    mut next_menu: ResMut<NextState<Menu>>,
    menu: Res<State<Menu>>,
    screen: Res<State<Screen>>,
) {
    let Some(target) = session.target.clone() else {
        return;
    };
    let server = session.server.as_ref().unwrap_or(&target).address;
    let dt = time.delta_secs();
    match session.link {
        Link::Connecting => {
            session.waited += dt;
            let given_up = session.connection.is_none();
            if session.waited > CONNECT_SECONDS || given_up {
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
        Link::Lost if session.connection.is_none() => {
            session.retry_in -= dt;
            if session.retry_in <= 0.0 {
                session.retry_in = RETRY_SECONDS;
                // The same server first, then each instance it named in
                // turn (one of them takes over a dead instance's rooms).
                let mut tries = vec![target.clone()];
                tries.extend(session.alternates.iter().filter(|a| **a != target).cloned());
                let next = tries[session.attempts % tries.len()].clone();
                session.attempts += 1;
                session.connection = Some(open(next));
            }
        }
        // A new connection on its way either answers or fails; a live one
        // needs nothing.
        Link::Lost | Link::Connected => {}
    }
}

/// Once connected (at once when hosting), asks for the seat: quick
/// pairing logs in first (the reply to the challenge sends the request).
fn send_intent(mut session: ResMut<OnlineSession>) {
    if !session.asked && session.link == Link::Connected {
        session.asked = true;
        match (&session.identity, session.intent) {
            (Some(identity), Intent::QuickPair(_) | Intent::Lobby) => {
                session.send(Request::Hello {
                    key: identity.key(),
                    name: session.name.clone(),
                })
            }
            _ => session.send(session.request()),
        }
    }
}

/// A reply from the server; true when it ended the session.
fn on_reply(
    reply: &Reply,
    locale: &Locale,
    commands: &mut Commands,
    session: &mut OnlineSession,
    toasts: &mut MessageWriter<Toast>,
    refused: &mut MessageWriter<MoveRefused>,
    screen: &State<Screen>,
    next_menu: &mut NextState<Menu>,
    menu: &State<Menu>,
    game: Option<&CurrentMatch>,
    starts: &mut MessageWriter<StartMatch>,
    news: &mut MessageWriter<ConnectionNews>,
) -> bool {
    match reply {
        // Followed where the connection's updates are taken.
        Reply::Elsewhere { .. } => {}
        Reply::Challenge(challenge) => {
            if let Some(identity) = &session.identity {
                session.send(Request::Prove {
                    signature: identity.sign(challenge),
                });
            }
        }
        Reply::Welcome { name, ratings } => {
            info!(
                "Online: logged in as {name} ({})",
                ratings.map(|r| r.to_string()).join(" / ")
            );
            session.welcome = Some((name.clone(), *ratings));
            session.send(session.request());
        }
        Reply::Queued(spec) => {
            info!("Online: waiting for an opponent ({})", spec.clock);
            news.write(ConnectionNews::Queued);
        }
        Reply::Seeking(_) => {}
        Reply::Watching(code) => {
            info!("Online: watching room {code}");
            session.watching = Some(*code);
            session.intent = Intent::Watch(*code);
        }
        Reply::Seated { code, side, secret } => {
            info!("Online: seated in room {code} as {side:?}");
            if session.seat.is_some_and(|(old, _, _)| old != *code) {
                // A rematch: a new game, on a new board.
                session.match_id = None;
                session.room = None;
                session.handed = 0;
            }
            session.watching = None;
            session.seat = Some((*code, *side, *secret));
            // From now on, a reconnection takes this seat back.
            session.intent = Intent::Rejoin(*code, *secret);
        }
        Reply::Refused(refusal) => {
            info!("Online: refused: {refusal}");
            if session.intent == Intent::Lobby && session.welcome.is_some() {
                // In the lobby (a seek gone, one's own seek): said, and
                // the lobby stays.
                toasts.write(Toast::window(
                    locale.f("online.refused", &[("reason", &refusal)]),
                ));
                return false;
            }
            if session.seat.is_none() && session.watching.is_none() {
                // Hosting, joining or rejoining failed: nothing to play.
                commands.queue(stop);
                if matches!(session.intent, Intent::Rejoin(..)) && *screen.get() == Screen::Game {
                    // The room is gone: the game goes on here, both sides
                    // played on this computer.
                    toasts.write(Toast::window(
                        locale.f("online.room_gone", &[("reason", &refusal)]),
                    ));
                    if let Some(game) = game {
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
                return true;
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
    false
}

/// The player's moves go to the server (checked here first, so a refusal
/// shows at once); the board plays them when the server sends them back.
fn forward_moves(
    locale: Res<Locale>,
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
        session.send(Request::Play {
            mv: request.mv,
            ply: room.moves.len(),
        });
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
        OnlineRequest::Rematch => {
            info!("Online: asked for a rematch");
            Some(Request::Rematch)
        }
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
        session.send(request);
    }
}

/// Brings the room into the match: the first sight of it opens the game
/// screen; a new move goes to the board as a move request from the
/// network; a taken-back move changes the match here; any other
/// difference (after a reconnection) rebuilds the board from the room.
fn follow_the_room(
    time: Res<Time<Real>>,
    locale: Res<Locale>,
    mut commands: Commands,
    mut session: ResMut<OnlineSession>,
    game: Option<Res<CurrentMatch>>,
    mut moves: MessageWriter<MoveRequested>,
    mut decisions: MessageWriter<ServerDecision>,
    mut starts: MessageWriter<StartMatch>,
    mut toasts: MessageWriter<Toast>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some((code, seat_side)) = session.place() else {
        return;
    };
    let Some(room) = session.latest.clone().filter(|r| r.code == code) else {
        return;
    };
    // A watcher's board is seen from the first side.
    let side = seat_side.unwrap_or(Side::First);
    let driving = game.as_ref().is_some_and(|g| session.drives(g));
    if driving && session.room.as_ref() == Some(&room) {
        return;
    }
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
        let ratings = room
            .ratings
            .map(|r| r.map_or_else(|| "-".to_string(), |r| r.to_string()));
        info!(
            "Online: in room {code}, {} moves, ratings {}",
            room.moves.len(),
            ratings.join(" / ")
        );
    }
    session.room = Some(room.clone());
    let names = room.names.clone();
    let game = match game {
        Some(game) if driving => game,
        _ => {
            // First sight of the room: the game screen opens on it.
            let setup = match seat_side {
                Some(side) => MatchSetup::online(room.kind, side),
                None => MatchSetup {
                    players: [PlayerKind::Online; 2],
                    ..MatchSetup::new(room.kind, [PlayerKind::Online; 2])
                },
            };
            // A watcher keeps no seat to come back to.
            let seat = session.seat.map(|(_, _, secret)| OnlineSeat {
                server: session.server.as_ref().map(Target::to_string),
                code,
                secret,
            });
            let mut opened = Match::resumed(setup, replayed, now(), new_id())
                .with_seat(seat)
                .with_names(names);
            if let Some(clock) = &room.clock {
                opened.set_server_clock(clock, &room.spent_ms, clock_now(&time));
            }
            session.match_id = Some(opened.id());
            session.handed = room.moves.len();
            starts.write(StartMatch(opened));
            return;
        }
    };
    decisions.write(ServerDecision::Clock {
        view: room.clock,
        spent_ms: room.spent_ms.clone(),
    });
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
    decisions.write(ServerDecision::Ended {
        loser: end.loser(),
        on_time: matches!(end, lineup_core::net::RoomEnd::Flagged(_)),
    });
}
