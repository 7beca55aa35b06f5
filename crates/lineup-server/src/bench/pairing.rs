//! The load tool's pairing mode (`lineup-server bench --pairing`): the
//! community layer under load. Every bot logs in with an identity of its
//! own, asks for quick pairing in Connect Four with a clock, and plays the
//! game the queue seats it in; then it queues again. Each game is watched
//! by `watchers` connections (`Request::Watch` once its room is known), and
//! a few more connections watch the lobby.
//!
//! The move's latency is measured as in the other modes: from the moment
//! the move was due to the moment both players have seen it. Each watcher's
//! sight of a move is measured apart, from the same due time. A game's
//! first move falls due once its watchers watch, so every move of a game
//! can be seen by them as it is played.
//!
//! The queue pairs whoever it likes: the two players of a game are found
//! from the room code both are seated in, not chosen by the tool.

use super::InFlight;
use super::bot::{BotSocket, random_move};
use super::connecting::{Failures, connect_all};
use super::game::{Tally, exponential_us, histogram};
use super::{BenchConfig, BenchReport, sources};
use hdrhistogram::Histogram;
use lineup_core::ai::PlayRng;
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::GameKind;
use lineup_core::net::identity::Identity;
use lineup_core::net::pairing::PairingSpec;
use lineup_core::net::wire::ToClient;
use lineup_core::net::{Refusal, Reply, Request, RoomCode, RoomEnd, RoomView};
use lineup_core::rules::{MatchGame, Side};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{Notify, mpsc, watch};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// How long a bot (or a watcher) waits for the last moves after the end.
const DRAIN: Duration = Duration::from_secs(5);
/// How long past the end a player still playing is cut short.
const GRACE: Duration = Duration::from_secs(15);
/// How long a login's answer may take before the connection counts as
/// not made.
const PATIENCE: Duration = Duration::from_secs(20);

/// What to run: the games of [`BenchConfig`] (one server), paired by the
/// queue.
#[derive(Clone, Debug)]
pub struct PairingConfig {
    pub bench: BenchConfig,
    /// The clock the bots ask for: generous, so that no flag falls at the
    /// rates tested.
    pub clock: TimeControl,
    /// Watcher connections per game.
    pub watchers: usize,
    /// Connections watching the lobby.
    pub lobby_watchers: usize,
}

/// What the pairing mode adds up beside the moves.
pub struct PairingTally {
    /// Games the queue opened (both players seated).
    pub rooms: u64,
    /// From a bot's `QuickPair` to its `Seated`, in microseconds.
    pub pairings: Histogram<u64>,
    /// Bots still waiting in the queue when the run ended.
    pub queued_at_end: u64,
    /// Moves seen by both players that every watcher of the game saw too.
    pub watched: u64,
    /// From a move's due time to a watcher having seen it, in
    /// microseconds (one entry per watcher and move).
    pub watcher_latency: Histogram<u64>,
    /// `Watch` requests answered with `Watching`.
    pub watching: u64,
    /// `Watch` requests refused.
    pub watch_refused: u64,
    /// `Lobby` messages the lobby watchers received during the run.
    pub lobby_messages: u64,
    /// Games that ended by a flag.
    pub flagged: u64,
}

impl Default for PairingTally {
    fn default() -> PairingTally {
        PairingTally {
            rooms: 0,
            pairings: histogram(),
            queued_at_end: 0,
            watched: 0,
            watcher_latency: histogram(),
            watching: 0,
            watch_refused: 0,
            lobby_messages: 0,
            flagged: 0,
        }
    }
}

/// What a pairing run measured.
pub struct PairingReport {
    /// The moves, their latency and what was lost, as the other modes
    /// report them (`unconnected` counts connections here, not games).
    pub bench: BenchReport,
    pub pairing: PairingTally,
    /// Connections made: players, watchers, lobby watchers.
    pub connections: usize,
    pub clock: TimeControl,
    pub watchers: usize,
    pub lobby_watchers: usize,
}

