//! One task per connection: the WebSocket handshake, then frames in and
//! out. A peer that sends garbage, a frame over the size limit, more
//! requests than its allowance, or nothing at all for too long is cut off
//! with the reason in the log; it costs the other connections nothing,
//! since it never reaches the owner but as a clean [`Event::Gone`].

use super::door::Door;
use super::owner::Event;
use super::{Limits, Settings};
use futures_util::{SinkExt, StreamExt};
use lineup_core::net::ClientKey;
use lineup_core::net::wire::{self, MAX_REQUEST_BYTES};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio::time::{Instant, sleep_until, timeout};
use tokio_tungstenite::tungstenite::error::ProtocolError;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Bytes, Error as WsError, Message};

/// The WebSocket settings of a server connection: small buffers (a request
/// is a few dozen bytes; 20,000 connections must fit in memory) and the
/// request size limit enforced while reading, before a byte is kept.
pub fn socket_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(1024)
        // The frames waiting for a connection go out in one write: they
        // are gathered up to this, and flushed once (see serve_one).
        .write_buffer_size(WRITE_GATHERED)
        .max_write_buffer_size(64 * 1024)
        .max_message_size(Some(MAX_REQUEST_BYTES))
        .max_frame_size(Some(MAX_REQUEST_BYTES))
}

/// The most bytes gathered for one write to a connection.
const WRITE_GATHERED: usize = 8 * 1024;

/// Accepts connections until the listener fails.
pub async fn accept_all(listener: TcpListener, events: mpsc::Sender<Event>, settings: Settings) {
    let open = Arc::new(AtomicUsize::new(0));
    let door = Door::new(settings.limits.per_address);
    let mut next: ClientKey = 1;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of files and the like: wait, do not spin.
                if settings.log {
                    eprintln!("Lineup server: accept failed: {e}");
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        if open.load(Ordering::Relaxed) >= settings.limits.connections {
            if settings.log {
                eprintln!("Lineup server: {peer} turned away: too many connections");
            }
            continue;
        }
        let Some(place) = door.admit(peer.ip()) else {
            if settings.log {
                eprintln!("Lineup server: {peer} turned away: too many connections from it");
            }
            continue;
        };
        let _ = stream.set_nodelay(true);
        let client = next;
        next += 1;
        open.fetch_add(1, Ordering::Relaxed);
        let (events, open, log, limits) =
            (events.clone(), open.clone(), settings.log, settings.limits);
        let tls = settings.tls.clone();
        let task = async move {
            let ending = match tls {
                None => serve_one(stream, client, &events, limits).await,
                // Boxed: a TLS connection's state is large, and a task is
                // as large as its largest branch.
                Some(tls) => {
                    Box::pin(async {
                        match timeout(limits.handshake, tls.0.accept(stream)).await {
                            Ok(Ok(stream)) => serve_one(stream, client, &events, limits).await,
                            Ok(Err(e)) => Err(format!("no TLS handshake: {e}")),
                            Err(_) => Err("no TLS handshake in time".into()),
                        }
                    })
                    .await
                }
            };
            open.fetch_sub(1, Ordering::Relaxed);
            drop(place);
            if let Err(reason) = ending
                && log
            {
                eprintln!("Lineup server: connection {client} from {peer} cut off: {reason}");
            }
        };
        tokio::spawn(task);
    }
}

