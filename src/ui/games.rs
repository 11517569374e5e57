//! What a game gives the shared screens, besides its entry in the list of games (src/games.rs):
//! its blurb on the home screen, its setup options, its play screen and what its hand-over cover
//! asks. The screens choose by [`GameKind`](crate::engine::GameKind) with `with_game!`.

use crate::session::{Seat, Stored};
use leptos::prelude::*;

pub trait GameScreens: Stored<Options: Send + Sync> {
    /// One or two sentences on the home screen: what the game is, for how many.
    fn blurb() -> &'static str;

    /// The game's options in setup.
    fn options_form(options: RwSignal<Self::Options>) -> AnyView;

    /// The game's part of the play screen (board, seats, hand, result, log: `ui::table_frame`).
    fn play() -> AnyView;

    /// A worked example of the rules (`public/rules/<game>.examples.txt`, on the rules page): the
    /// game's own board drawn from `position` (its position text) with the `mark`ed places
    /// highlighted, or why it cannot be drawn.
    fn example(position: &str, mark: &[String]) -> Result<AnyView, String>;

    /// The game's own board drawn from the position `game` (a rules example, a step of a replay)
    /// for `seats`, the `mark`ed places highlighted. Nothing on it is a control.
    fn position_view(game: &Self, seats: Vec<Seat>, mark: &[String]) -> AnyView;

    /// Asked on the hand-over cover below its button, if anything (Vier mal Vier's take-back).
    fn cover_question() -> Option<AnyView> {
        None
    }

    /// Whether setup offers the hand-over setting: not where the board itself is private and
    /// the device always passes covered (Vier mal Vier's hidden wall).
    const HANDOVER_SETTING: bool = true;
}