impl std::fmt::Debug for PairingReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PairingReport")
            .field("bench", &self.bench)
            .field("rooms", &self.pairing.rooms)
            .field("pairings", &self.pairing.pairings.len())
            .field("queued_at_end", &self.pairing.queued_at_end)
            .field("watched", &self.pairing.watched)
            .field("watcher_sightings", &self.pairing.watcher_latency.len())
            .field("watching", &self.pairing.watching)
            .field("watch_refused", &self.pairing.watch_refused)
            .field("lobby_messages", &self.pairing.lobby_messages)
            .field("flagged", &self.pairing.flagged)
            .field("connections", &self.connections)
            .finish()
    }
}

impl PairingReport {
    /// A quantile of the time from `QuickPair` to `Seated`, in ms.
    pub fn pairing_ms(&self, quantile: f64) -> f64 {
        self.pairing.pairings.value_at_quantile(quantile) as f64 / 1000.0
    }

    /// A quantile of the watchers' latency, in ms.
    pub fn watcher_ms(&self, quantile: f64) -> f64 {
        self.pairing.watcher_latency.value_at_quantile(quantile) as f64 / 1000.0
    }

    /// The lines of figures this mode adds to the moves' line.
    pub fn lines(&self) -> Vec<String> {
        let pairing = &self.pairing;
        let tally = &self.bench.tally;
        let refused = match pairing.watch_refused {
            0 => String::new(),
            n => format!(", watches refused {n}"),
        };
        let per_watcher =
            pairing.lobby_messages as f64 / self.lobby_watchers.max(1) as f64 / self.bench.seconds;
        vec![
            format!(
                "pairing: clock {}, games paired {}, finished {}, pairing p50 {:.1} ms, p99 {:.1} ms, \
                 still queued at the end {}, games ended by flag {}",
                self.clock,
                pairing.rooms,
                tally.finished,
                self.pairing_ms(0.5),
                self.pairing_ms(0.99),
                pairing.queued_at_end,
                pairing.flagged,
            ),
            format!(
                "watchers: {} a game, moves seen by watchers {} of {}, watcher p50 {:.1} ms, \
                 p99 {:.1} ms, p999 {:.1} ms{refused}",
                self.watchers,
                pairing.watched,
                tally.moves,
                self.watcher_ms(0.5),
                self.watcher_ms(0.99),
                self.watcher_ms(0.999),
            ),
            format!(
                "lobby: {} watchers, lobby messages {} ({per_watcher:.1} a second each)",
                self.lobby_watchers, pairing.lobby_messages,
            ),
        ]
    }
}

/// The shared state of a pairing run.
struct PairingRun {
    spec: PairingSpec,
    mean_interval_us: u64,
    deadline: Instant,
    one_game_each: bool,
    /// Watchers each game waits for.
    watchers: usize,
    tally: Mutex<Tally>,
    pairing: Mutex<PairingTally>,
    /// Games one of whose players has been seated and the other not yet
    /// (by room code).
    rooms: Mutex<HashMap<RoomCode, Arc<PairedGame>>>,
    /// Games wanting a watcher: one entry per watcher wanted.
    wanted: mpsc::UnboundedSender<Arc<PairedGame>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A duration in the histograms' microseconds.
fn micros(waited: Duration) -> u64 {
    (waited.as_micros() as u64).clamp(1, 600_000_000)
}

impl PairingRun {
    fn tally(&self) -> MutexGuard<'_, Tally> {
        lock(&self.tally)
    }

    fn pairing(&self) -> MutexGuard<'_, PairingTally> {
        lock(&self.pairing)
    }

    /// A problem, in words (the first few are kept).
    fn problem(&self, problem: String) {
        let mut tally = self.tally();
        if tally.refusals.len() < 20 {
            tally.refusals.push(problem);
        }
    }
}

/// A move sent: when it was due, whether both players have seen it, how
/// many watchers have.
#[derive(Clone, Copy, Debug)]
struct Ply {
    due: Instant,
    players: bool,
    watchers: usize,
}

struct GameState {
    /// When the next move falls due: `None` until the watchers watch.
    next_due: Option<Instant>,
    in_flight: Option<InFlight>,
    dice: PlayRng,
    /// Every move sent, by ply.
    plies: Vec<Ply>,
    /// Watchers that answered (watching or refused).
    answered: usize,
    players_left: usize,
    /// Which players saw the game to its end.
    finished: [bool; 2],
    flagged: bool,
}

