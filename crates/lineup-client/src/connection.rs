//! A connection to a Lineup server on a thread of its own, so that nothing
//! the network does can hold up a frame: the window (and a test, or a bot)
//! sends requests without waiting and polls for what came back.

use crate::tls::ClientTls;
use futures_util::{SinkExt, StreamExt};
use lineup_core::net::Request;
use lineup_core::net::address::parse_address;
use lineup_core::net::wire::{self, MAX_UPDATE_BYTES, ToClient};
use std::net::SocketAddr;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio::time::timeout;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// How often a quiet connection pings, so the server (and the client)
/// know it is alive.
const PING_EVERY: Duration = Duration::from_secs(15);

/// What happened on a connection.
// A message is moved once, from the connection's thread to its reader:
// boxing the large variant would cost an allocation a message for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// The server answered; requests go through from now on.
    Connected,
    /// A message from the server.
    Message(ToClient),
    /// The connection could not be made (nothing answered, no WebSocket).
    Failed(String),
    /// The connection ended after it was made (closed, dropped, or the
    /// server sent what this client cannot read).
    Lost(String),
}

/// Where a client connects: the address, and TLS when the server speaks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub address: SocketAddr,
    pub tls: Option<ClientTls>,
}

impl Target {
    pub fn plain(address: SocketAddr) -> Target {
        Target { address, tls: None }
    }

    /// An address as a person types it, or as a server names one of its
    /// instances: `HOST[:PORT]` (plain), `wss://NAME[:PORT]` (TLS; the
    /// certificate must name NAME). A CA file named by the environment's
    /// `LINEUP_TLS_CA` is trusted beside the usual roots.
    pub fn parse(text: &str) -> Result<Target, String> {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix("wss://") {
            let rest = rest.trim_end_matches('/');
            let name = match rest.rsplit_once(':') {
                Some((host, port)) if port.chars().all(|c| c.is_ascii_digit()) => host,
                _ => rest,
            };
            let name = name.trim_matches(['[', ']']).to_string();
            let extra_ca = std::env::var_os("LINEUP_TLS_CA").map(std::path::PathBuf::from);
            return Ok(Target {
                address: parse_address(rest)?,
                tls: Some(ClientTls { name, extra_ca }),
            });
        }
        let plain = text
            .strip_prefix("ws://")
            .unwrap_or(text)
            .trim_end_matches('/');
        Ok(Target::plain(parse_address(plain)?))
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.tls {
            Some(tls) => write!(f, "wss://{}:{}", tls.name, self.address.port()),
            None => write!(f, "{}", self.address),
        }
    }
}

/// One connection. Dropping it hangs up.
pub struct Connection {
    server: SocketAddr,
    requests: UnboundedSender<Request>,
    updates: Mutex<Receiver<Update>>,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Connection({})", self.server)
    }
}

impl Connection {
    /// Starts connecting to `target`; gives up after `within`.
    pub fn open(target: Target, within: Duration) -> Connection {
        let server = target.address;
        let (requests, outgoing) = unbounded_channel();
        let (tell, updates) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("lineup-connection".into())
            .spawn({
                let tell = tell.clone();
                move || {
                    let runtime = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build();
                    match runtime {
                        Ok(runtime) => runtime.block_on(run(target, within, outgoing, tell)),
                        Err(e) => {
                            let _ = tell.send(Update::Failed(e.to_string()));
                        }
                    }
                }
            });
        if let Err(e) = spawned {
            let _ = tell.send(Update::Failed(format!("no thread for the connection: {e}")));
        }
        Connection {
            server,
            requests,
            updates: Mutex::new(updates),
        }
    }

    pub fn server(&self) -> SocketAddr {
        self.server
    }

    /// Sends a request (queued until connected); false once the connection
    /// has ended.
    pub fn send(&self, request: Request) -> bool {
        self.requests.send(request).is_ok()
    }

    /// What arrived since the last call, without waiting.
    pub fn poll(&self) -> Vec<Update> {
        let Ok(updates) = self.updates.lock() else {
            return Vec::new();
        };
        let mut arrived = Vec::new();
        loop {
            match updates.try_recv() {
                Ok(update) => arrived.push(update),
                Err(TryRecvError::Empty) => return arrived,
                Err(TryRecvError::Disconnected) => return arrived,
            }
        }
    }

