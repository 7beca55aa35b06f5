//! Online play over WebSockets, in plain Rust (tokio, no Bevy):
//!
//! - `server/`: `lineup-server`'s engine: a task per connection, one owner
//!   of the rooms (the core's `net::Lobby`), changes stored before they are
//!   sent; also run inside a window that hosts a game;
//! - `store/`: where the rooms are kept (SQLite by default);
//! - `client`: a connection on a thread of its own, for the window and the
//!   tests, polled without blocking;
//! - `bench/`: the load tool (`lineup-server bench`);
//! - `tls`: rustls for servers on the internet and `wss://` clients;
//! - `cli`: `lineup-server`'s command line.
//!
//! The messages and the authority over the game are the core's
//! (`lineup_core::net`); this crate only carries them.

pub mod bench;
pub mod cli;
pub mod client;
pub mod server;
pub mod store;
pub mod tls;
