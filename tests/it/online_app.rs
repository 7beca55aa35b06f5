//! The window's side of online play, headless: the game's own plugins host
//! a room (a real server on a thread of the app, reached over a WebSocket
//! on 127.0.0.1 like any other), a friend plays from a client connection of
//! their own, and the tests look at the match the board shows. A lying
//! server is a real socket too.

use crate::app_flow::{C4, act, app, run, screen, toast, until};
use bevy::prelude::*;
use lineup::current_match::{CurrentMatch, MoveRequested, Requester};
use lineup::menus::online::{DialogRequest, Field};
use lineup::online::chat::ChatRequest;
use lineup::online::lobby::LobbyRequest;
use lineup::online::{OnlineSession, RoomRequest, Start};
use lineup::states::Screen;
use lineup::theme::toast::ToastPlace;
use lineup_client::connection::{Connection, Target};
use lineup_client::session::Intent;
use lineup_core::net::Request;
use lineup_core::rules::{BoardMove, Column, Ending, Side};
use std::time::Duration;

fn col(c: u8) -> BoardMove {
    BoardMove::Column(Column(c))
}

/// An app hosting a Connect Four room as Ann, on the game screen.
fn hosting() -> App {
    let mut app = app();
    run(&mut app, 3);
    let host = Intent::Host {
        kind: C4,
        side: Side::First,
        clock: lineup_core::match_clock::TimeControl::Untimed,
    };
    let session = Start::new(None, "Ann", host);
    lineup::online::start(app.world_mut(), session, 0).expect("hosts");
    until(&mut app, 400, "the game screen", |app| {
        screen(app) == Screen::Game
    });
    app
}

/// Where the hosting app's server listens, as a friend on this machine
/// reaches it.
fn hosted_address(app: &App) -> std::net::SocketAddr {
    let at = app
        .world()
        .resource::<OnlineSession>()
        .hosted_at
        .expect("hosting");
    std::net::SocketAddr::from(([127, 0, 0, 1], at.port()))
}

/// Bo connects to the hosted game and joins its room.
fn bo_joins(app: &mut App) -> (Connection, lineup_core::net::RoomCode) {
    let bo = Connection::open(Target::plain(hosted_address(app)), Duration::from_secs(5));
    let room = code(app);
    from(
        &bo,
        Request::Join {
            code: room,
            name: "Bo".into(),
            secret: lineup_core::net::SeatSecret::from_bytes([0xB0; 16]),
        },
    );
    until(app, 400, "Bo in the room", |app| {
        app.world().resource::<CurrentMatch>().names()[1].is_some()
    });
    (bo, room)
}

/// Bo's request goes out. What must come of it the caller waits for with
/// `until`: how long the server takes depends on the machine.
fn from(bo: &Connection, request: Request) {
    assert!(bo.send(request), "Bo's connection is open");
}

