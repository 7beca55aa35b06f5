//! The server: a tokio task per connection speaking WebSockets, and one
//! owner task holding every room ([`owner`]). A connection task only reads
//! frames, decodes them and passes them on, and writes what the owner sends
//! it; the owner hands each request to the plain [`lineup_core::net::Lobby`],
//! stores what changed, and only then sends each change to the room's
//! players. Nothing runs on a tick but the grace period's check, four
//! times a second, so an idle server does almost nothing.
//!
//! The same server runs as `lineup-server` and inside a window that hosts
//! a game for a friend ([`RunningServer`]).

mod batch;
pub mod cluster;
mod connection;
pub mod door;
mod owner;

use crate::store::RoomStore;
use cluster::Cluster;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};

/// Connections at once from one address, unless told otherwise.
pub const PER_ADDRESS: usize = 64;

/// What one connection may cost the server before it is cut off.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Requests a second a connection may keep up...
    pub requests_per_second: f64,
    /// ...and how many it may send at once above that.
    pub burst: f64,
    /// Frames waiting to be written to one connection; a peer that reads
    /// slower than its room changes is cut off when they pile up.
    pub outbox: usize,
    /// A connection silent this long (not even a ping) is dropped.
    pub silence: Duration,
    /// The WebSocket handshake must be done within this.
    pub handshake: Duration,
    /// Connections at once; more are turned away at the door.
    pub connections: usize,
    /// Connections at once from one address other than loopback
    /// ([`door`]).
    pub per_address: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            requests_per_second: 20.0,
            burst: 40.0,
            outbox: 64,
            silence: Duration::from_secs(60),
            handshake: Duration::from_secs(10),
            connections: 200_000,
            per_address: PER_ADDRESS,
        }
    }
}

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Settings {
    pub limits: Limits,
    /// How long a dropped player's seat waits (milliseconds).
    pub grace_ms: u64,
    /// One line per game event on the standard error.
    pub log: bool,
    /// TLS for every connection (a server on the internet); plain
    /// WebSockets without.
    pub tls: Option<crate::tls::ServerTls>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            limits: Limits::default(),
            grace_ms: lineup_core::net::GRACE_MS,
            log: false,
            tls: None,
        }
    }
}

/// A server with its rooms back from the store, ready to listen.
pub struct Server {
    owner: owner::Owner,
    settings: Settings,
}

impl Server {
    /// Reads the open rooms back from `store` (their players may rejoin);
    /// with a `cluster`, one instance of several.
    pub fn new(
        store: Box<dyn RoomStore>,
        cluster: Option<Cluster>,
        settings: Settings,
    ) -> Result<Server, String> {
        let owner = owner::Owner::new(store, cluster, &settings)?;
        Ok(Server { owner, settings })
    }

    /// How many rooms the store brought back.
    pub fn rooms(&self) -> usize {
        self.owner.rooms()
    }

    /// Accepts connections on `listener` and runs the rooms, until `stop`
    /// fires (or forever).
    pub async fn run(self, listener: TcpListener, stop: Option<oneshot::Receiver<()>>) {
        let (events, inbox) = mpsc::channel(4096);
        let heartbeat = self.owner.cluster().map(|(cluster, store)| {
            tokio::spawn(heartbeat(cluster, store, events.clone(), self.settings.log))
        });
        let owner = tokio::spawn(self.owner.run(inbox));
        let accepting = connection::accept_all(listener, events, self.settings);
        match stop {
            Some(stop) => {
                tokio::select! {
                    _ = accepting => {}
                    _ = stop => {}
                }
            }
            None => accepting.await,
        }
        owner.abort();
        if let Some(heartbeat) = heartbeat {
            heartbeat.abort();
        }
    }
}

/// Once a second: this instance's heartbeat, in the shared database (the
/// truth about who is alive) and in Redis, and what Redis showed for the
/// owner. Redis being away is said once, and again when it is back.
async fn heartbeat(
    cluster: owner::Lent<Cluster>,
    store: owner::Lent<Box<dyn RoomStore>>,
    events: mpsc::Sender<owner::Event>,
    log: bool,
) {
    let mut every = tokio::time::interval(Duration::from_secs(1));
    let mut reachable = true;
    let address = owner::blocking(&cluster, |c| c.address.clone()).await;
    loop {
        every.tick().await;
        let here = address.clone();
        if let Err(problem) = owner::blocking(&store, move |s| s.beat(&here)).await
            && log
        {
            eprintln!("Lineup server: {problem}");
        }
        match owner::blocking(&cluster, |c| c.beat()).await {
            Ok(beat) => {
                if !reachable && log {
                    eprintln!("Lineup server: Redis is back");
                }
                reachable = true;
                if events.send(owner::Event::Beat(beat)).await.is_err() {
                    return;
                }
            }
            Err(problem) => {
                if reachable && log {
                    eprintln!("Lineup server: Redis: {problem}; the games go on");
                }
                reachable = false;
            }
        }
    }
}

/// A server on a thread of its own: a window hosting a game, or a test.
/// Dropping it stops the server.
pub struct RunningServer {
    address: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl RunningServer {
    /// Starts a server on `bind` (port 0: any free port) with the rooms in
    /// `store`.
    pub fn start(
        bind: SocketAddr,
        store: Box<dyn RoomStore>,
        settings: Settings,
    ) -> Result<RunningServer, String> {
        let server = Server::new(store, None, settings)?;
        let listener = std::net::TcpListener::bind(bind)
            .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
        listener.set_nonblocking(true).map_err(|e| e.to_string())?;
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        let (stop, stopped) = oneshot::channel();
        let (ready, started) = std::sync::mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("lineup-server".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(e) => {
                        let _ = ready.send(Err(e.to_string()));
                        return;
                    }
                };
                runtime.block_on(async move {
                    let listener = match TcpListener::from_std(listener) {
                        Ok(listener) => listener,
                        Err(e) => {
                            let _ = ready.send(Err(e.to_string()));
                            return;
                        }
                    };
                    let _ = ready.send(Ok(()));
                    server.run(listener, Some(stopped)).await;
                });
            })
            .map_err(|e| e.to_string())?;
        started
            .recv()
            .map_err(|_| "the server's thread ended at once".to_string())??;
        Ok(RunningServer {
            address,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
