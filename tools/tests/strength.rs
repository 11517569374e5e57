//! Setup's strength labels (issue 26, 3) say what the arena measured on the bots' current code:
//! the figures file was written for exactly these sources, with enough games per line.

use spieltisch::engine::bots::Level;
use spieltisch::engine::GameKind;
use spieltisch::view::strength::{supported, Strength};

#[test]
fn the_labels_figures_were_measured_on_the_bots_code_as_it_is() {
    let strength = Strength::stored().expect("src/engine/bots/strength.json reads");
    let now = spieltisch_tools::strength::fingerprint().expect("the bots' sources read");
    assert_eq!(
        strength.fingerprint,
        now,
        "the bots changed since their strength was measured: run `{}` (it rewrites {})",
        strength.command,
        spieltisch_tools::strength::figures_file().display()
    );
    assert_eq!(strength.iterations, spieltisch::engine::bots::Budget::FULL.iterations, "measured at the app's budget");
    for kind in GameKind::ALL {
        for level in Level::ALL {
            let (_, m) = strength.share(kind, level).unwrap_or_else(|| panic!("{kind:?} {level:?}: not measured"));
            assert!(supported(&m), "{kind:?} {level:?}: the figures do not support a label: {m:?}");
        }
    }
}
