//! Move log lines. In the hidden view a line names only what the reader may know: the colour and
//! the face toward the reader, never the far face of a stone. The text is pure (tested natively
//! with the view model): [`crate::view::viermalvier::describe`].

pub use crate::view::viermalvier::describe;
