//! Online play in plain Rust: what client and server say (`protocol`,
//! `views`), how it travels in a frame (`wire`), the codes people type
//! (`code`), who a player is (`identity`: a key pair, no passwords), their
//! `rating`s, what a name may hold (`names`), where every secret comes from
//! (`secrets`), the server's authority over the game (`room` for one game,
//! `lobby` for all of them, `players` and `pairing` for the people in it).
//! No Bevy and no sockets here: the online crates carry these over
//! WebSockets and keep the rooms in a database.

pub mod address;
pub mod code;
pub mod identity;
pub mod lobby;
pub mod names;
pub mod pairing;
pub mod players;
pub mod protocol;
pub mod rating;
pub mod room;
pub mod secrets;
pub mod views;
pub mod wire;

pub use code::{CodeError, RoomCode, SeatSecret};
pub use identity::{Identity, PlayerKey};
pub use lobby::{CHALLENGE_MS, Effect, GRACE_MS, Lobby, Lookup};
pub use players::PlayerRecord;
pub use protocol::{
    ClockView, GameId, HistoryError, OnlineSeat, Refusal, Reply, Request, RoomEnd, RoomView,
};
pub use room::{ClientKey, Room, RoomRecord, Terms};
pub use secrets::{OsSecrets, PredictableSecrets, SecretError, SecretSource};
