//! The window's side of online play, headless: the game's own plugins host
//! a room (no socket: the host's requests reach its own server side
//! directly, as on a listen server), a friend's requests arrive as replicon
//! delivers a remote client's, and the tests look at the match the board
//! shows.

use crate::app_flow::{C4, app, run, screen, toast};
use bevy::prelude::*;
use bevy_replicon::prelude::*;
use lineup::current_match::{CurrentMatch, MoveRequested, Requester};
use lineup::online::OnlineRequest;
use lineup::online::client::{Intent, OnlineSession};
use lineup::online::protocol::NetRequest;
use lineup::states::Screen;
use lineup::theme::toast::ToastPlace;
use lineup_core::net::Request;
use lineup_core::rules::{BoardMove, Column, Ending, Side};

fn col(c: u8) -> BoardMove {
    BoardMove::Column(Column(c))
}

/// An app hosting a Connect Four room as Ann, on the game screen.
fn hosting() -> App {
    let mut app = app();
    // Replicon sets up its channels when the app finishes building.
    app.finish();
    app.cleanup();
    // A listen server with no socket (the backend would set this state).
    app.world_mut()
        .resource_mut::<NextState<ServerState>>()
        .set(ServerState::Running);
    run(&mut app, 3);
    let host = Intent::Host {
        kind: C4,
        side: Side::First,
    };
    app.world_mut()
        .insert_resource(OnlineSession::new(None, "Ann", host));
    run(&mut app, 5);
    assert_eq!(screen(&app), Screen::Game, "the room opens the game screen");
    app
}

/// A remote player's connection, and a request from it.
fn friend(app: &mut App) -> Entity {
    app.world_mut()
        .spawn(ConnectedClient { max_size: 1200 })
        .id()
}

/// Bo connects and joins the hosted room; his client and the room's code.
fn bo_joins(app: &mut App) -> (Entity, lineup_core::net::RoomCode) {
    let bo = friend(app);
    let room = code(app);
    from(
        app,
        bo,
        Request::Join {
            code: room,
            name: "Bo".into(),
        },
    );
    (bo, room)
}

fn from(app: &mut App, client: Entity, request: Request) {
    app.world_mut().trigger(FromClient {
        client_id: ClientId::Client(client),
        message: NetRequest(request),
    });
    run(app, 20);
}

fn click(app: &mut App, mv: BoardMove) {
    app.world_mut().write_message(MoveRequested {
        mv,
        by: Requester::Human,
    });
    run(app, 20);
}

fn moves(app: &App) -> Vec<BoardMove> {
    app.world().resource::<CurrentMatch>().game().moves()
}

fn code(app: &App) -> lineup_core::net::RoomCode {
    let session = app.world().resource::<OnlineSession>();
    session.seat.expect("seated").0
}

#[test]
fn a_hosted_match_follows_the_server_moves_undo_by_agreement_and_resignation() {
    let mut app = hosting();
    // Alone in the room, a click is not played.
    click(&mut app, col(3));
    assert!(moves(&app).is_empty());
    let feedback = toast(&mut app, ToastPlace::Board);
    assert!(feedback.contains("friend"), "{feedback}");

    let (bo, room) = bo_joins(&mut app);
    let names = app.world().resource::<CurrentMatch>().names().clone();
    assert_eq!(names, [Some("Ann".into()), Some("Bo".into())]);

    // Ann's click goes to the server and comes back as the board's move.
    click(&mut app, col(3));
    assert_eq!(moves(&app), vec![col(3)]);
    // Out of turn: not sent, and said.
    click(&mut app, col(0));
    assert_eq!(moves(&app), vec![col(3)]);
    let feedback = toast(&mut app, ToastPlace::Board);
    assert!(feedback.contains("Bo"), "{feedback}");
    // Bo's move arrives from the network.
    from(&mut app, bo, Request::Play { mv: col(4), ply: 1 });
    assert_eq!(moves(&app), vec![col(3), col(4)]);

    // Bo asks to take his move back; Ann allows it.
    from(&mut app, bo, Request::AskUndo);
    let asked = app.world().resource::<OnlineSession>().room.clone();
    assert_eq!(asked.and_then(|r| r.undo_asked_by), Some(Side::Second));
    app.world_mut().write_message(OnlineRequest::AllowUndo);
    run(&mut app, 20);
    assert_eq!(moves(&app), vec![col(3)]);

    // Bo resigns: Ann's board shows the win, and the autosave keeps the seat.
    from(&mut app, bo, Request::Resign);
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
}

