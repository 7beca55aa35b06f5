//! The registry on Redis (the `cluster` feature).

use super::{Beat, Cluster, Whereabouts};
use lineup_core::net::RoomCode;
use redis::{Commands, Connection};

/// How long an instance's key outlives its last heartbeat: the time the
/// shared database gives it too.
use crate::store::DEAD_AFTER_SECONDS as HEARTBEAT_SECONDS;

const INSTANCES: &str = "lineup:instances";

fn instance_key(id: &str) -> String {
    format!("lineup:instance:{id}")
}

fn room_key(code: RoomCode) -> String {
    format!("lineup:room:{code}")
}

/// The connection to Redis, made again when Redis went away.
pub(super) struct Registry {
    client: redis::Client,
    connection: Option<Connection>,
}

impl Cluster {
    /// Connects to Redis at `url` as instance `instance`, reached by
    /// players at `address`.
    pub fn connect(url: &str, instance: &str, address: &str) -> Result<Cluster, String> {
        let client =
            redis::Client::open(url).map_err(|e| format!("\"{url}\" is no Redis address: {e}"))?;
        let mut cluster = Cluster {
            registry: Registry {
                client,
                connection: None,
            },
            instance: instance.to_string(),
            address: address.to_string(),
        };
        cluster
            .with(|c| redis::cmd("PING").query::<String>(c))
            .map_err(|e| format!("Redis at {url}: {e}"))?;
        Ok(cluster)
    }

    /// Runs `f` on the connection, making it again if Redis went away.
    fn with<T>(
        &mut self,
        f: impl FnOnce(&mut Connection) -> redis::RedisResult<T>,
    ) -> Result<T, String> {
        if self.registry.connection.is_none() {
            let connection = self
                .registry
                .client
                .get_connection_with_timeout(std::time::Duration::from_secs(1))
                .map_err(|e| e.to_string())?;
            let _ = connection.set_read_timeout(Some(std::time::Duration::from_secs(2)));
            self.registry.connection = Some(connection);
        }
        let Some(connection) = self.registry.connection.as_mut() else {
            return Err("no connection".into());
        };
        let result = f(connection);
        if result.is_err() {
            self.registry.connection = None;
        }
        result.map_err(|e| e.to_string())
    }

    /// Renews this instance's heartbeat and looks at the others.
    pub fn beat(&mut self) -> Result<Beat, String> {
        let (me, address) = (self.instance.clone(), self.address.clone());
        let marker = format!("lineup:alive-since:{me}");
        self.with(|c| {
            let forgotten: bool = !c.exists(&marker)?;
            redis::pipe()
                .set_ex(instance_key(&me), &address, HEARTBEAT_SECONDS)
                .ignore()
                .sadd(INSTANCES, &me)
                .ignore()
                .set(&marker, 1)
                .ignore()
                .query::<()>(c)?;
            let members: Vec<String> = c.smembers(INSTANCES)?;
            let mut beat = Beat {
                forgotten,
                addresses: vec![address.clone()],
                ..Beat::default()
            };
            for id in members.into_iter().filter(|id| *id != me) {
                match c.get::<_, Option<String>>(instance_key(&id))? {
                    Some(other) => beat.addresses.push(other),
                    None => beat.dead.push(id),
                }
            }
            Ok(beat)
        })
    }

    /// Claims the rooms of dead instance `gone` for this one; false when
    /// another instance claimed them first.
    pub fn claim(&mut self, gone: &str) -> Result<bool, String> {
        let me = self.instance.clone();
        let gone = gone.to_string();
        self.with(|c| {
            let claimed: bool = redis::cmd("SET")
                .arg(format!("lineup:claim:{gone}"))
                .arg(&me)
                .arg("NX")
                .arg("EX")
                .arg(60)
                .query::<Option<String>>(c)?
                .is_some();
            if claimed {
                let _: () = c.srem(INSTANCES, &gone)?;
            }
            Ok(claimed)
        })
    }

    /// Maps rooms to this instance.
    pub fn own(&mut self, codes: &[RoomCode]) -> Result<(), String> {
        if codes.is_empty() {
            return Ok(());
        }
        let me = self.instance.clone();
        self.with(|c| {
            let mut pipe = redis::pipe();
            for code in codes {
                pipe.set(room_key(*code), &me).ignore();
            }
            pipe.query::<()>(c)
        })
    }

    /// Forgets finished rooms.
    pub fn release(&mut self, codes: &[RoomCode]) -> Result<(), String> {
        if codes.is_empty() {
            return Ok(());
        }
        let keys: Vec<String> = codes.iter().map(|c| room_key(*c)).collect();
        self.with(|c| c.del::<_, ()>(keys))
    }

    /// Where room `code` lives, by the registry.
    pub fn locate(&mut self, code: RoomCode) -> Result<Whereabouts, String> {
        self.with(|c| {
            let Some(instance) = c.get::<_, Option<String>>(room_key(code))? else {
                return Ok(Whereabouts::Nowhere);
            };
            whereabouts_of(c, instance)
        })
    }

    /// Where instance `instance` is, by the registry.
    pub fn find(&mut self, instance: &str) -> Result<Whereabouts, String> {
        let instance = instance.to_string();
        self.with(|c| whereabouts_of(c, instance))
    }
}

fn whereabouts_of(c: &mut Connection, instance: String) -> redis::RedisResult<Whereabouts> {
    Ok(match c.get::<_, Option<String>>(instance_key(&instance))? {
        Some(address) => Whereabouts::Live { instance, address },
        None => Whereabouts::Orphaned { instance },
    })
}