/// One game the queue opened: the two players' clock and what they and
/// the watchers have seen. Its figures are added up when the last of them
/// lets go of it.
struct PairedGame {
    code: RoomCode,
    run: Arc<PairingRun>,
    state: Mutex<GameState>,
    /// Rung when the move in flight has been seen by both players, and
    /// when the clock starts.
    seen: Notify,
    /// Rung when a player leaves the game.
    left: Notify,
}

impl PairedGame {
    /// The game of room `code`: the one the other player found first, or a
    /// new one (which asks for its watchers).
    fn join(run: &Arc<PairingRun>, code: RoomCode, dice: &mut PlayRng) -> Arc<PairedGame> {
        let mut rooms = lock(&run.rooms);
        if let Some(game) = rooms.remove(&code) {
            return game;
        }
        let game = Arc::new(PairedGame {
            code,
            run: run.clone(),
            state: Mutex::new(GameState {
                next_due: None,
                in_flight: None,
                dice: PlayRng::new(dice.next_u64()),
                plies: Vec::with_capacity(42),
                answered: 0,
                players_left: 0,
                finished: [false; 2],
                flagged: false,
            }),
            seen: Notify::new(),
            left: Notify::new(),
        });
        rooms.insert(code, game.clone());
        drop(rooms);
        run.pairing().rooms += 1;
        if run.watchers == 0 {
            game.start();
        }
        for _ in 0..run.watchers {
            let _ = run.wanted.send(game.clone());
        }
        game
    }

    fn state(&self) -> MutexGuard<'_, GameState> {
        lock(&self.state)
    }

    /// The clock starts: the first move falls due.
    fn start(&self) {
        let mut state = self.state();
        let gap = exponential_us(&mut state.dice, self.run.mean_interval_us);
        state.next_due = Some(Instant::now() + gap);
        drop(state);
        self.seen.notify_waiters();
    }

    /// A watcher answered its `Watch` (or gave up): the clock starts once
    /// all have.
    fn answered(&self) {
        let all = {
            let mut state = self.state();
            state.answered += 1;
            state.answered == self.run.watchers
        };
        if all {
            self.start();
        }
    }

    /// A player left the game (`finished`: having seen its end).
    fn left(&self, side: Side, finished: bool) {
        let mut state = self.state();
        state.players_left += 1;
        state.finished[side.index()] = finished;
        drop(state);
        self.left.notify_waiters();
    }

    /// A view seen by player `side`: the move in flight, once both have
    /// seen it, counts with its latency (and true is returned).
    fn saw(&self, view: &RoomView, side: Side) -> bool {
        let mut state = self.state();
        if matches!(view.end, Some(RoomEnd::Flagged(_))) {
            state.flagged = true;
        }
        let Some(flight) = state.in_flight.as_mut() else {
            return false;
        };
        if view.moves.len() <= flight.ply {
            return false;
        }
        flight.seen[side.index()] = true;
        if flight.seen != [true, true] {
            return false;
        }
        let (ply, waited) = (flight.ply, flight.due.elapsed());
        state.in_flight = None;
        if let Some(seen) = state.plies.get_mut(ply) {
            seen.players = true;
        }
        drop(state);
        let mut tally = self.run.tally();
        tally.moves += 1;
        let _ = tally.latency.record(micros(waited));
        true
    }

    /// A watcher that had seen `from` moves sees `to`.
    fn watched(&self, from: usize, to: usize) {
        let now = Instant::now();
        let mut waits = Vec::new();
        {
            let mut state = self.state();
            let to = to.min(state.plies.len());
            for ply in state.plies.iter_mut().take(to).skip(from) {
                ply.watchers += 1;
                waits.push(now.saturating_duration_since(ply.due));
            }
        }
        if waits.is_empty() {
            return;
        }
        let mut pairing = self.run.pairing();
        for waited in waits {
            let _ = pairing.watcher_latency.record(micros(waited));
        }
    }

    /// Both players have left and a watcher that saw `seen` moves has seen
    /// every move sent.
    fn caught_up(&self, seen: usize) -> bool {
        let state = self.state();
        state.players_left == 2 && seen >= state.plies.len()
    }
}