#[test]
fn a_lying_server_is_not_followed() {
    let mut app = hosting();
    bo_joins(&mut app);
    // A room whose moves the rules refuse, as a lying server would send.
    let mut lie = app
        .world()
        .resource::<OnlineSession>()
        .room
        .clone()
        .expect("a room");
    lie.moves = vec![col(0); 7];
    let mut rooms = app
        .world_mut()
        .query::<&mut lineup::online::protocol::RoomState>();
    for mut state in rooms.iter_mut(app.world_mut()) {
        state.0 = lie.clone();
    }
    run(&mut app, 10);
    assert!(
        app.world().get_resource::<OnlineSession>().is_none(),
        "left"
    );
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
    assert!(shows(&mut app, OnlineRequest::Cancel), "Cancel shows");
    assert!(
        !shows(&mut app, MenuRequest::Resign),
        "no Resign with nobody there"
    );
    // The friend comes: a game like any other.
    let _ = bo_joins(&mut app);
    assert_eq!(status(&mut app), "Red to move");
    assert!(shows(&mut app, MenuRequest::Resign));
    assert!(!shows(&mut app, OnlineRequest::Cancel));

    // Another host gives up waiting: back to Play online, no session left.
    let mut app = hosting();
    crate::app_flow::act(&mut app, OnlineRequest::Cancel);
    run(&mut app, 5);
    assert!(app.world().get_resource::<OnlineSession>().is_none());
    assert_eq!(screen(&app), Screen::Title);
    assert_eq!(crate::app_flow::menu(&app), Menu::Online);
}

/// A loopback port where nothing listens (taken and let go at once).
fn closed_port() -> u16 {
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").expect("a free port");
    socket.local_addr().expect("its address").port()
}

#[test]
fn a_failed_join_stays_in_the_dialog_with_what_to_check_and_keeps_the_fields() {
    use lineup::menus::MenuRequest;
    use lineup::menus::online::{Connection, OnlineForm};
    use lineup::states::Menu;
    let mut app = app();
    app.finish();
    app.cleanup();
    run(&mut app, 3);
    crate::app_flow::act(&mut app, MenuRequest::OpenOnline);
    run(&mut app, 3);
    assert_eq!(crate::app_flow::menu(&app), Menu::Online);
    let port = closed_port();
    {
        let mut form = app.world_mut().resource_mut::<OnlineForm>();
        form.fields = ["Ann".into(), format!("127.0.0.1:{port}"), String::new()];
    }
    // A room code typed as a person types it: lower case, a dash.
    crate::app_flow::act(&mut app, OnlineRequest::EditField(2));
    run(&mut app, 1);
    crate::app_flow::type_keys(&mut app, "k7m-q2x");
    assert_eq!(app.world().resource::<OnlineForm>().fields[2], "K7MQ2X");
    crate::app_flow::act(&mut app, OnlineRequest::Join);
    run(&mut app, 3);
    assert!(matches!(
        app.world().resource::<OnlineForm>().connection,
        Connection::Connecting { .. }
    ));
    // Nothing answers: after the time allowed, the dialog says so, with
    // what to check, and stays; what was typed is still there.
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
        check.contains("firewall") && check.contains("UDP"),
        "{check}"
    );
    assert_eq!(
        form.fields,
        [
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
    crate::app_flow::act(&mut app, OnlineRequest::Dismiss);
    run(&mut app, 2);
    assert_eq!(
        app.world().resource::<OnlineForm>().connection,
        Connection::Idle
    );
}

#[test]
fn a_room_code_that_cannot_be_read_says_why() {
    use lineup::menus::MenuRequest;
    use lineup::menus::online::OnlineForm;
    let mut app = app();
    run(&mut app, 3);
    crate::app_flow::act(&mut app, MenuRequest::OpenOnline);
    run(&mut app, 3);
    for (code, says) in [
        ("1", "A room code has 6 letters and digits; this has 1."),
        (
            "K7MQ2O",
            "'O' is never in a room code: codes have no 0, O, 1, I or L.",
        ),
    ] {
        {
            let mut form = app.world_mut().resource_mut::<OnlineForm>();
            form.fields = [
                "Ann".into(),
                format!("127.0.0.1:{}", closed_port()),
                code.into(),
            ];
        }
        crate::app_flow::act(&mut app, OnlineRequest::Join);
        run(&mut app, 2);
        assert_eq!(app.world().resource::<OnlineForm>().problem, says);
        assert!(app.world().get_resource::<OnlineSession>().is_none());
    }
}
