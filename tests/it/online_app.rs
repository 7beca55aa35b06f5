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