    /// The next update, waiting at most `limit`.
    pub fn next(&self, limit: Duration) -> Option<Update> {
        let updates = self.updates.lock().ok()?;
        updates.recv_timeout(limit).ok()
    }
}

/// The WebSocket settings of a client: a server's frame is at most
/// [`MAX_UPDATE_BYTES`].
fn socket_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_message_size(Some(MAX_UPDATE_BYTES))
        .max_frame_size(Some(MAX_UPDATE_BYTES))
}

async fn run(
    target: Target,
    within: Duration,
    outgoing: tokio::sync::mpsc::UnboundedReceiver<Request>,
    tell: mpsc::Sender<Update>,
) {
    let server = target.address;
    let stream = match timeout(within, TcpStream::connect(server)).await {
        Ok(Ok(stream)) => stream,
        Ok(Err(e)) => {
            let _ = tell.send(Update::Failed(e.to_string()));
            return;
        }
        Err(_) => {
            let _ = tell.send(Update::Failed("nothing answered in time".into()));
            return;
        }
    };
    let _ = stream.set_nodelay(true);
    match &target.tls {
        None => {
            let url = format!("ws://{server}/");
            let handshake =
                tokio_tungstenite::client_async_with_config(url, stream, Some(socket_config()));
            match timeout(within, handshake).await {
                Ok(Ok((socket, _))) => talk(socket, outgoing, tell).await,
                Ok(Err(e)) => {
                    let _ = tell.send(Update::Failed(format!("no Lineup server there: {e}")));
                }
                Err(_) => {
                    let _ = tell.send(Update::Failed("nothing answered in time".into()));
                }
            }
        }
        Some(tls) => {
            let handshake = async {
                let (connector, name) = tls.connector()?;
                let stream = connector
                    .connect(name, stream)
                    .await
                    .map_err(|e| format!("no TLS with {}: {e}", tls.name))?;
                let url = format!("wss://{}:{}/", tls.name, server.port());
                tokio_tungstenite::client_async_with_config(url, stream, Some(socket_config()))
                    .await
                    .map(|(socket, _)| socket)
                    .map_err(|e| format!("no Lineup server there: {e}"))
            };
            match timeout(within, handshake).await {
                Ok(Ok(socket)) => talk(socket, outgoing, tell).await,
                Ok(Err(problem)) => {
                    let _ = tell.send(Update::Failed(problem));
                }
                Err(_) => {
                    let _ = tell.send(Update::Failed("nothing answered in time".into()));
                }
            }
        }
    }
}

/// A connection made: requests out, messages in, pings, until it ends.
async fn talk<S: AsyncRead + AsyncWrite + Unpin>(
    socket: WebSocketStream<S>,
    mut outgoing: tokio::sync::mpsc::UnboundedReceiver<Request>,
    tell: mpsc::Sender<Update>,
) {
    let _ = tell.send(Update::Connected);
    let (mut sink, mut source) = socket.split();
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.reset();
    let ending = loop {
        tokio::select! {
            request = outgoing.recv() => match request {
                Some(request) => {
                    if let Err(e) = sink.send(Message::Binary(wire::encode(&request).into())).await {
                        break e.to_string();
                    }
                }
                None => {
                    // The connection was dropped here: hang up politely.
                    let _ = timeout(Duration::from_secs(1), sink.close()).await;
                    return;
                }
            },
            message = source.next() => match message {
                Some(Ok(Message::Binary(frame))) => match wire::decode_update(&frame) {
                    Ok(message) => {
                        if tell.send(Update::Message(message)).is_err() {
                            return;
                        }
                    }
                    Err(problem) => break format!("the server sent {problem}"),
                },
                Some(Ok(Message::Close(frame))) => {
                    break match frame {
                        Some(frame) if !frame.reason.is_empty() => {
                            format!("the server closed the connection: {}", frame.reason)
                        }
                        _ => "the server closed the connection".into(),
                    };
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => break e.to_string(),
                None => break "the connection ended".into(),
            },
            _ = ping.tick() => {
                if let Err(e) = sink.send(Message::Ping(Default::default())).await {
                    break e.to_string();
                }
            }
        }
    };
    let _ = tell.send(Update::Lost(ending));
}
