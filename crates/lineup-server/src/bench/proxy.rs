//! The fault run's loopback proxy between the bots and the server: it
//! carries the bytes both ways, and, from a seeded dice, holds some back
//! (0 to `max_delay`, in order), cuts connections, and stalls them for a
//! while. A network that misbehaves, without root or `tc`.
//!
//! Why a proxy and not faults in the bots: a cut or a delay then happens
//! where the network would have it, between two real TCP peers, with
//! requests half-way and frames split anywhere.

use lineup_core::ai::PlayRng;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

/// What the proxy does to the connections.
#[derive(Clone, Copy, Debug)]
pub struct ProxyFaults {
    /// The most a chunk of data is held back (half of them are not).
    pub max_delay: Duration,
    /// The mean time between two faults of one connection (a Poisson
    /// clock): two in three are cuts, one a stall.
    pub fault_every: Duration,
    /// The longest stall.
    pub max_stall: Duration,
}

/// What the proxy did.
#[derive(Default, Debug)]
pub struct ProxyStats {
    pub cuts: AtomicU64,
    pub delayed: AtomicU64,
    pub stalls: AtomicU64,
}

/// A running proxy; its tasks end with the runtime.
pub struct Proxy {
    pub address: SocketAddr,
    pub stats: Arc<ProxyStats>,
}

impl Proxy {
    /// Listens on a free loopback port and carries every connection to
    /// `upstream`, with faults while `faulty` is set.
    pub async fn start(
        upstream: SocketAddr,
        faults: ProxyFaults,
        seed: u64,
        faulty: Arc<AtomicBool>,
    ) -> Result<Proxy, String> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .map_err(|e| format!("the proxy cannot listen: {e}"))?;
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        let stats = Arc::new(ProxyStats::default());
        let shared = (stats.clone(), faulty.clone());
        tokio::spawn(async move {
            let mut dice = PlayRng::new(seed);
            let mut count: u8 = 0;
            while let Ok((downstream, _)) = listener.accept().await {
                // The connections to the server come from 127.0.0.2 to .9,
                // so restarts' thousands of reconnections do not run out of
                // ports on one address pair.
                count = count.wrapping_add(1);
                let source = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + count % 8));
                let link = Link {
                    faults,
                    stats: shared.0.clone(),
                    faulty: shared.1.clone(),
                    dice: PlayRng::new(dice.next_u64()),
                };
                tokio::spawn(link.carry(downstream, upstream, source));
            }
        });
        Ok(Proxy { address, stats })
    }
}

/// One connection through the proxy.
struct Link {
    faults: ProxyFaults,
    stats: Arc<ProxyStats>,
    /// Unset (while the bots connect, and at the end), no faults: the
    /// bytes go straight through.
    faulty: Arc<AtomicBool>,
    dice: PlayRng,
}

impl Link {
    async fn carry(mut self, downstream: TcpStream, upstream: SocketAddr, source: IpAddr) {
        let Ok(upstream) = connect(upstream, source).await else {
            // The server is down (a restart): the client sees a hang-up.
            return;
        };
        let _ = downstream.set_nodelay(true);
        let _ = upstream.set_nodelay(true);
        let (down_read, down_write) = downstream.into_split();
        let (up_read, up_write) = upstream.into_split();
        // Until when both directions stand still (a stall).
        let (stall, stalled) = watch::channel(Instant::now());
        let there = self.direction(up_write, down_read, stalled.clone());
        let back = self.direction(down_write, up_read, stalled);
        let faults = async {
            loop {
                let gap = exponential(&mut self.dice, self.faults.fault_every);
                tokio::time::sleep(gap).await;
                if !self.faulty.load(Ordering::Relaxed) {
                    continue;
                }
                if self.dice.below(3) < 2 {
                    self.stats.cuts.fetch_add(1, Ordering::Relaxed);
                    return;
                }
                self.stats.stalls.fetch_add(1, Ordering::Relaxed);
                let most = self.faults.max_stall.as_millis().max(1) as usize;
                let length = Duration::from_millis(self.dice.below(most) as u64 + 1);
                let _ = stall.send(Instant::now() + length);
            }
        };
        // A cut, or both directions done: every socket is dropped (closed).
        tokio::select! {
            _ = faults => {}
            _ = async { tokio::join!(there, back) } => {}
        }
    }

    /// One direction: a reader that stamps each chunk with when it may go
    /// on, and a writer that waits for that (and for any stall).
    fn direction(
        &mut self,
        mut to: OwnedWriteHalf,
        mut from: OwnedReadHalf,
        mut stalled: watch::Receiver<Instant>,
    ) -> impl Future<Output = ()> + use<> {
        let mut dice = PlayRng::new(self.dice.next_u64());
        let (faults, stats, faulty) = (self.faults, self.stats.clone(), self.faulty.clone());
        async move {
            let (queue, mut queued) = mpsc::unbounded_channel::<(Instant, Vec<u8>)>();
            let reading = async move {
                let mut last = Instant::now();
                let mut buffer = vec![0u8; 16 * 1024];
                while let Ok(read @ 1..) = from.read(&mut buffer).await {
                    let most = faults.max_delay.as_millis() as usize;
                    let mut release = Instant::now();
                    if most > 0 && faulty.load(Ordering::Relaxed) && dice.below(2) == 0 {
                        stats.delayed.fetch_add(1, Ordering::Relaxed);
                        release += Duration::from_millis(dice.below(most + 1) as u64);
                    }
                    // In order: never before the chunk ahead of it.
                    last = last.max(release);
                    if queue.send((last, buffer[..read].to_vec())).is_err() {
                        return;
                    }
                }
            };
            let writing = async move {
                while let Some((release, chunk)) = queued.recv().await {
                    loop {
                        let until = release.max(*stalled.borrow_and_update());
                        if until <= Instant::now() {
                            break;
                        }
                        tokio::select! {
                            _ = tokio::time::sleep_until(until) => {}
                            _ = stalled.changed() => {}
                        }
                    }
                    if to.write_all(&chunk).await.is_err() {
                        return;
                    }
                }
                // The other side hung up: so does this one, once all it
                // sent has gone on.
                let _ = to.shutdown().await;
            };
            tokio::join!(reading, writing);
        }
    }
}

async fn connect(server: SocketAddr, source: IpAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    if server.ip().is_loopback() {
        socket.bind(SocketAddr::new(source, 0))?;
    }
    tokio::time::timeout(Duration::from_secs(5), socket.connect(server))
        .await
        .map_err(|_| std::io::Error::from(std::io::ErrorKind::TimedOut))?
}

/// A wait drawn from the exponential law of mean `mean`.
pub(crate) fn exponential(dice: &mut PlayRng, mean: Duration) -> Duration {
    let uniform = ((dice.next_u64() >> 11) as f64 + 1.0) / (1u64 << 53) as f64;
    Duration::from_secs_f64(-uniform.ln() * mean.as_secs_f64())
}
