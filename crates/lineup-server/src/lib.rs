//! Lineup's server, in plain Rust (tokio, no Bevy):
//!
//! - `server/`: `lineup-server`'s engine: a task per connection, one owner
//!   of the rooms (the core's `net::Lobby`), changes stored before they are
//!   sent; the Redis registry of several instances (`cluster` feature);
//! - `store/`: where the rooms are kept (SQLite by default; PostgreSQL with
//!   the `cluster` feature);
//! - `hosting`: the server a window runs when it hosts a game;
//! - `bench/`: the load tool (`lineup-server bench`, `load` feature);
//! - `tls`: rustls for servers on the internet;
//! - `cli`: `lineup-server`'s command line.
//!
//! The messages and the authority over the game are the core's
//! (`lineup_core::net`); the client's side is `lineup-client`. A window
//! takes this crate without its features, so the game links no
//! PostgreSQL, Redis or load tool.

#[cfg(feature = "load")]
pub mod bench;
#[cfg(feature = "load")]
pub mod cli;
pub mod hosting;
pub mod server;
pub mod store;
pub mod tls;
