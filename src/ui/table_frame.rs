//! The frame every game's table shares: the board, and beside it (below it on a phone) the
//! seats, the hand — covered while the seat at the device may not see it, the result once the
//! game is over — and the move log. A game supplies only its parts.

use crate::ui::components::MoveLog;
use crate::ui::AppCtx;
use leptos::prelude::*;

/// A game's parts of the table, drawn in the shared frame by [`table_frame`].
pub struct TableParts {
    /// The game's class on the frame ("j4f", "sudoku", …), for its own styles.
    pub game_class: &'static str,
    /// Extra classes on the board's area (may be empty).
    pub board_class: &'static str,
    /// The board.
    pub board: AnyView,
    /// The seats and what lies openly beside the board (piles, cards on the table).
    pub seats: AnyView,
    /// The result, the hand or its cover: `move || side_panel(over, hand_shown, result, hand)`.
    pub side: ViewFn,
    /// Dialogs the game asks in (drawn outside the side panel), if any.
    pub dialogs: Option<AnyView>,
    /// Set on the frame as the class `open` (Vier mal Vier's open view shows both walls).
    pub open: Option<Signal<bool>>,
}

/// What the side panel shows below the seats: the result once the game is over, else the hand
/// when the seat at the device may see it, else its cover. (A function the game's closure calls,
/// rather than two more signals per game: that costs the first load less.)
pub fn side_panel<Hand: IntoView + 'static>(
    over: bool,
    hand_shown: bool,
    result: impl FnOnce() -> AnyView,
    hand: impl FnOnce() -> Hand,
) -> AnyView {
    if over {
        result()
    } else if hand_shown {
        hand().into_any()
    } else {
        covered_hand()
    }
}

/// The hand's place while the seat at the device may not see it.
fn covered_hand() -> AnyView {
    view! { <div class="hand-area covered"></div> }.into_any()
}

/// Draws `parts` in the frame: board area, then the side panel with the seats, the result, the
/// hand or its cover, and the move log.
pub fn table_frame(parts: TableParts) -> impl IntoView {
    let TableParts { game_class, board_class, board, seats, side, dialogs, open } = parts;
    let ctx = AppCtx::get();
    view! {
        <div class=format!("table-layout {game_class}") class:open=move || open.is_some_and(|o| o.get())>
            <div class=format!("board-area {board_class}")>{board}</div>
            <aside class="side">
                {seats}
                {move || side.run()}
                <MoveLog lines=ctx.table.log_lines />
            </aside>
            {dialogs}
        </div>
    }
}
