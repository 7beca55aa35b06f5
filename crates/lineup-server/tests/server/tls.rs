//! A server speaking TLS (`--tls CERT KEY`): a client that trusts its
//! certificate plays through it; a plain client, or one that does not
//! trust the certificate, is refused with the reason.

use crate::player::{C4, col};
use lineup_client::connection::{Connection, Target, Update};
use lineup_client::tls::ClientTls;
use lineup_core::net::Request;
use lineup_core::rules::Side;
use lineup_server::server::{RunningServer, Settings};
use lineup_server::store::memory::MemoryStore;
use lineup_server::tls::ServerTls;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// A self-signed certificate for "localhost" and its key, in PEM files.
fn certificate(folder: &std::path::Path) -> (PathBuf, PathBuf) {
    let made =
        rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).expect("a certificate");
    std::fs::create_dir_all(folder).expect("a folder");
    let (cert, key) = (folder.join("cert.pem"), folder.join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).expect("written");
    std::fs::write(&key, made.signing_key.serialize_pem()).expect("written");
    (cert, key)
}

fn first_update(connection: &Connection) -> Update {
    connection
        .next(Duration::from_secs(20))
        .expect("an answer in time")
}

/// A server on 127.0.0.1 speaking TLS with a certificate of its own for
/// "localhost", made in `folder`; and that certificate's file.
fn tls_server(folder: &std::path::Path) -> (RunningServer, PathBuf) {
    let (cert, key) = certificate(folder);
    let settings = Settings {
        tls: Some(ServerTls::from_files(&cert, &key).expect("a server's TLS")),
        ..Settings::default()
    };
    let server = RunningServer::start(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        Box::new(MemoryStore::default()),
        settings,
    )
    .expect("listens");
    (server, cert)
}

#[test]
fn a_tls_server_plays_with_a_client_that_trusts_it_and_refuses_the_others() {
    let folder = std::env::temp_dir().join(format!("lineup-tls-{}", std::process::id()));
    let (server, cert) = tls_server(&folder);
    let address = server.address();
    let typed = format!("wss://localhost:{}", address.port());
    let trusting = Target {
        address,
        tls: Some(ClientTls {
            name: "localhost".into(),
            extra_ca: Some(cert.clone()),
        }),
    };
    assert_eq!(trusting.to_string(), typed);
    let parsed = Target::parse(&typed).expect("an address");
    assert_eq!(
        parsed.tls.as_ref().map(|t| t.name.as_str()),
        Some("localhost")
    );

    // Trusted: a room and a move through TLS.
    let ann = Connection::open(trusting.clone(), Duration::from_secs(5));
    assert_eq!(first_update(&ann), Update::Connected);
    ann.send(Request::Host {
        kind: C4,
        side: Side::First,
        name: "Ann".into(),
        clock: lineup_core::match_clock::TimeControl::Untimed,
    });
    let seated = (0..5).any(|_| {
        matches!(
            first_update(&ann),
            Update::Message(lineup_core::net::wire::ToClient::Reply(
                lineup_core::net::Reply::Seated { .. }
            ))
        )
    });
    assert!(seated, "Ann got a room over TLS");
    ann.send(Request::Play { mv: col(3), ply: 0 });

    // A certificate nobody vouches for: refused by the client.
    let doubting = Target {
        address,
        tls: Some(ClientTls {
            name: "localhost".into(),
            extra_ca: None,
        }),
    };
    match first_update(&Connection::open(doubting, Duration::from_secs(5))) {
        Update::Failed(why) => assert!(why.contains("TLS"), "{why}"),
        other => panic!("an untrusted certificate was taken: {other:?}"),
    }
    // Plain WebSockets to a TLS server: no handshake.
    let plain = Connection::open(Target::plain(address), Duration::from_secs(5));
    assert!(
        matches!(first_update(&plain), Update::Failed(_)),
        "a plain client gets nowhere"
    );
    // A key that is not the certificate's, or no such file: said at start.
    let missing = ServerTls::from_files(&folder.join("none.pem"), &folder.join("key.pem")).err();
    assert!(missing.is_some_and(|e| e.contains("none.pem")));
    let _ = std::fs::remove_dir_all(&folder);
}

/// The load tool's bots over TLS (`bench --tls CA`), the real binary
/// against the in-process server speaking TLS: every game is played and
/// nothing lost. A plain run against it connects no game.
#[test]
fn the_load_tools_bots_play_over_tls() {
    let folder = std::env::temp_dir().join(format!("lineup-tls-bench-{}", std::process::id()));
    let (server, cert) = tls_server(&folder);
    let bench = |tls: Option<&std::path::Path>| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_lineup-server"));
        command.args([
            "bench",
            "--games",
            "4",
            "--move-every-ms",
            "50",
            "--seconds",
            "2",
        ]);
        command.arg("--addr").arg(server.address().to_string());
        if let Some(ca) = tls {
            command.arg("--tls").arg(ca);
        }
        let out = command.output().expect("the load tool runs");
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr)
    };
    let over_tls = bench(Some(&cert));
    let figures = over_tls
        .lines()
        .find(|l| l.starts_with("games 4,"))
        .unwrap_or_else(|| panic!("no figures: {over_tls}"));
    let moves: u64 = figures
        .split(", ")
        .find_map(|f| f.strip_prefix("moves "))
        .and_then(|m| m.parse().ok())
        .unwrap_or_else(|| panic!("no moves in {figures}"));
    assert!(moves >= 20, "{figures}");
    assert!(figures.contains("lost 0"), "{figures}");
    let plain = bench(None);
    assert!(
        plain.contains("4 games could not connect") && plain.contains("moves 0,"),
        "{plain}"
    );
    let _ = std::fs::remove_dir_all(&folder);
}
