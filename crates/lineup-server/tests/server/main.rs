//! The server crate's tests: the server over real WebSockets on 127.0.0.1,
//! its stores, hostile peers, a killed server process, and the load tool
//! (and its fault mode).

mod cluster;
mod faults;
mod hostile;
mod load;
mod player;
mod server;
mod store;
mod store_players;
mod store_pruning;
mod tls;
