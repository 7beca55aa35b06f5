//! The fault run's hostile clients, beside the games: one sends half a
//! WebSocket frame and stalls, one floods requests. The server must cut
//! both (for silence, for the flood) without the games noticing.
//!
//! Why beside the games and straight to the server: what is checked is
//! that a bad peer costs the others nothing, under the same faults.

use futures_util::{SinkExt, StreamExt};
use lineup_core::net::Request;
use lineup_core::net::wire;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

/// How often the server cut each hostile client (a close frame with the
/// reason: silence, a flood).
#[derive(Default, Debug)]
pub struct Cuts {
    pub half_frame: AtomicU64,
    pub flood: AtomicU64,
}

/// The hostile clients, until `calm` is set.
pub async fn run(server: SocketAddr, wait: Duration, calm: Arc<AtomicBool>, cuts: Arc<Cuts>) {
    tokio::join!(
        again(server, wait, &calm, &cuts.half_frame, "silent", half_frame),
        again(server, wait, &calm, &cuts.flood, "flood", flood),
    );
}

/// One hostile client over and over (a restart ends its connection
/// without a reason; it comes back).
async fn again<F: Future<Output = Result<String, String>>>(
    server: SocketAddr,
    wait: Duration,
    calm: &AtomicBool,
    cut: &AtomicU64,
    why: &str,
    client: impl Fn(SocketAddr, Duration) -> F,
) {
    while !calm.load(Ordering::Relaxed) {
        let outcome = tokio::select! {
            outcome = client(server, wait) => outcome,
            _ = until_calm(calm) => return,
        };
        if let Ok(reason) = outcome
            && reason.contains(why)
        {
            cut.fetch_add(1, Ordering::Relaxed);
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

async fn until_calm(calm: &AtomicBool) {
    while !calm.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn open(server: SocketAddr) -> Result<WebSocketStream<TcpStream>, String> {
    let stream = TcpStream::connect(server)
        .await
        .map_err(|e| e.to_string())?;
    let (socket, _) = tokio_tungstenite::client_async(format!("ws://{server}/"), stream)
        .await
        .map_err(|e| e.to_string())?;
    Ok(socket)
}

/// Reads until the server closes: its reason, or how it ended.
async fn reason(socket: &mut WebSocketStream<TcpStream>, wait: Duration) -> Result<String, String> {
    let reading = async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(Some(frame)))) => return Ok(frame.reason.to_string()),
                Some(Ok(Message::Close(None))) => return Err("closed without a reason".into()),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.to_string()),
                None => return Err("ended".into()),
            }
        }
    };
    tokio::time::timeout(wait, reading)
        .await
        .unwrap_or_else(|_| Err("still open".into()))
}

/// The header of a masked binary frame of 10 bytes, and 3 of them: the
/// server waits for the other 7 that never come.
async fn half_frame(server: SocketAddr, wait: Duration) -> Result<String, String> {
    let mut socket = open(server).await?;
    let half = [0x82, 0x80 | 10, 1, 2, 3, 4, wire::WIRE_VERSION, 0, 0];
    socket
        .get_mut()
        .write_all(&half)
        .await
        .map_err(|e| e.to_string())?;
    reason(&mut socket, wait).await
}

/// Hundreds of requests at once, far past the allowance.
async fn flood(server: SocketAddr, wait: Duration) -> Result<String, String> {
    let mut socket = open(server).await?;
    let leave = wire::encode(&Request::Leave);
    for _ in 0..500 {
        if socket
            .send(Message::Binary(leave.clone().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    reason(&mut socket, wait).await
}