impl Drop for PairedGame {
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(|e| e.into_inner());
        {
            let mut tally = lock(&self.run.tally);
            // Not seen by both after the drain.
            if state.in_flight.is_some() {
                tally.lost += 1;
            }
            if state.finished == [true, true] {
                tally.finished += 1;
            }
        }
        let watchers = self.run.watchers;
        let watched = state
            .plies
            .iter()
            .filter(|ply| ply.players && ply.watchers >= watchers)
            .count() as u64;
        let mut pairing = lock(&self.run.pairing);
        pairing.watched += watched;
        if state.flagged {
            pairing.flagged += 1;
        }
    }
}

/// The game as a player follows it: played forward from each view's new
/// moves (a bot reads thousands of views a second).
struct Board {
    game: MatchGame,
    applied: usize,
    full: bool,
    over: bool,
}

impl Board {
    fn new(kind: GameKind) -> Board {
        Board {
            game: kind.new_game(),
            applied: 0,
            full: false,
            over: false,
        }
    }

    fn update(&mut self, view: &RoomView) -> Result<(), String> {
        if view.moves.len() < self.applied {
            *self = Board::new(view.kind);
        }
        for mv in &view.moves[self.applied..] {
            self.game.play(*mv).map_err(|e| {
                format!("room {}: the server's move {mv} is illegal: {e}", view.code)
            })?;
        }
        self.applied = view.moves.len();
        self.full = view.is_full();
        self.over = view.end.is_some() || self.game.is_over();
        Ok(())
    }
}

/// Plays a pairing run; blocks until it is over.
pub fn run(config: &PairingConfig) -> Result<PairingReport, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(run_async(config))
}

type Wanted = Arc<tokio::sync::Mutex<mpsc::UnboundedReceiver<Arc<PairedGame>>>>;

async fn run_async(config: &PairingConfig) -> Result<PairingReport, String> {
    let server = match config.bench.servers.as_slice() {
        [one] => *one,
        [] => return Err("no server to load".into()),
        _ => {
            return Err(
                "--pairing loads one server (its queue pairs its own players): one --addr".into(),
            );
        }
    };
    let sources = sources(server);
    let source = |i: usize| sources[i % sources.len()];
    let games = config.bench.games;
    // Every connection is made, and every player logged in, before the
    // clock starts.
    let connecting_started = Instant::now();
    // Names only: any number that differs between runs.
    let tag = lineup_core::ai::PlayRng::from_time().next_u64();
    let mut failures = Failures::default();
    let players = connect_all(
        2 * games,
        |i| log_in(server, source(i), i, tag),
        &mut failures,
    )
    .await;
    let watchers = connect_all(
        games * config.watchers,
        |i| BotSocket::connect(server, source(i)),
        &mut failures,
    )
    .await;
    // The lobby watchers last, once the logins' news is over; each has
    // its first lobby before the clock starts.
    let mut lobby_watchers = Vec::with_capacity(config.lobby_watchers);
    for i in 0..config.lobby_watchers {
        failures.take(watch_lobby(server, source(i)).await, &mut lobby_watchers);
    }
    let unconnected = failures.count;
    let connections = players.len() + watchers.len() + lobby_watchers.len();
    let connecting = connecting_started.elapsed();

    let (stop, stopped) = watch::channel(false);
    let (wanted, wanted_by) = mpsc::unbounded_channel();
    let wanted_by: Wanted = Arc::new(tokio::sync::Mutex::new(wanted_by));
    let started = Instant::now();
    let tally = Tally {
        refusals: failures.reasons,
        ..Tally::default()
    };
    let run = Arc::new(PairingRun {
        spec: PairingSpec {
            kind: GameKind::default(),
            clock: config.clock,
        },
        mean_interval_us: config.bench.move_every.as_micros().max(1) as u64,
        deadline: started + Duration::from_secs(config.bench.seconds),
        one_game_each: config.bench.one_game_each,
        watchers: config.watchers,
        tally: Mutex::new(tally),
        pairing: Mutex::new(PairingTally::default()),
        rooms: Mutex::new(HashMap::new()),
        wanted,
    });
    let mut lobby = JoinSet::new();
    for socket in lobby_watchers {
        lobby.spawn(lobby_watcher(socket, run.clone(), stopped.clone()));
    }
    let mut watching = JoinSet::new();
    for socket in watchers {
        watching.spawn(watcher(
            socket,
            run.clone(),
            wanted_by.clone(),
            stopped.clone(),
        ));
    }
    let mut playing = JoinSet::new();
    for (i, socket) in players.into_iter().enumerate() {
        playing.spawn(player(socket, i as u64, run.clone()));
    }
    // The players stop at the deadline (or after one game each) and wait
    // a little for their last moves; one still playing past that is cut
    // short.
    join_all(&mut playing, run.deadline + GRACE).await;
    let seconds = started.elapsed().as_secs_f64();
    // Then the watchers catch up with the last moves, or give up.
    let _ = stop.send(true);
    join_all(
        &mut watching,
        Instant::now() + DRAIN + Duration::from_secs(1),
    )
    .await;
    join_all(&mut lobby, Instant::now() + Duration::from_secs(1)).await;
    // The games still held are added up as they go: those whose second
    // player never came, and those still waiting for a watcher.
    let held = std::mem::take(&mut *lock(&run.rooms));
    drop(held);
    {
        let mut wanted_by = wanted_by.lock().await;
        while wanted_by.try_recv().is_ok() {}
    }
    let tally = std::mem::take(&mut *run.tally());
    let pairing = std::mem::take(&mut *run.pairing());
    Ok(PairingReport {
        bench: BenchReport {
            games,
            unconnected,
            connecting,
            seconds,
            tally,
        },
        pairing,
        connections,
        clock: config.clock,
        watchers: config.watchers,
        lobby_watchers: config.lobby_watchers,
    })
}

