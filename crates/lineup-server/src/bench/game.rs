//! One game of the load tool: two bots, a Poisson clock shared by both, and
//! the bookkeeping of the move in flight (when it was due, who has seen it).

use super::InFlight;
use super::Run;
use super::bot::{BotSocket, random_move};
use super::journal::STUCK_AFTER;
use hdrhistogram::Histogram;
use lineup_core::ai::PlayRng;
use lineup_core::match_setup::GameKind;
use lineup_core::net::wire::ToClient;
use lineup_core::net::{Reply, Request, RoomCode, RoomView, SeatSecret};
use lineup_core::rules::{MatchGame, Side};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// How long a bot waits for its last move to come back after the run's end.
const DRAIN: Duration = Duration::from_secs(5);
/// The same in a fault run, where that move may wait for a restart.
const FAULT_DRAIN: Duration = Duration::from_secs(20);
/// How often a bot pings in a fault run (its server drops silent peers
/// sooner there, to cut the half-frame client in time).
const PING_EVERY: Duration = Duration::from_secs(1);

fn drain(run: &Run) -> Duration {
    if run.journal.is_some() {
        FAULT_DRAIN
    } else {
        DRAIN
    }
}

/// What every game adds up (a run's, or a ramp step's).
pub struct Tally {
    /// Moves seen by both players.
    pub moves: u64,
    /// Games played to their end.
    pub finished: u64,
    /// Moves sent that never reached both players (refused, or still
    /// missing when the run ended).
    pub lost: u64,
    /// Moves a player had seen that were not in the room after a
    /// reconnection: accepted moves the server lost.
    pub missing: u64,
    /// Each move's latency, in microseconds.
    pub latency: Histogram<u64>,
    /// How long each reconnection took, from the loss to the room back, in
    /// microseconds.
    pub reconnections: Histogram<u64>,
    /// The first few refusals and problems, in words.
    pub refusals: Vec<String>,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            moves: 0,
            finished: 0,
            lost: 0,
            missing: 0,
            // 1 µs to 10 minutes, three significant figures.
            latency: histogram(),
            reconnections: histogram(),
            refusals: Vec::new(),
        }
    }
}

/// Microseconds from 1 µs to 10 minutes, three significant figures.
pub(super) fn histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 600_000_000, 3)
        .unwrap_or_else(|_| Histogram::new(3).expect("a histogram"))
}

/// How long a bot keeps trying to get back into its room.
const REJOIN_LIMIT: Duration = Duration::from_secs(60);

/// What the two bots of a game share.
struct Clock {
    next_due: Instant,
    in_flight: Option<InFlight>,
    dice: PlayRng,
}

/// The clock, and a bell rung when the move in flight has been seen by
/// both (the bot to move next may have seen it first and be waiting).
struct Shared {
    clock: Mutex<Clock>,
    seen: Notify,
    /// The game's number (for the fault run's journal).
    game: u64,
}

pub struct Game {
    index: u64,
    host: BotSocket,
    guest: BotSocket,
}

impl Game {
    /// Connects the host to `servers.0` and the guest to `servers.1`.
    pub async fn connect(
        servers: (SocketAddr, SocketAddr),
        source: Option<IpAddr>,
        index: u64,
    ) -> Result<Game, String> {
        Ok(Game {
            index,
            host: BotSocket::connect(servers.0, source).await?,
            guest: BotSocket::connect(servers.1, source).await?,
        })
    }

    /// Plays games on these two connections until the run's deadline.
    pub async fn play(mut self, run: Arc<Run>) {
        let journal = run.journal.clone();
        if let Some(journal) = &journal {
            journal.playing(self.index, true);
        }
        self.play_games(&run).await;
        // Not reached by a game cut short: the journal finds it stuck.
        if let Some(journal) = &journal {
            journal.playing(self.index, false);
        }
    }

