//! Online play in plain Rust: what travels between client and server
//! (`protocol`), the codes people type (`code`), and the server's authority
//! over the game (`room` for one game, `lobby` for all of them, `journal` for
//! keeping them across a restart), and `server_process` for the load tool's
//! report. No Bevy and no sockets here: the game
//! layer (`crate::game::online`) carries these over bevy_replicon.

pub mod address;
pub mod code;
pub mod journal;
pub mod lobby;
pub mod protocol;
pub mod room;
pub mod server_process;

pub use code::{CodeError, RoomCode, SeatSecret, unguessable_seed};
pub use lobby::{Effect, GRACE_MS, Lobby};
pub use protocol::{HistoryError, OnlineSeat, Refusal, Reply, Request, RoomEnd, RoomView};
pub use room::{ClientKey, Room, RoomRecord};
