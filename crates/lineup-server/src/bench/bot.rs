//! One bot's connection: a WebSocket to the server, plain or over TLS
//! ([`speak_tls`]), speaking the wire protocol as the window does, and the
//! random player that picks its moves.

use futures_util::{SinkExt, StreamExt};
use lineup_client::tls::ClientTls;
use lineup_core::ai::PlayRng;
use lineup_core::net::Request;
use lineup_core::net::wire::{self, MAX_UPDATE_BYTES, ToClient};
use lineup_core::rules::{BoardMove, Column, MatchGame, Point};
use rustls::pki_types::ServerName;
use std::net::{IpAddr, SocketAddr};
use std::sync::OnceLock;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpSocket;
use tokio_rustls::TlsConnector;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// A bot's byte stream: TCP, or TLS over TCP.
trait BotStream: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> BotStream for T {}

/// Whether the bots of this run speak TLS, and to whom: set once, before
/// the first bot connects (`lineup-server bench --tls CA`).
static TLS: OnceLock<(TlsConnector, ServerName<'static>)> = OnceLock::new();

/// Every bot of this run speaks TLS (wss://), trusting `tls`.
pub fn speak_tls(tls: &ClientTls) -> Result<(), String> {
    let connector = tls.connector()?;
    TLS.set(connector)
        .map_err(|_| "the bots' TLS is set once".to_string())
}

pub struct BotSocket {
    socket: WebSocketStream<Box<dyn BotStream>>,
    /// Where this socket is connected.
    pub server: SocketAddr,
    /// Where it connects from.
    pub source: Option<IpAddr>,
    /// Every instance of the server, as the server last said (this one
    /// alone until it says).
    pub servers: Vec<SocketAddr>,
}

impl BotSocket {
    /// Connects to `server`, from `source` when given.
    pub async fn connect(server: SocketAddr, source: Option<IpAddr>) -> Result<BotSocket, String> {
        let tcp = if server.is_ipv4() {
            TcpSocket::new_v4()
        } else {
            TcpSocket::new_v6()
        }
        .map_err(|e| e.to_string())?;
        if let Some(source) = source {
            tcp.bind(SocketAddr::new(source, 0))
                .map_err(|e| format!("cannot bind {source}: {e}"))?;
        }
        // Bounded: a connection the server cannot take (out of files) must
        // not hold up the run for the kernel's minutes of retries.
        let stream = tokio::time::timeout(std::time::Duration::from_secs(10), tcp.connect(server))
            .await
            .map_err(|_| format!("{server} took no connection in 10 s"))?
            .map_err(|e| format!("cannot connect to {server}: {e}"))?;
        let _ = stream.set_nodelay(true);
        let (stream, url): (Box<dyn BotStream>, String) = match TLS.get() {
            None => (Box::new(stream), format!("ws://{server}/")),
            Some((connector, name)) => {
                let stream = connector
                    .connect(name.clone(), stream)
                    .await
                    .map_err(|e| format!("no TLS with {server}: {e}"))?;
                let url = format!("wss://{}:{}/", name.to_str(), server.port());
                (Box::new(stream), url)
            }
        };
        let config = WebSocketConfig::default()
            .read_buffer_size(2048)
            .write_buffer_size(0)
            .max_message_size(Some(MAX_UPDATE_BYTES));
        let (socket, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
            .await
            .map_err(|e| format!("no WebSocket at {server}: {e}"))?;
        Ok(BotSocket {
            socket,
            server,
            source,
            servers: vec![server],
        })
    }

    pub async fn send(&mut self, request: &Request) -> Result<(), String> {
        self.socket
            .send(Message::Binary(wire::encode(request).into()))
            .await
            .map_err(|e| e.to_string())
    }

    /// A WebSocket ping: a bot that is only listening still tells the
    /// server it is alive (fault runs give the server a short silence limit).
    pub async fn ping(&mut self) -> Result<(), String> {
        self.socket
            .send(Message::Ping(Default::default()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next message from the server; `Err` when the connection ended.
    /// The list of instances is kept, not returned.
    pub async fn next(&mut self) -> Result<ToClient, String> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Binary(frame))) => {
                    match wire::decode_update(&frame).map_err(|e| e.to_string())? {
                        ToClient::Servers(list) => {
                            let known: Vec<SocketAddr> =
                                list.iter().filter_map(|s| s.parse().ok()).collect();
                            if !known.is_empty() {
                                self.servers = known;
                            }
                        }
                        message => return Ok(message),
                    }
                }
                Some(Ok(Message::Close(_))) | None => return Err("the server hung up".into()),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.to_string()),
            }
        }
    }
}

/// A legal move picked at random (a few tries at random points, then the
/// first legal one in order, then a pass when it is the one move left).
pub fn random_move(game: &MatchGame, dice: &mut PlayRng) -> Option<BoardMove> {
    let candidates: Vec<BoardMove> = match game {
        MatchGame::ConnectFour(g) => (0..g.position().size().columns())
            .map(|c| BoardMove::Column(Column(c)))
            .collect(),
        MatchGame::Gomoku(g) => {
            let size = g.position().size();
            (0..size)
                .flat_map(|y| (0..size).map(move |x| BoardMove::Point(Point::new(x, y))))
                .collect()
        }
    };
    let legal = |mv: &BoardMove| game.clone().play(*mv).is_ok();
    for _ in 0..16 {
        let mv = candidates[dice.below(candidates.len())];
        if legal(&mv) {
            return Some(mv);
        }
    }
    candidates
        .into_iter()
        .find(legal)
        .or_else(|| game.must_pass().then_some(BoardMove::Pass))
}
