//! Secure mode for a server on the internet: netcode connect tokens. A
//! secure server makes a private key when it starts and signs tokens with
//! it; a client asks for one over TCP on the server's own port number (the
//! game itself speaks UDP there), then connects with it, and netcode
//! encrypts the whole game with the keys inside. A client without a token
//! is not let in. (Growing past one process, a lobby would hand out these
//! tokens instead: see docs/online.md.)

use super::protocol::PROTOCOL_ID;
use bevy_replicon_renet::netcode::{ConnectToken, NETCODE_KEY_BYTES, generate_random_bytes};
use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a token may wait before it is used.
const TOKEN_SECONDS: u64 = 60;
/// How long a secure connection may stay silent before netcode drops it.
const TIMEOUT_SECONDS: i32 = 15;
/// How long a client waits for a token before it tries without one.
const FETCH_LIMIT: Duration = Duration::from_secs(2);

/// A secure server's signing key and the address its tokens name.
#[derive(Clone)]
pub struct Security {
    pub key: [u8; NETCODE_KEY_BYTES],
    pub public: SocketAddr,
}

impl Security {
    /// A fresh key for a server reached at `public`.
    pub fn new(public: SocketAddr) -> Security {
        Security {
            key: generate_random_bytes(),
            public,
        }
    }

    fn token(&self) -> Result<ConnectToken, String> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let client_id = u64::from_le_bytes(generate_random_bytes());
        ConnectToken::generate(
            now,
            PROTOCOL_ID,
            TOKEN_SECONDS,
            client_id,
            TIMEOUT_SECONDS,
            vec![self.public],
            None,
            &self.key,
        )
        .map_err(|e| e.to_string())
    }

    /// Hands a token to whoever connects to `listener`, on a thread of its
    /// own, for as long as the process runs.
    pub fn serve_tokens(self, listener: TcpListener) {
        std::thread::Builder::new()
            .name("lineup-tokens".into())
            .spawn(move || {
                for stream in listener.incoming().flatten() {
                    let _ = self.hand_out(stream);
                }
            })
            .expect("a thread for the token desk");
    }

    fn hand_out(&self, mut stream: TcpStream) -> Result<(), String> {
        stream
            .set_write_timeout(Some(FETCH_LIMIT))
            .map_err(|e| e.to_string())?;
        let mut bytes = Vec::new();
        self.token()?.write(&mut bytes).map_err(|e| e.to_string())?;
        stream.write_all(&bytes).map_err(|e| e.to_string())
    }
}

/// Asks `server` for a connect token. `None` when it offers none (a game
/// hosted on a LAN, an older server): the client then connects without.
pub fn fetch(server: SocketAddr) -> Option<ConnectToken> {
    let mut stream = TcpStream::connect_timeout(&server, FETCH_LIMIT).ok()?;
    stream.set_read_timeout(Some(FETCH_LIMIT)).ok()?;
    ConnectToken::read(&mut stream).ok()
}