/// Waits for every task of `set`, and cuts short those still running at
/// `limit`.
async fn join_all(set: &mut JoinSet<()>, limit: Instant) {
    while !set.is_empty() {
        tokio::select! {
            _ = set.join_next() => {}
            _ = tokio::time::sleep_until(limit) => {
                set.abort_all();
                while set.join_next().await.is_some() {}
            }
        }
    }
}

/// The next reply on `socket` (other messages skipped), in [`PATIENCE`].
async fn reply(socket: &mut BotSocket) -> Result<Reply, String> {
    let waiting = async {
        loop {
            if let ToClient::Reply(reply) = socket.next().await? {
                return Ok(reply);
            }
        }
    };
    tokio::time::timeout(PATIENCE, waiting)
        .await
        .map_err(|_| format!("no answer in {} s", PATIENCE.as_secs()))?
}

/// A player's connection, logged in with a fresh identity as
/// `bench-TAG-I` (TAG from the run, so a server that kept an earlier run's
/// players does not find the name taken; another TAG if it does).
async fn log_in(
    server: SocketAddr,
    source: Option<IpAddr>,
    index: usize,
    tag: u64,
) -> Result<BotSocket, String> {
    let mut socket = BotSocket::connect(server, source).await?;
    let identity = Identity::generate().map_err(|e| e.to_string())?;
    for attempt in 0..4 {
        let name = format!("bench-{:04x}-{index}", (tag >> (16 * attempt)) & 0xffff);
        socket
            .send(&Request::Hello {
                key: identity.key(),
                name: name.clone(),
            })
            .await?;
        let challenge = match reply(&mut socket).await? {
            Reply::Challenge(challenge) => challenge,
            Reply::Refused(Refusal::NameTaken) => continue,
            other => return Err(format!("{other:?} in answer to {name}'s Hello")),
        };
        socket
            .send(&Request::Prove {
                signature: identity.sign(&challenge),
            })
            .await?;
        match reply(&mut socket).await? {
            Reply::Welcome { .. } => return Ok(socket),
            Reply::Refused(Refusal::NameTaken) => continue,
            other => return Err(format!("{other:?} in answer to {name}'s Prove")),
        }
    }
    Err(format!(
        "every name tried for bench player {index} is taken"
    ))
}

/// A connection watching the lobby, its first lobby received.
async fn watch_lobby(server: SocketAddr, source: Option<IpAddr>) -> Result<BotSocket, String> {
    let mut socket = BotSocket::connect(server, source).await?;
    socket.send(&Request::WatchLobby).await?;
    let waiting = async {
        loop {
            if let ToClient::Lobby(_) = socket.next().await? {
                return Ok::<_, String>(());
            }
        }
    };
    tokio::time::timeout(PATIENCE, waiting)
        .await
        .map_err(|_| "no lobby sent to its watcher".to_string())??;
    Ok(socket)
}