fn click(app: &mut App, mv: BoardMove) {
    app.world_mut().write_message(MoveRequested {
        mv,
        by: Requester::Human,
    });
    for _ in 0..30 {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn moves(app: &App) -> Vec<BoardMove> {
    app.world().resource::<CurrentMatch>().game().moves()
}

fn code(app: &App) -> lineup_core::net::RoomCode {
    let session = app.world().resource::<OnlineSession>();
    session.seat().expect("seated").code
}

#[test]
fn a_hosted_match_follows_the_server_moves_undo_by_agreement_and_resignation() {
    let mut app = hosting();
    // Alone in the room, a click is not played: said first, then checked.
    click(&mut app, col(3));
    let feedback = toast(&mut app, ToastPlace::Board);
    assert!(feedback.contains("friend"), "{feedback}");
    assert!(moves(&app).is_empty());

    let (bo, room) = bo_joins(&mut app);
    let names = app.world().resource::<CurrentMatch>().names().clone();
    assert_eq!(names, [Some("Ann".into()), Some("Bo".into())]);

    // Ann's click goes to the server and comes back as the board's move.
    click(&mut app, col(3));
    until(&mut app, 400, "Ann's move back from the server", |app| {
        !moves(app).is_empty()
    });
    assert_eq!(moves(&app), vec![col(3)]);
    // Out of turn: said, and not sent.
    click(&mut app, col(0));
    let feedback = toast(&mut app, ToastPlace::Board);
    assert!(feedback.contains("Bo"), "{feedback}");
    assert_eq!(moves(&app), vec![col(3)]);
    // Bo's move arrives from the network.
    from(&bo, Request::Play { mv: col(4), ply: 1 });
    until(&mut app, 400, "Bo's move", |app| moves(app).len() == 2);
    assert_eq!(moves(&app), vec![col(3), col(4)]);

    // Bo asks to take his move back; Ann allows it.
    from(&bo, Request::AskUndo);
    until(&mut app, 400, "Bo's request", |app| {
        let session = app.world().resource::<OnlineSession>();
        session.room().is_some_and(|r| r.undo_asked_by.is_some())
    });
    let asked = app.world().resource::<OnlineSession>().room().cloned();
    assert_eq!(asked.and_then(|r| r.undo_asked_by), Some(Side::Second));
    app.world_mut().write_message(RoomRequest::AllowUndo);
    until(&mut app, 400, "the move taken back", |app| {
        moves(app).len() == 1
    });
    assert_eq!(moves(&app), vec![col(3)]);

    // Bo resigns: Ann's board shows the win, and the autosave keeps the seat.
    from(&bo, Request::Resign);
    until(&mut app, 400, "the resignation", |app| {
        app.world().resource::<CurrentMatch>().game().is_over()
    });
    let game = &app.world().resource::<CurrentMatch>().game();
    assert_eq!(
        game.ending(),
        Some(Ending::Resigned {
            winner: Side::First
        })
    );
    let storage = app.world().resource::<lineup::disk::Storage>();
    let folders = storage.folders.clone().expect("folders");
    let save = lineup_core::persist::games::latest(&folders).expect("kept");
    assert_eq!(save.online.map(|s| s.code), Some(room));
    drop(bo);
}

/// A server that seats whoever comes, then sends a game the rules cannot
/// reach: seven discs in one column.
fn lying_server() -> std::net::SocketAddr {
    use lineup_core::net::wire::{self, ToClient};
    use lineup_core::net::{Reply, RoomCode, RoomView, SeatSecret};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = listener.local_addr().expect("its address");
    std::thread::spawn(move || {
        let Ok((stream, _)) = listener.accept() else {
            return;
        };
        let Ok(mut socket) = tungstenite::accept(stream) else {
            return;
        };
        let _ = socket.read();
        let code = RoomCode::from_number(7);
        let seated = Reply::Seated {
            code,
            side: Side::First,
            secret: SeatSecret::from_bytes([1; 16]),
        };
        let lie = RoomView {
            code,
            kind: C4,
            names: [Some("Ann".into()), Some("Liar".into())],
            present: [true, true],
            moves: vec![col(0); 7],
            end: None,
            undo_asked_by: None,
            clock: None,
            spent_ms: Vec::new(),
            rated: false,
            ratings: [None, None],
            rating_change: None,
            watchers: 0,
            rematch_asked_by: None,
            rematch_room: None,
            game_id: Default::default(),
        };
        for message in [ToClient::Reply(seated), ToClient::Room(lie)] {
            let frame = tungstenite::Message::Binary(wire::encode(&message).into());
            let _ = socket.send(frame);
        }
        // Held open until the client leaves.
        while socket.read().is_ok() {}
    });
    address
}

#[test]
fn a_lying_server_is_not_followed() {
    let mut app = app();
    run(&mut app, 3);
    let server = lying_server();
    let code = lineup_core::net::RoomCode::from_number(7);
    let session = Start::new(
        Some(Target::plain(server)),
        "Ann",
        Intent::join(code).unwrap(),
    );
    lineup::online::start(app.world_mut(), session, 0).expect("connects");
    until(&mut app, 400, "the session left", |app| {
        app.world().get_resource::<OnlineSession>().is_none()
    });
    run(&mut app, 3);
    assert_eq!(screen(&app), Screen::Title);
    let notice = toast(&mut app, ToastPlace::Window);
    assert!(notice.contains("illegal"), "{notice}");
}

/// What the panel's status line says now.
fn status(app: &mut App) -> String {
    let game = app.world().resource::<CurrentMatch>();
    let locale = app.world().resource::<lineup::locale::Locale>();
    let engines = &app.world().resource::<lineup::settings::Settings>().engines;
    lineup::panel::hud::status_line(locale, game, false, engines)
}

/// Whether the panel's button sending `request` shows.
fn shows<M: lineup::theme::interaction::ButtonMessage + PartialEq>(
    app: &mut App,
    request: M,
) -> bool {
    use lineup::theme::interaction::Sends;
    let mut buttons = app.world_mut().query::<(&Sends<M>, &Node)>();
    buttons
        .iter(app.world())
        .any(|(Sends(r), node)| *r == request && node.display != Display::None)
}

#[test]
fn a_host_waiting_for_a_friend_is_told_so_and_can_cancel_not_resign() {
    use lineup::menus::MenuRequest;
    use lineup::states::Menu;
    let mut app = hosting();
    assert_eq!(status(&mut app), "Waiting for a friend to join");
    assert!(shows(&mut app, RoomRequest::Cancel), "Cancel shows");
    assert!(
        !shows(&mut app, MenuRequest::Resign),
        "no Resign with nobody there"
    );
    // The friend comes: a game like any other.
    let _ = bo_joins(&mut app);
    assert_eq!(status(&mut app), "Red to move");
    assert!(shows(&mut app, MenuRequest::Resign));
    assert!(!shows(&mut app, RoomRequest::Cancel));

    // Another host gives up waiting: back to Play online, no session left.
    drop(app);
    let mut app = hosting();
    crate::app_flow::act(&mut app, RoomRequest::Cancel);
    run(&mut app, 5);
    assert!(app.world().get_resource::<OnlineSession>().is_none());
    assert_eq!(screen(&app), Screen::Title);
    assert_eq!(crate::app_flow::menu(&app), Menu::Online);
}

/// A loopback port where nothing listens (taken and let go at once).
fn closed_port() -> u16 {
    let socket = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    socket.local_addr().expect("its address").port()
}

/// The game with the Play online dialog open.
fn online_dialog() -> App {
    let mut app = app();
    run(&mut app, 3);
    act(&mut app, lineup::menus::MenuRequest::OpenOnline);
    run(&mut app, 3);
    app
}

/// Types `name` and `code` in the dialog, with the address of a closed
/// loopback port (returned), where nothing answers.
fn fill_the_dialog(app: &mut App, name: &str, code: &str) -> u16 {
    let port = closed_port();
    app.world_mut()
        .resource_mut::<lineup::menus::online::OnlineForm>()
        .fields = [name.into(), format!("127.0.0.1:{port}"), code.into()].into();
    port
}

#[test]
fn a_failed_join_stays_in_the_dialog_with_what_to_check_and_keeps_the_fields() {
    use lineup::menus::online::{Connection, OnlineForm};
    use lineup::states::Menu;
    let mut app = online_dialog();
    assert_eq!(crate::app_flow::menu(&app), Menu::Online);
    let port = fill_the_dialog(&mut app, "Ann", "");
    // A room code typed as a person types it: lower case, a dash.
    crate::app_flow::act(&mut app, DialogRequest::EditField(Field::Code));
    run(&mut app, 1);
    crate::app_flow::type_keys(&mut app, "k7m-q2x");
    assert_eq!(
        app.world().resource::<OnlineForm>().fields[Field::Code],
        "K7MQ2X"
    );
    crate::app_flow::act(&mut app, DialogRequest::Join);
    // Nothing answers (a closed port refuses at once; a silent address
    // after the time allowed): the dialog says so, with what to check, and
    // stays; what was typed is still there.
    crate::app_flow::until(&mut app, 400, "the connection given up", |app| {
        matches!(
            app.world().resource::<OnlineForm>().connection,
            Connection::Failed { .. }
        )
    });
    let form = app.world().resource::<OnlineForm>();
    let Connection::Failed { what, check } = &form.connection else {
        unreachable!()
    };
    assert!(what.contains(&format!("127.0.0.1:{port}")), "{what}");
    assert!(
        check.contains("firewall") && check.contains("TCP"),
        "{check}"
    );
    assert_eq!(
        form.fields.texts(),
        &[
            "Ann".to_string(),
            format!("127.0.0.1:{port}"),
            "K7MQ2X".to_string()
        ]
    );
    assert_eq!(crate::app_flow::menu(&app), Menu::Online);
    assert!(app.world().get_resource::<OnlineSession>().is_none());
    // It stays until dismissed.
    run(&mut app, 100);
    assert!(matches!(
        app.world().resource::<OnlineForm>().connection,
        Connection::Failed { .. }
    ));
    crate::app_flow::act(&mut app, DialogRequest::Dismiss);
    run(&mut app, 2);
    assert_eq!(
        app.world().resource::<OnlineForm>().connection,
        Connection::Idle
    );
}

#[test]
fn a_room_code_that_cannot_be_read_says_why() {
    use lineup::menus::online::OnlineForm;
    let mut app = online_dialog();
    for (code, says) in [
        ("1", "A room code has 6 letters and digits; this has 1."),
        (
            "K7MQ2O",
            "'O' is never in a room code: codes have no 0, O, 1, I or L.",
        ),
    ] {
        fill_the_dialog(&mut app, "Ann", code);
        crate::app_flow::act(&mut app, DialogRequest::Join);
        run(&mut app, 2);
        assert_eq!(app.world().resource::<OnlineForm>().problem, says);
        assert!(app.world().get_resource::<OnlineSession>().is_none());
    }
}

/// A cleared or blank name is refused in the dialog, with the name field
/// taken, for every way online: it was sent as "Player" and renamed a
/// logged-in player's account (#65).
#[test]
fn a_blank_name_is_refused_in_the_dialog_and_nothing_is_started() {
    use lineup::menus::online::OnlineForm;
    let mut app = online_dialog();
    for (name, request) in [
        ("", DialogRequest::Lobby),
        ("   ", DialogRequest::QuickPair),
        ("\u{200B}", DialogRequest::HostOnServer),
        ("", DialogRequest::HostHere),
    ] {
        fill_the_dialog(&mut app, name, "");
        app.world_mut().resource_mut::<OnlineForm>().active = Field::Address;
        crate::app_flow::act(&mut app, request);
        run(&mut app, 2);
        let form = app.world().resource::<OnlineForm>();
        assert_eq!(
            form.problem, "Type the name the other players will see.",
            "{name:?} {request:?}"
        );
        assert_eq!(form.active, Field::Name, "{request:?}");
        assert!(
            app.world().get_resource::<OnlineSession>().is_none(),
            "{request:?} started a session with the name {name:?}"
        );
    }
}

/// A server of its own on 127.0.0.1 (rooms in memory) for the lobby tests.
fn lobby_server() -> lineup_server::server::RunningServer {
    lineup_server::server::RunningServer::start(
        std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        Box::new(lineup_server::store::memory::MemoryStore::default()),
        lineup_server::server::Settings::default(),
    )
    .expect("a server on 127.0.0.1")
}

/// The next message of `connection` that `pick` takes, within 5 s.
fn next_of<T>(
    connection: &Connection,
    pick: impl Fn(lineup_core::net::wire::ToClient) -> Option<T>,
) -> T {
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while std::time::Instant::now() < deadline {
        if let Some(lineup_client::connection::Update::Message(message)) =
            connection.next(Duration::from_millis(100))
            && let Some(found) = pick(message)
        {
            return found;
        }
    }
    panic!("the server never sent what was awaited");
}

/// A raw player connected to `server` and logged in as `name`.
fn player(server: std::net::SocketAddr, name: &str) -> Connection {
    use lineup_core::net::Reply;
    use lineup_core::net::wire::ToClient;
    let identity = lineup_core::net::Identity::generate().expect("a key");
    let connection = Connection::open(Target::plain(server), Duration::from_secs(5));
    connection.send(Request::Hello {
        key: identity.key(),
        name: name.into(),
    });
    let challenge = next_of(&connection, |m| match m {
        ToClient::Reply(Reply::Challenge(c)) => Some(c),
        _ => None,
    });
    connection.send(Request::Prove {
        signature: identity.sign(&challenge),
    });
    next_of(&connection, |m| match m {
        ToClient::Reply(Reply::Welcome { .. }) => Some(()),
        _ => None,
    });
    connection
}

/// An app whose Play online session is `intent` at `server`, logged in
/// with a fresh identity as `name`.
fn online_app(server: std::net::SocketAddr, name: &str, intent: Intent) -> App {
    let mut app = app();
    run(&mut app, 3);
    let session = Start::new(Some(Target::plain(server)), name, intent)
        .with_identity(lineup_core::net::Identity::generate().expect("a key"));
    lineup::online::start(app.world_mut(), session, 0).expect("connects");
    app
}

#[test]
fn a_seek_in_the_lobby_is_accepted_from_the_window_and_the_game_opens() {
    use lineup_core::match_clock::TimeControl;
    use lineup_core::net::pairing::SeekSpec;
    let server = lobby_server();
    let bo = player(server.address(), "Bo");
    bo.send(Request::Seek(SeekSpec {
        kind: C4,
        clock: TimeControl::fischer(5, 3),
        rated: true,
        side: Some(Side::First),
    }));
    let mut app = online_app(server.address(), "Ann", Intent::Lobby);
    until(&mut app, 400, "Bo's seek in the lobby", |app| {
        let session = app.world().resource::<OnlineSession>();
        session
            .lobby
            .lobby
            .as_ref()
            .is_some_and(|l| l.seeks.len() == 1)
    });
    let session = app.world().resource::<OnlineSession>();
    let lobby = session.lobby.lobby.clone().expect("the lobby");
    assert_eq!(lobby.seeks[0].name, "Bo");
    assert_eq!(
        lobby.seeks[0].rating.map(|r| r.to_string()),
        Some("1500?".into())
    );
    assert_eq!(
        session.client().welcome().map(|w| w.name.as_str()),
        Some("Ann")
    );
    let id = lobby.seeks[0].id;

    act(&mut app, LobbyRequest::AcceptSeek(id));
    until(&mut app, 400, "the game screen", |app| {
        screen(app) == Screen::Game && app.world().resource::<CurrentMatch>().names()[0].is_some()
    });
    let game = app.world().resource::<CurrentMatch>();
    // Bo asked for Red: Ann plays Yellow, on a 5+3 clock, rated.
    assert_eq!(game.names(), &[Some("Bo".into()), Some("Ann".into())]);
    assert_eq!(
        game.clock().map(|c| c.control()),
        Some(TimeControl::fischer(5, 3))
    );
    let session = app.world().resource::<OnlineSession>();
    assert_eq!(session.seat().map(|s| s.side), Some(Side::Second));
    assert!(session.room().is_some_and(|r| r.rated));
}

#[test]
fn a_watcher_sees_every_move_and_the_clocks_and_changes_nothing() {
    use lineup_core::net::Reply;
    use lineup_core::net::pairing::PairingSpec;
    use lineup_core::net::wire::ToClient;
    let server = lobby_server();
    let spec = PairingSpec {
        kind: C4,
        clock: lineup_core::match_clock::TimeControl::fischer(5, 0),
    };
    let (ann, bo) = (
        player(server.address(), "Ann"),
        player(server.address(), "Bo"),
    );
    ann.send(Request::QuickPair(spec));
    bo.send(Request::QuickPair(spec));
    let seated = |c: &Connection| {
        next_of(c, |m| match m {
            ToClient::Reply(Reply::Seated { code, side, .. }) => Some((code, side)),
            _ => None,
        })
    };
    let (code, ann_side) = seated(&ann);
    let (_, bo_side) = seated(&bo);
    assert_ne!(ann_side, bo_side);
    let (red, yellow) = if ann_side == Side::First {
        (ann, bo)
    } else {
        (bo, ann)
    };

    let mut app = online_app(server.address(), "Cy", Intent::Watch(code));
    until(&mut app, 400, "the watched game on screen", |app| {
        screen(app) == Screen::Game
    });
    for (ply, (who, column)) in [(&red, 3), (&yellow, 3), (&red, 4)].into_iter().enumerate() {
        who.send(Request::Play {
            mv: col(column),
            ply,
        });
        until(&mut app, 400, "the move on the watcher's board", |app| {
            moves(app).len() == ply + 1
        });
    }
    assert_eq!(moves(&app), vec![col(3), col(3), col(4)]);
    // The server's clocks came along: Yellow's runs.
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!(game.clock().and_then(|c| c.running()), Some(Side::Second));
    let session = app.world().resource::<OnlineSession>();
    assert_eq!(session.room().map(|r| r.watchers), Some(1));
    assert!(session.seat().is_none(), "a watcher has no seat");
    // The watcher's click is never a move.
    click(&mut app, col(0));
    assert_eq!(moves(&app).len(), 3);
}

#[test]
fn chat_reaches_the_opponent_only_and_mute_hides_their_lines() {
    use lineup_core::net::pairing::PairingSpec;
    use lineup_core::net::wire::ToClient;
    let server = lobby_server();
    let spec = PairingSpec {
        kind: C4,
        clock: lineup_core::match_clock::TimeControl::Untimed,
    };
    let bo = player(server.address(), "Bo");
    bo.send(Request::QuickPair(spec));
    let mut app = online_app(server.address(), "Ann", Intent::QuickPair(spec));
    until(&mut app, 400, "the paired game", |app| {
        screen(app) == Screen::Game && app.world().resource::<OnlineSession>().room().is_some()
    });
    let code = app
        .world()
        .resource::<OnlineSession>()
        .seat()
        .expect("seated")
        .code;
    let cy = player(server.address(), "Cy");
    cy.send(Request::Watch(code));

    // Ann types a line in the chat dialog and sends it.
    act(&mut app, ChatRequest::Open);
    run(&mut app, 3);
    crate::app_flow::type_keys(&mut app, "good luck");
    act(&mut app, ChatRequest::Send);
    run(&mut app, 5);
    let heard = next_of(&bo, |m| match m {
        ToClient::Chat(line) => Some(line),
        _ => None,
    });
    assert_eq!(
        (heard.from.as_str(), heard.text.as_str()),
        ("Ann", "good luck")
    );
    // The watcher hears nothing of the players' chat (its next message is
    // no chat line within the wait).
    assert!(
        !std::iter::repeat_with(|| cy.next(Duration::from_millis(100)))
            .take(10)
            .flatten()
            .any(|u| matches!(
                u,
                lineup_client::connection::Update::Message(ToClient::Chat(_))
            )),
        "a watcher never reads the players' chat"
    );

    // Bo answers; Ann sees it, then mutes and sees only her own.
    bo.send(Request::Chat("you too".into()));
    until(&mut app, 400, "Bo's line in Ann's window", |app| {
        app.world().resource::<OnlineSession>().chat.len() == 2
    });
    let shown = |app: &App| -> Vec<String> {
        app.world()
            .resource::<OnlineSession>()
            .shown_chat()
            .map(lineup::online::chat::line_text)
            .collect()
    };
    assert_eq!(shown(&app), vec!["Ann: good luck", "Bo: you too"]);
    act(&mut app, ChatRequest::ToggleMute);
    run(&mut app, 2);
    assert_eq!(shown(&app), vec!["Ann: good luck"]);
}

#[test]
fn a_saved_seat_whose_room_is_gone_plays_on_here_with_no_online_line() {
    use crate::app_flow::{HUMANS, app_in_game, named};
    use lineup::current_match::StartMatch;
    use lineup_core::net::{OnlineSeat, RoomCode, SeatSecret};
    let server = lobby_server();
    let mut app = app_in_game(C4, "44", HUMANS);
    let seat = OnlineSeat {
        server: Some(server.address().to_string()),
        code: RoomCode::parse("ABCDEF").unwrap(),
        secret: SeatSecret::from_bytes([1; 16]),
    };
    let game = lineup_core::match_state::Match::clone(app.world().resource::<CurrentMatch>())
        .with_seat(Some(seat));
    app.world_mut().write_message(StartMatch(game));
    // Continue takes the seat back: the session starts, with its line.
    until(&mut app, 400, "the online line", |app| {
        named(app, "Online status") == 1
    });
    // The server has no such room: said, and the game goes on here.
    until(&mut app, 400, "the room's end said", |app| {
        toast(app, ToastPlace::Window).contains("ABCDEF")
    });
    until(&mut app, 400, "the game played here", |app| {
        app.world().resource::<CurrentMatch>().online().is_none()
    });
    run(&mut app, 3);
    assert!(app.world().get_resource::<OnlineSession>().is_none());
    assert_eq!(
        named(&mut app, "Online status"),
        0,
        "no line of a gone session"
    );
    assert_eq!(moves(&app).len(), 2, "the moves stay");
}

/// What the dialog's connection line says now.
fn dialog_connection(app: &App) -> lineup::menus::online::Connection {
    app.world()
        .resource::<lineup::menus::online::OnlineForm>()
        .connection
        .clone()
}

#[test]
fn a_search_that_found_a_game_is_not_shown_in_the_dialog_after_it() {
    use lineup::menus::online::{Connection as Said, OnlineForm};
    use lineup_core::net::pairing::PairingSpec;
    let server = lobby_server();
    let mut app = online_dialog();
    let spec = {
        let mut form = app.world_mut().resource_mut::<OnlineForm>();
        form.fields = ["Ann".into(), server.address().to_string(), String::new()].into();
        PairingSpec {
            kind: form.kind(),
            clock: form.clock,
        }
    };
    act(&mut app, DialogRequest::QuickPair);
    until(&mut app, 400, "the dialog says Ann is waiting", |app| {
        matches!(dialog_connection(app), Said::Pairing { .. })
    });
    let bo = player(server.address(), "Bo");
    bo.send(Request::QuickPair(spec));
    until(&mut app, 400, "the paired game", |app| {
        screen(app) == Screen::Game && app.world().resource::<CurrentMatch>().names()[0].is_some()
    });
    // Back to the title, and Play online again: the search is over.
    act(&mut app, lineup::menus::MenuRequest::QuitToTitle);
    run(&mut app, 3);
    act(&mut app, lineup::menus::MenuRequest::OpenOnline);
    run(&mut app, 3);
    assert_eq!(
        crate::app_flow::menu(&app),
        lineup::states::Menu::Online,
        "the Play online dialog is open"
    );
    assert_eq!(dialog_connection(&app), Said::Idle);
    assert!(
        !crate::app_flow::texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Looking for an opponent")),
        "the dialog still shows the search"
    );
}
