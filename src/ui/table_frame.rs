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
    /// Whether the game is over: then the result takes the hand's place.
    pub over: Signal<bool>,
    /// Whether the hand is shown: the seat at the device may see it (else it stays covered).
    pub hand_shown: Signal<bool>,
    /// The result, once the game is over.
    pub result: ViewFn,
    /// The hand with its actions.
    pub hand: ViewFn,
    /// Dialogs the game asks in (drawn outside the side panel), if any.
    pub dialogs: Option<AnyView>,
    /// Set on the frame as the class `open` (Vier mal Vier's open view shows both walls).
    pub open: Option<Signal<bool>>,
}

/// Draws `parts` in the frame: board area, then the side panel with the seats, the result, the
/// hand or its cover, and the move log.
pub fn table_frame(parts: TableParts) -> impl IntoView {
    let TableParts { game_class, board_class, board, seats, over, hand_shown, result, hand, dialogs, open } = parts;
    let ctx = AppCtx::get();
    let side = move || {
        if over.get() {
            result.run()
        } else if hand_shown.get() {
            hand.run()
        } else {
            view! { <div class="hand-area covered"></div> }.into_any()
        }
    };
    view! {
        <div class=format!("table-layout {game_class}") class:open=move || open.is_some_and(|o| o.get())>
            <div class=format!("board-area {board_class}")>{board}</div>
            <aside class="side">
                {seats}
                {side}
                <MoveLog lines=ctx.table.log_lines />
            </aside>
            {dialogs}
        </div>
    }
}
