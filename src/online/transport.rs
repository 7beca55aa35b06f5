//! Opening and closing the UDP connection (renet over netcode). Channels
//! come from replicon's registrations, so these run only once every plugin
//! has registered what it sends.

use super::protocol::PROTOCOL_ID;
use super::tokens::Security;
use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::RenetChannelsExt;
use bevy_replicon_renet::netcode::{
    ClientAuthentication, ConnectToken, NetcodeClientTransport, NetcodeServerTransport,
    ServerAuthentication, ServerConfig,
};
use bevy_replicon_renet::renet::ConnectionConfig;
use bevy_replicon_renet::{RenetClient, RenetServer, renet};
use std::net::{SocketAddr, TcpListener, UdpSocket};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Netcode allows this many clients on one server.
pub const MAX_CLIENTS: usize = 1024;

fn connection_config(channels: &RepliconChannels) -> ConnectionConfig {
    ConnectionConfig {
        server_channels_config: channels.server_configs(),
        client_channels_config: channels.client_configs(),
        ..default()
    }
}

fn clock() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// Starts listening on `bind` (port 0: any free port). Returns the address
/// actually bound. With `security` (a server on the internet) only clients
/// with a connect token get in, and the tokens are handed out over TCP on
/// the same port; without (a game hosted on a LAN, tests) anyone may.
pub fn start_server(
    world: &mut World,
    bind: SocketAddr,
    security: Option<Security>,
) -> Result<SocketAddr, String> {
    let socket = UdpSocket::bind(bind).map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let local = socket.local_addr().map_err(|e| e.to_string())?;
    let (authentication, public) = match security {
        None => (ServerAuthentication::Unsecure, local),
        Some(security) => {
            let tokens = TcpListener::bind(local)
                .map_err(|e| format!("cannot hand out tokens on TCP {local}: {e}"))?;
            let public = security.public;
            let authentication = ServerAuthentication::Secure {
                private_key: security.key,
            };
            security.serve_tokens(tokens);
            (authentication, public)
        }
    };
    let config = ServerConfig {
        current_time: clock(),
        max_clients: MAX_CLIENTS,
        protocol_id: PROTOCOL_ID,
        authentication,
        public_addresses: vec![public],
    };
    let transport = NetcodeServerTransport::new(config, socket).map_err(|e| e.to_string())?;

    let server = RenetServer(renet::RenetServer::new(connection_config(
        world.resource::<RepliconChannels>(),
    )));
    world.insert_resource(server);
    world.insert_resource(transport);
    Ok(local)
}

/// Starts connecting to `server`, with a connect token when the server gave
/// one ([`super::tokens::fetch`]); [`ClientState`] says how it goes.
pub fn connect(
    world: &mut World,
    server: SocketAddr,
    token: Option<ConnectToken>,
) -> Result<(), String> {
    let any = if server.is_ipv4() {
        SocketAddr::from(([0, 0, 0, 0], 0))
    } else {
        SocketAddr::from(([0u16; 8], 0))
    };
    let socket = UdpSocket::bind(any).map_err(|e| format!("cannot open a socket: {e}"))?;
    let now = clock();
    // Any id unique among the server's clients: the clock mixed with this
    // socket's port.
    let port = socket.local_addr().map(|a| a.port()).unwrap_or(0);
    let client_id = (now.as_nanos() as u64) ^ (u64::from(port) << 48);
    let authentication = match token {
        Some(connect_token) => ClientAuthentication::Secure { connect_token },
        None => ClientAuthentication::Unsecure {
            client_id,
            protocol_id: PROTOCOL_ID,
            server_addr: server,
            user_data: None,
        },
    };
    let transport = NetcodeClientTransport::new(now, authentication, socket)
        .map_err(|e| format!("cannot connect to {server}: {e}"))?;
    let client = RenetClient(renet::RenetClient::new(connection_config(
        world.resource::<RepliconChannels>(),
    )));
    world.insert_resource(client);
    world.insert_resource(transport);
    Ok(())
}

/// Closes whichever end this app had open.
pub fn close(world: &mut World) {
    if let Some(mut transport) = world.remove_resource::<NetcodeClientTransport>() {
        transport.disconnect();
    }
    world.remove_resource::<RenetClient>();
    if let Some(mut transport) = world.remove_resource::<NetcodeServerTransport>()
        && let Some(mut server) = world.get_resource_mut::<RenetServer>()
    {
        transport.disconnect_all(&mut server.0);
    }
    world.remove_resource::<RenetServer>();
}