/// A request allowance: `rate` a second, up to `burst` saved up.
struct Allowance {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Allowance {
    fn new(limits: &Limits) -> Allowance {
        Allowance {
            tokens: limits.burst,
            rate: limits.requests_per_second,
            burst: limits.burst,
            last: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let earned = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + earned).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Runs one connection to its end: `Ok` when it closed as it should,
/// `Err(reason)` when it was cut off.
async fn serve_one<S: AsyncRead + AsyncWrite + Unpin>(
    stream: S,
    client: ClientKey,
    events: &mpsc::Sender<Event>,
    limits: Limits,
) -> Result<(), String> {
    // Boxed: the handshake's state is freed once it is done, not carried
    // in the task for the connection's life.
    let handshake = Box::pin(tokio_tungstenite::accept_async_with_config(
        stream,
        Some(socket_config()),
    ));
    let socket = match timeout(limits.handshake, handshake).await {
        Ok(Ok(socket)) => socket,
        Ok(Err(e)) => return Err(format!("no WebSocket handshake: {e}")),
        Err(_) => return Err("no WebSocket handshake in time".into()),
    };
    // One task, one socket, not split: no lock between a reader and a
    // writer half, and one wake-up serves both directions.
    let mut socket = socket;
    let (outbox, mut to_send) = mpsc::channel::<Bytes>(limits.outbox);
    if events.send(Event::Opened { client, outbox }).await.is_err() {
        return Ok(());
    }
    let mut allowance = Allowance::new(&limits);
    let mut heard = Instant::now();
    // One timer for the connection's life, put back only when it rings:
    // a new timer for each message would cost a timer wheel's insert and
    // remove a move.
    let silence = sleep_until(heard + limits.silence);
    tokio::pin!(silence);
    let ending: Result<(), String> = loop {
        tokio::select! {
            frame = to_send.recv() => match frame {
                Some(frame) => {
                    // This frame and every other one already waiting, in
                    // one write.
                    let mut written = socket.feed(Message::Binary(frame)).await;
                    while written.is_ok() {
                        let Ok(frame) = to_send.try_recv() else { break };
                        written = socket.feed(Message::Binary(frame)).await;
                    }
                    if let Err(e) = written.and(socket.flush().await) {
                        break Err(format!("cannot write: {e}"));
                    }
                }
                None => break Err("it reads too slowly".into()),
            },
            message = socket.next() => {
                heard = Instant::now();
                match message {
                    Some(Ok(Message::Binary(frame))) => {
                        if !allowance.take() {
                            break Err("too many requests (a flood)".into());
                        }
                        match wire::decode_request(&frame) {
                            Ok(request) => {
                                if events.send(Event::Request { client, request }).await.is_err() {
                                    break Ok(());
                                }
                            }
                            Err(problem) => break Err(problem.to_string()),
                        }
                    }
                    // Pings are answered by the WebSocket layer itself
                    // (queued; written with the next flush, so flush now).
                    Some(Ok(Message::Ping(_))) => {
                        if let Err(e) = socket.flush().await {
                            break Err(format!("cannot write: {e}"));
                        }
                    }
                    Some(Ok(Message::Pong(_))) => {}
                    Some(Ok(Message::Close(_))) | None => break Ok(()),
                    Some(Ok(Message::Text(_) | Message::Frame(_))) => {
                        break Err("a text frame: this protocol is binary".into());
                    }
                    // A peer gone without a goodbye (a crash, a pulled
                    // cable) has not misbehaved.
                    Some(Err(
                        WsError::Io(_)
                        | WsError::ConnectionClosed
                        | WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake),
                    )) => break Ok(()),
                    Some(Err(e)) => break Err(e.to_string()),
                }
            }
            () = &mut silence => {
                if heard + limits.silence > Instant::now() {
                    silence.as_mut().reset(heard + limits.silence);
                    continue;
                }
                break Err(format!("silent for {} s", limits.silence.as_secs()));
            }
        }
    };
    if let Err(reason) = &ending {
        // Tell the peer why, as a WebSocket close reason (best effort).
        let code = if reason.contains("protocol version") {
            CloseCode::Protocol
        } else {
            CloseCode::Policy
        };
        let frame = CloseFrame {
            code,
            reason: reason.chars().take(100).collect::<String>().into(),
        };
        let _ = timeout(
            Duration::from_secs(1),
            socket.send(Message::Close(Some(frame))),
        )
        .await;
    }
    let _ = events.send(Event::Gone { client }).await;
    ending
}