/// One bot: into the queue, through the game it is seated in, and into
/// the queue again, until the run's end.
async fn player(mut socket: BotSocket, index: u64, run: Arc<PairingRun>) {
    let mut dice = PlayRng::new(index.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    loop {
        if Instant::now() >= run.deadline {
            return;
        }
        let asked = Instant::now();
        if let Err(problem) = socket.send(&Request::QuickPair(run.spec)).await {
            run.problem(problem);
            return;
        }
        let (code, side) = match seated(&mut socket, &run).await {
            Ok(Some(seat)) => seat,
            Ok(None) => {
                run.pairing().queued_at_end += 1;
                let _ = socket.send(&Request::CancelSeek).await;
                return;
            }
            Err(problem) => {
                run.problem(problem);
                return;
            }
        };
        let _ = run.pairing().pairings.record(micros(asked.elapsed()));
        let game = PairedGame::join(&run, code, &mut dice);
        let played = play(&mut socket, side, &game, &run).await;
        game.left(side, matches!(played, Ok(true)));
        drop(game);
        match played {
            Ok(true) if !run.one_game_each => {}
            // The run is over (or this bot's one game is).
            Ok(_) => return,
            Err(problem) => {
                run.problem(problem);
                return;
            }
        }
    }
}

/// Waits for the queue to seat this bot: its room and side, or `None`
/// when the run ended first.
async fn seated(
    socket: &mut BotSocket,
    run: &PairingRun,
) -> Result<Option<(RoomCode, Side)>, String> {
    loop {
        tokio::select! {
            message = socket.next() => match message? {
                ToClient::Reply(Reply::Seated { code, side, .. }) => return Ok(Some((code, side))),
                ToClient::Reply(Reply::Refused(refusal)) => {
                    return Err(format!("quick pairing refused: {refusal}"));
                }
                // `Queued`, and the last room's news.
                _ => {}
            },
            _ = tokio::time::sleep_until(run.deadline) => return Ok(None),
        }
    }
}

/// One player through one game: it moves when the clock says its move is
/// due and it is its turn, and notes when it sees a move. `Ok(true)` when
/// the game ended, `Ok(false)` when the run did first.
async fn play(
    socket: &mut BotSocket,
    side: Side,
    game: &PairedGame,
    run: &PairingRun,
) -> Result<bool, String> {
    let deadline = run.deadline;
    let mut board: Option<Board> = None;
    loop {
        let now = Instant::now();
        // Due: my turn, nothing in flight, the clock started.
        let due = board.as_ref().and_then(|board| {
            let state = game.state();
            (state.in_flight.is_none() && !board.over && board.full && board.game.to_move() == side)
                .then_some(state.next_due)
                .flatten()
        });
        if now >= deadline {
            let waiting = game
                .state()
                .in_flight
                .is_some_and(|f| !f.seen[side.index()]);
            if !waiting || now >= deadline + DRAIN {
                return Ok(false);
            }
        }
        let wake = match due {
            Some(due) if now < deadline => due,
            _ if now < deadline => deadline,
            _ => deadline + DRAIN,
        };
        tokio::select! {
            _ = game.seen.notified() => {}
            message = socket.next() => match message? {
                ToClient::Room(view) if view.code == game.code => {
                    if game.saw(&view, side) {
                        game.seen.notify_waiters();
                    }
                    let board = board.get_or_insert_with(|| Board::new(view.kind));
                    board.update(&view)?;
                    if board.over {
                        return Ok(true);
                    }
                }
                ToClient::Reply(Reply::Refused(refusal)) => {
                    {
                        let mut state = game.state();
                        if let Some(flight) = state.in_flight.take() {
                            state.plies.truncate(flight.ply);
                        }
                    }
                    let mut tally = run.tally();
                    tally.lost += 1;
                    if tally.refusals.len() < 20 {
                        tally.refusals.push(format!("room {}, {side:?}: {refusal}", game.code));
                    }
                }
                // The last room's news, and what this bot never asks for.
                _ => {}
            },
            _ = tokio::time::sleep_until(wake) => {
                let Some(due) = due.filter(|_| Instant::now() < deadline) else {
                    continue;
                };
                let Some(board) = board.as_ref() else { continue };
                let ply = board.applied;
                let mv = {
                    let mut state = game.state();
                    let gap = exponential_us(&mut state.dice, run.mean_interval_us);
                    state.next_due = Some(due + gap);
                    state.in_flight = Some(InFlight { ply, due, seen: [false; 2] });
                    state.plies.truncate(ply);
                    state.plies.push(Ply { due, players: false, watchers: 0 });
                    random_move(&board.game, &mut state.dice)
                };
                let Some(mv) = mv else { return Ok(false) };
                socket.send(&Request::Play { mv, ply }).await?;
            }
        }
    }
}

/// One watcher connection: takes the next game that wants a watcher,
/// watches it to its end, and takes another, until the run's end.
async fn watcher(
    mut socket: BotSocket,
    run: Arc<PairingRun>,
    wanted: Wanted,
    mut stopped: watch::Receiver<bool>,
) {
    loop {
        if *stopped.borrow() {
            return;
        }
        let game = tokio::select! {
            got = async { wanted.lock().await.recv().await } => match got {
                Some(game) => game,
                None => return,
            },
            // The last game's news.
            message = socket.next() => {
                if message.is_err() {
                    return;
                }
                continue;
            }
            _ = stopped.changed() => return,
            _ = tokio::time::sleep_until(run.deadline) => return,
        };
        if *stopped.borrow() || Instant::now() >= run.deadline {
            game.answered();
            return;
        }
        if socket.send(&Request::Watch(game.code)).await.is_err() {
            game.answered();
            return;
        }
        let usable = watch_game(&mut socket, &game, &run, &mut stopped).await;
        drop(game);
        if !usable {
            return;
        }
    }
}

/// Watches `game` (its `Watch` sent) until both players have left and
/// every move sent has been seen, or the drain after the run's end.
/// False when the connection is gone.
async fn watch_game(
    socket: &mut BotSocket,
    game: &PairedGame,
    run: &PairingRun,
    stopped: &mut watch::Receiver<bool>,
) -> bool {
    let code = game.code;
    let mut answered = false;
    let mut seen = 0;
    let mut stopping: Option<Instant> = None;
    loop {
        let now = Instant::now();
        if stopping.is_none() && (*stopped.borrow() || now >= run.deadline) {
            stopping = Some(now.min(run.deadline));
        }
        if answered && game.caught_up(seen) {
            return true;
        }
        if let Some(since) = stopping {
            if !answered {
                game.answered();
                return true;
            }
            if now >= since + DRAIN {
                return true;
            }
        }
        let wake = stopping.map_or(run.deadline, |since| since + DRAIN);
        tokio::select! {
            message = socket.next() => match message {
                Err(_) => {
                    if !answered {
                        game.answered();
                    }
                    return false;
                }
                Ok(ToClient::Reply(Reply::Watching(watched))) if watched == code && !answered => {
                    answered = true;
                    run.pairing().watching += 1;
                    game.answered();
                }
                Ok(ToClient::Reply(Reply::Refused(refusal))) if !answered => {
                    run.pairing().watch_refused += 1;
                    run.problem(format!("watching room {code}: {refusal}"));
                    game.answered();
                    return true;
                }
                Ok(ToClient::Room(view)) if answered && view.code == code => {
                    game.watched(seen, view.moves.len());
                    seen = seen.max(view.moves.len());
                }
                Ok(_) => {}
            },
            _ = game.left.notified() => {}
            _ = stopped.changed(), if stopping.is_none() => {}
            _ = tokio::time::sleep_until(wake) => {}
        }
    }
}

/// A lobby watcher: counts the lobby messages until the run is stopped.
async fn lobby_watcher(
    mut socket: BotSocket,
    run: Arc<PairingRun>,
    mut stopped: watch::Receiver<bool>,
) {
    while !*stopped.borrow() {
        tokio::select! {
            message = socket.next() => match message {
                Ok(ToClient::Lobby(_)) => run.pairing().lobby_messages += 1,
                Ok(_) => {}
                Err(_) => return,
            },
            _ = stopped.changed() => return,
        }
    }
}
