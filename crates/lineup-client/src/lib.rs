//! Lineup's online client, in plain Rust (no Bevy):
//!
//! - `connection`: a connection to a server on a thread of its own, so the
//!   network never holds up a frame; polled without blocking;
//! - `session/`: what the client does, with no I/O: its phases
//!   (connecting, logging in, seated, lost…), reconnection, the server's
//!   other instances, redirects; the connection's news and the time in,
//!   effects out;
//! - `tls`: the client's side of TLS (`wss://`).
//!
//! The messages are the core's (`lineup_core::net`). The window
//! (`src/online/`) turns the session's effects into its own messages; the
//! server's crate uses the connection for its load tool and tests.

pub mod connection;
pub mod session;
pub mod tls;
