//! The server side: hands every request to the plain [`Lobby`] and carries
//! out what it answers (replies, room entities to replicate, who sees which
//! room, log lines). The same plugin runs in `lineup-server` and in a window
//! that hosts a game; the host's own requests arrive as `ClientId::Server`.

use super::protocol::{NetReply, NetRequest, RoomState, RoomTag, SeatedIn};
use bevy::prelude::*;
use bevy_replicon::prelude::*;
use lineup_core::ai::Rng;
use lineup_core::match_state::now;
use lineup_core::net::journal::Journal;
use lineup_core::net::{ClientKey, Effect, Lobby, RoomCode, unguessable_seed};
use std::collections::HashMap;
use std::time::{Duration, Instant};

pub fn plugin(app: &mut App) {
    app.init_resource::<ServerLobby>()
        .add_observer(on_request)
        .add_observer(on_disconnect)
        .add_systems(
            Update,
            expire
                .in_set(crate::states::AppSystems::Apply)
                .run_if(in_state(ServerState::Running)),
        );
}

/// The lobby and what ties it to the world: the room entities, the journal,
/// and the clock the grace period runs on.
#[derive(Resource)]
pub struct ServerLobby {
    pub lobby: Lobby,
    journal: Option<Journal>,
    entities: HashMap<RoomCode, Entity>,
    started: Instant,
    next_check: Duration,
}

impl Default for ServerLobby {
    fn default() -> Self {
        ServerLobby {
            lobby: Lobby::new(Rng::new(unguessable_seed())),
            journal: None,
            entities: HashMap::new(),
            started: Instant::now(),
            next_check: Duration::ZERO,
        }
    }
}

impl ServerLobby {
    /// A lobby that keeps its rooms in `folder`, with the rooms a previous
    /// run left there (their players may rejoin).
    pub fn with_journal(journal: Journal) -> (ServerLobby, Vec<String>) {
        let mut server = ServerLobby::default();
        let (rooms, problems) = journal.load(0);
        for room in rooms {
            server.lobby.restore(room);
        }
        server.journal = Some(journal);
        (server, problems)
    }

    fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Codes of the rooms restored from the journal, to spawn at start.
    pub fn codes(&self) -> Vec<RoomCode> {
        self.lobby.rooms().map(|r| r.code()).collect()
    }
}

/// The lobby's name for a client.
pub fn client_key(id: ClientId) -> ClientKey {
    match id {
        ClientId::Server => ClientKey::MAX,
        ClientId::Client(entity) => entity.to_bits(),
    }
}

fn client_id(key: ClientKey) -> ClientId {
    if key == ClientKey::MAX {
        ClientId::Server
    } else {
        ClientId::Client(Entity::from_bits(key))
    }
}

fn on_request(
    request: On<FromClient<NetRequest>>,
    mut server: ResMut<ServerLobby>,
    mut commands: Commands,
) {
    let now = server.now();
    let effects = server.lobby.handle(
        client_key(request.client_id),
        request.message.0.clone(),
        now,
    );
    carry_out(effects, &mut server, &mut commands);
}

fn on_disconnect(
    gone: On<Remove, ConnectedClient>,
    mut server: ResMut<ServerLobby>,
    mut commands: Commands,
) {
    let now = server.now();
    let effects = server
        .lobby
        .disconnected(client_key(ClientId::Client(gone.entity)), now);
    carry_out(effects, &mut server, &mut commands);
}

/// Once a second: players away past the grace period forfeit, empty rooms
/// close.
fn expire(mut server: ResMut<ServerLobby>, mut commands: Commands) {
    let elapsed = server.started.elapsed();
    if elapsed < server.next_check {
        return;
    }
    server.next_check = elapsed + Duration::from_secs(1);
    let now = server.now();
    let effects = server.lobby.tick(now);
    carry_out(effects, &mut server, &mut commands);
}

/// Spawns an entity for each room the journal brought back.
pub fn spawn_restored(mut server: ResMut<ServerLobby>, mut commands: Commands) {
    let effects = server.codes().into_iter().map(Effect::Changed).collect();
    carry_out(effects, &mut server, &mut commands);
}

fn carry_out(effects: Vec<Effect>, server: &mut ServerLobby, commands: &mut Commands) {
    for effect in effects {
        match effect {
            Effect::Changed(code) => {
                let Some(room) = server.lobby.room(code) else {
                    continue;
                };
                // Journal first: nothing is shown that a restart could lose.
                if let Some(journal) = &server.journal
                    && let Err(problem) = journal.write(room)
                {
                    error!("{problem}");
                }
                let state = RoomState(room.view());
                match server.entities.get(&code) {
                    Some(entity) => {
                        commands.entity(*entity).insert(state);
                    }
                    None => {
                        let entity = commands.spawn((Replicated, RoomTag(code), state)).id();
                        server.entities.insert(code, entity);
                    }
                }
            }
            Effect::Closed(record) => {
                if let Some(entity) = server.entities.remove(&record.code) {
                    commands.entity(entity).despawn();
                }
                if let Some(journal) = &server.journal
                    && let Err(problem) = journal.close(&record, now())
                {
                    error!("{problem}");
                }
            }
            Effect::Sees { client, code } => {
                if let ClientId::Client(entity) = client_id(client) {
                    match code {
                        Some(code) => {
                            commands.entity(entity).try_insert(SeatedIn(code));
                        }
                        None => {
                            commands.entity(entity).try_remove::<SeatedIn>();
                        }
                    }
                }
            }
            Effect::Reply { to, reply } => {
                commands.server_trigger(ToClients {
                    targets: SendTargets::Single(client_id(to)),
                    message: NetReply(reply),
                });
            }
            Effect::Log(line) => info!(target: "lineup::server", "{line}"),
        }
    }
}
