//! Opening rules: how a tournament game of Gomoku starts, so that neither
//! colour's first-move advantage decides it. Each rule is a state machine
//! that accepts only the action its step asks of the player whose step it
//! is, and ends with the colours settled and a game to go on with.

pub mod swap2;

pub use swap2::Swap2;