    async fn play_games(&mut self, run: &Arc<Run>) {
        let mut dice = PlayRng::new(self.index.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut last_room = Instant::now();
        loop {
            let deadline = *run.deadline.lock().unwrap_or_else(|e| e.into_inner());
            if Instant::now() >= deadline {
                return;
            }
            let retry = run.journal.is_some();
            let opening = open_room(&mut self.host, &mut self.guest, retry);
            let opened = match &run.journal {
                None => opening.await,
                Some(_) => tokio::time::timeout(Duration::from_secs(10), opening)
                    .await
                    .unwrap_or_else(|_| Err("no room opened in 10 s".into())),
            };
            let (code, secrets) = match (opened, &run.journal) {
                (Ok(opened), _) => opened,
                (Err(_), None) => return,
                // A fault cut the opening short (or took the guest's seat
                // with the reply that carried it): new connections, a new room.
                (Err(problem), Some(journal)) => {
                    if last_room.elapsed() > STUCK_AFTER {
                        journal.stuck(self.index, format!("no room opened: {problem}"));
                        return;
                    }
                    journal.reopened(&problem);
                    tokio::time::sleep(Duration::from_millis(250)).await;
                    for socket in [&mut self.host, &mut self.guest] {
                        if let Ok(fresh) = BotSocket::connect(socket.server, socket.source).await {
                            *socket = fresh;
                        }
                    }
                    continue;
                }
            };
            last_room = Instant::now();
            // The clock starts once the room is open: opening it is not a
            // move.
            let first_due = Instant::now() + exponential(&mut dice, run);
            let shared = Shared {
                clock: Mutex::new(Clock {
                    next_due: first_due,
                    in_flight: None,
                    dice: PlayRng::new(dice.next_u64()),
                }),
                seen: Notify::new(),
                game: self.index,
            };
            let (a, b) = tokio::join!(
                bot(
                    &mut self.host,
                    Side::First,
                    (code, secrets[0]),
                    &shared,
                    run
                ),
                bot(
                    &mut self.guest,
                    Side::Second,
                    (code, secrets[1]),
                    &shared,
                    run
                ),
            );
            let clock = shared.clock.into_inner().unwrap_or_else(|e| e.into_inner());
            let mut tally = run.tally.lock().unwrap_or_else(|e| e.into_inner());
            if clock.in_flight.is_some() {
                tally.lost += 1;
                if let Some(journal) = &run.journal {
                    let why =
                        format!("room {code}: a move due and not seen by both after the drain");
                    journal.stuck(self.index, why);
                }
            }
            if let (Ok(true), Ok(true)) = (&a, &b) {
                tally.finished += 1;
            }
            // A move due long before the end and never sent: neither bot
            // thought it its turn.
            if let (Some(journal), Ok(false), Ok(false)) = (&run.journal, &a, &b)
                && clock.in_flight.is_none()
                && clock.next_due + STUCK_AFTER < deadline
            {
                let why = format!("room {code}: a move due since long before the end, never sent");
                journal.stuck(self.index, why);
            }
            if let Err(problem) = a.and(b) {
                if let Some(journal) = &run.journal {
                    journal.stuck(self.index, format!("room {code}: {problem}"));
                }
                if tally.refusals.len() < 20 {
                    tally.refusals.push(problem);
                }
                return;
            }
            drop(tally);
            if run.one_game_each {
                return;
            }
        }
    }
}

/// A wait drawn from the exponential law of the run's mean: the gaps of a
/// Poisson clock.
fn exponential(dice: &mut PlayRng, run: &Run) -> Duration {
    exponential_us(dice, run.mean_interval_us.load(Ordering::Relaxed))
}

/// A wait drawn from the exponential law of mean `mean_us` microseconds.
pub(super) fn exponential_us(dice: &mut PlayRng, mean_us: u64) -> Duration {
    // Uniform in (0, 1]: never ln(0).
    let uniform = ((dice.next_u64() >> 11) as f64 + 1.0) / (1u64 << 53) as f64;
    Duration::from_micros((-uniform.ln() * mean_us as f64) as u64)
}

/// The host opens a Connect Four room and the guest joins it; the code
/// and the two seats' secrets. With `retry`, a guest whose connection was
/// lost before its seat came joins again on a new one, as a window would.
async fn open_room(
    host: &mut BotSocket,
    guest: &mut BotSocket,
    retry: bool,
) -> Result<(RoomCode, [SeatSecret; 2]), String> {
    host.send(&Request::Host {
        kind: GameKind::default(),
        side: Side::First,
        name: "bench host".into(),
        clock: lineup_core::match_clock::TimeControl::Untimed,
    })
    .await?;
    let (code, first) = seated(host).await?;
    let join = Request::Join {
        code,
        name: "bench guest".into(),
        // One secret for every try: a join whose reply a crash took is
        // the same join when sent again.
        secret: SeatSecret::fresh(&mut lineup_core::net::OsSecrets).map_err(|e| e.to_string())?,
    };
    guest.send(&join).await?;
    let (_, second) = match seated(guest).await {
        // The room lives on another instance: the guest goes there.
        Err(Seating::Elsewhere(server)) => {
            *guest = BotSocket::connect(server, guest.source).await?;
            guest.send(&join).await?;
            seated(guest).await?
        }
        Err(Seating::Lost(mut problem)) if retry => loop {
            // (Bounded by the caller's timeout.)
            tokio::time::sleep(Duration::from_millis(250)).await;
            let again = async {
                *guest = BotSocket::connect(guest.server, guest.source).await?;
                guest.send(&join).await?;
                seated(guest).await
            };
            match again.await {
                Err(Seating::Lost(lost)) => problem = lost,
                other => {
                    break other.map_err(|e| format!("{}, after {problem}", String::from(e)))?;
                }
            }
        },
        other => other?,
    };
    Ok((code, [first, second]))
}

/// Why no seat came.
enum Seating {
    Elsewhere(SocketAddr),
    Failed(String),
    /// The connection ended first.
    Lost(String),
}

impl From<String> for Seating {
    fn from(problem: String) -> Seating {
        Seating::Lost(problem)
    }
}

impl From<Seating> for String {
    fn from(seating: Seating) -> String {
        match seating {
            Seating::Elsewhere(server) => format!("sent on to {server} twice"),
            Seating::Failed(problem) | Seating::Lost(problem) => problem,
        }
    }
}

/// Waits for this bot's seat.
async fn seated(bot: &mut BotSocket) -> Result<(RoomCode, SeatSecret), Seating> {
    loop {
        match bot.next().await? {
            ToClient::Reply(Reply::Seated { code, secret, .. }) => return Ok((code, secret)),
            ToClient::Reply(Reply::Refused(refusal)) => {
                return Err(Seating::Failed(refusal.to_string()));
            }
            ToClient::Reply(Reply::Elsewhere { server, .. }) => {
                let server = server
                    .parse()
                    .map_err(|_| Seating::Failed(format!("an address that is none: {server}")))?;
                return Err(Seating::Elsewhere(server));
            }
            // Rooms, instances, and what this bot never asks for.
            _ => {}
        }
    }
}

/// Gets back into the room after the connection was lost: tries each
/// instance known (the lost one last), follows where they send it, and
/// waits for a dead instance's rooms to be taken over. The room as the
/// server has it.
async fn rejoin(
    socket: &mut BotSocket,
    servers: &[SocketAddr],
    (code, secret): (RoomCode, SeatSecret),
) -> Result<RoomView, String> {
    let started = Instant::now();
    let lost = socket.server;
    let mut order: Vec<SocketAddr> = servers.iter().copied().filter(|s| *s != lost).collect();
    order.push(lost);
    let mut next = 0;
    let mut target = order[0];
    while started.elapsed() < REJOIN_LIMIT {
        let attempt = async {
            let mut fresh = BotSocket::connect(target, socket.source).await?;
            fresh.send(&Request::Rejoin { code, secret }).await?;
            match seated(&mut fresh).await {
                Ok(_) => {}
                Err(Seating::Elsewhere(server)) => return Ok(Err(server)),
                Err(Seating::Failed(problem) | Seating::Lost(problem)) => return Err(problem),
            }
            loop {
                if let ToClient::Room(view) = fresh.next().await?
                    && view.code == code
                {
                    return Ok(Ok((fresh, view)));
                }
            }
        };
        let outcome = tokio::time::timeout(Duration::from_secs(5), attempt).await;
        match outcome {
            Ok(Ok(Ok((fresh, view)))) => {
                *socket = fresh;
                return Ok(view);
            }
            Ok(Ok(Err(elsewhere))) => {
                target = elsewhere;
                continue;
            }
            // Not there yet (its instance's heartbeat has not run out), or
            // this instance is down too: the next one, after a pause.
            _ => {
                next += 1;
                target = order[next % order.len()];
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
    }
    Err(format!(
        "room {code} not found again in {} s",
        REJOIN_LIMIT.as_secs()
    ))
}

/// One bot through one game: it moves when the clock says its move is due
/// and it is its turn, and notes when it sees a move. `Ok(true)` when the
/// game ended, `Ok(false)` when the run did first.
async fn bot(
    socket: &mut BotSocket,
    side: Side,
    seat: (RoomCode, SeatSecret),
    shared: &Shared,
    run: &Run,
) -> Result<bool, String> {
    let code = seat.0;
    let lock = || shared.clock.lock().unwrap_or_else(|e| e.into_inner());
    let drain = drain(run);
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ping.reset();
    // The room as last seen, and its game replayed once on arrival.
    let mut room: Option<(RoomView, MatchGame)> = None;
    loop {
        let deadline = *run.deadline.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        // Due: my turn, nothing in flight, and the run not over.
        let due = room.as_ref().and_then(|(room, game)| {
            let clock = lock();
            (clock.in_flight.is_none()
                && !game.is_over()
                && game.to_move() == side
                && room.is_full())
            .then_some(clock.next_due)
        });
        if now >= deadline {
            let waiting = lock().in_flight.is_some_and(|f| !f.seen[side.index()]);
            if !waiting || now >= deadline + drain {
                return Ok(false);
            }
        }
        let wake = match due {
            Some(due) if now < deadline => due,
            _ => {
                deadline.max(now)
                    + if now >= deadline {
                        drain
                    } else {
                        Duration::ZERO
                    }
            }
        };
        tokio::select! {
            _ = shared.seen.notified() => {}
            message = socket.next() => {
                let message = match message {
                    Ok(message) => message,
                    Err(_) if Instant::now() < deadline + drain => {
                        // The server went away: back into the room elsewhere.
                        let lost = Instant::now();
                        let mut servers = socket.servers.clone();
                        for given in &run.servers {
                            if !servers.contains(given) {
                                servers.push(*given);
                            }
                        }
                        let view = rejoin(socket, &servers, seat).await?;
                        let before = room.as_ref().map(|(view, _)| view);
                        took_back(&view, before, side, &mut lock(), run, lost);
                        ToClient::Room(view)
                    }
                    Err(problem) => return Err(problem),
                };
                match message {
                    ToClient::Room(view) if view.code == code => {
                        if let Some(journal) = &run.journal {
                            journal.saw(shared.game, code, side, &view.moves);
                        }
                        if see(&view, side, &mut lock(), run, shared.game) {
                            shared.seen.notify_waiters();
                        }
                        let game = view.replay().map_err(|e| e.to_string())?;
                        let over = game.is_over();
                        room = Some((view, game));
                        if over {
                            return Ok(true);
                        }
                    }
                    // Another room's news, or the instances (kept by the
                    // socket itself).
                    ToClient::Room(_) | ToClient::Servers(_) => {}
                    ToClient::Reply(Reply::Refused(refusal)) => {
                        let mut tally = run.tally.lock().unwrap_or_else(|e| e.into_inner());
                        tally.lost += 1;
                        if tally.refusals.len() < 20 {
                            tally.refusals.push(refusal.to_string());
                        }
                        if let Some(journal) = &run.journal {
                            journal.refused(format!("room {code}, {side:?}: {refusal}"));
                        }
                        lock().in_flight = None;
                    }
                    // Everything else: replies and news this bot did not ask for.
                    _ => {}
                }
            }
            // Fault runs only: the server there drops silent peers sooner.
            _ = ping.tick(), if run.journal.is_some() => {
                let _ = socket.ping().await;
            }
            _ = tokio::time::sleep_until(wake) => {
                let Some(due) = due.filter(|_| Instant::now() < deadline) else {
                    continue;
                };
                let Some((view, game)) = room.as_ref() else { continue };
                let mv = {
                    let mut clock = lock();
                    let gap = exponential(&mut clock.dice, run);
                    clock.next_due = due + gap;
                    clock.in_flight = Some(InFlight { ply: view.moves.len(), due, seen: [false; 2] });
                    random_move(game, &mut clock.dice)
                };
                let Some(mv) = mv else { return Ok(false) };
                // A move that cannot be sent is sent again once the bot is
                // back in its room (the connection's loss shows on the next
                // read).
                let _ = socket.send(&Request::Play { mv, ply: view.moves.len() }).await;
            }
        }
    }
}

/// The room as a bot found it again after a reconnection: every move it
/// had seen must still be there (else an accepted move was lost), and its
/// own move in flight that the server never stored is due again, at its
/// first due time, so the failover shows in its latency.
fn took_back(
    view: &RoomView,
    before: Option<&RoomView>,
    side: Side,
    clock: &mut Clock,
    run: &Run,
    lost: Instant,
) {
    let mut tally = run.tally.lock().unwrap_or_else(|e| e.into_inner());
    let _ = tally
        .reconnections
        .record(lost.elapsed().as_micros().clamp(1, 600_000_000) as u64);
    if let Some(before) = before
        && !view.moves.starts_with(&before.moves)
    {
        tally.missing += 1;
        if tally.refusals.len() < 20 {
            tally.refusals.push(format!(
                "room {}: {} moves seen by {side:?}, {} after the reconnection",
                view.code,
                before.moves.len(),
                view.moves.len()
            ));
        }
    }
    // Only this side's own move: the other's may still be on its way to
    // the server (cleared, it would be sent twice, and refused as stale).
    if let Some(flight) = clock.in_flight
        && view.moves.len() <= flight.ply
        && Side::of_ply(flight.ply) == side
    {
        clock.in_flight = None;
        clock.next_due = flight.due;
    }
}

/// A room seen by `side`: the move in flight, once both have seen it,
/// counts with its latency (and true is returned).
fn see(view: &RoomView, side: Side, clock: &mut Clock, run: &Run, game: u64) -> bool {
    let Some(flight) = clock.in_flight.as_mut() else {
        return false;
    };
    if view.moves.len() <= flight.ply {
        return false;
    }
    flight.seen[side.index()] = true;
    if flight.seen == [true, true] {
        let waited = flight.due.elapsed();
        let micros = waited.as_micros().max(1) as u64;
        clock.in_flight = None;
        if let Some(journal) = &run.journal
            && waited > STUCK_AFTER
        {
            let why = format!(
                "room {}: a move waited {:.0} s",
                view.code,
                waited.as_secs_f64()
            );
            journal.stuck(game, why);
        }
        let mut tally = run.tally.lock().unwrap_or_else(|e| e.into_inner());
        tally.moves += 1;
        let _ = tally.latency.record(micros.min(600_000_000));
        return true;
    }
    false
}
