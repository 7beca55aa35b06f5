//! Online play in plain Rust: what client and server say (`protocol`), how
//! it travels in a frame (`wire`), the codes people type (`code`), and the
//! server's authority over the game (`room` for one game, `lobby` for all of
//! them), and `server_process` for the load tool's report. No Bevy and no
//! sockets here: the `lineup-online` crate carries these over WebSockets
//! and keeps the rooms in a database.

pub mod address;
pub mod code;
pub mod lobby;
pub mod protocol;
pub mod room;
pub mod server_process;
pub mod wire;

pub use code::{CodeError, RoomCode, SeatSecret, unguessable_seed};
pub use lobby::{Effect, GRACE_MS, Lobby};
pub use protocol::{HistoryError, OnlineSeat, Refusal, Reply, Request, RoomEnd, RoomView};
pub use room::{ClientKey, Room, RoomRecord};
