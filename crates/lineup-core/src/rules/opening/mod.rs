//! Opening rules: how a tournament game of Gomoku or Renju starts, so that
//! Black's first-move advantage does not decide it. The players place the
//! first stones under the rule's limits and choose (or swap) colours on the
//! way; then the game goes on as usual.
//!
//! - [`rule`]: which opening rule ([`OpeningRule`]) and the rule sets it
//!   belongs to.
//! - [`step`]: the vocabulary: the two players, the steps, the actions and
//!   the typed refusals.
//! - [`opening`]: the state machine ([`Opening`]) that accepts only the
//!   action its step asks of the player whose step it is.
//! - [`swap2`], [`soosorv`], [`taraguchi`]: each rule's order of steps.
//! - [`symmetry`]: the board's symmetries, which forbid two offered fifth
//!   moves that are the same move seen in a mirror.
//! - [`notation`]: actions as words (`h8`, `swap`, `offer:j7`), for saves.
//! - [`story`]: the decisions an opening made, for the window to tell.

pub mod notation;
#[allow(clippy::module_inception)]
pub mod opening;
pub mod rule;
mod soosorv;
pub mod step;
pub mod story;
mod swap2;
pub mod symmetry;
mod taraguchi;

pub use opening::Opening;
pub use rule::OpeningRule;
pub use step::{Action, OpeningError, Player, Step};
