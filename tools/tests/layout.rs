//! The layout rules for touch on every screen (issue 12): no page scroll, the main action in
//! view, tap targets ≥ 44 px, board text ≥ 12 px, nothing cut
//! off) hold at 1024×768, 768×1024 and 390×844, on starts, mid-turn states, covers and ends.
//! (`bash scripts/screenshots.sh` shows the same screens and lists every problem.)

mod common;
use common::*;
use spieltisch_tools::screens::{self, Viewport, VIEWPORTS};

fn check(viewport: Viewport) {
    let mut failures = Vec::new();
    for (name, reach) in screens::all() {
        let app = App::start_blank(&format!("layout-{}-{name}", viewport.name), "/spieltisch/");
        screens::apply(&app.b, viewport).ctx("viewport");
        screens::german(&app.b, &app.base_url).ctx("German");
        reach(&app.b, &app.base_url).ctx(&name);
        std::thread::sleep(std::time::Duration::from_millis(300));
        for problem in screens::audit(&app.b).ctx("audit") {
            failures.push(format!("{name}: {problem}"));
        }
    }
    assert!(failures.is_empty(), "{}: {} layout problems:\n{}", viewport.name, failures.len(), failures.join("\n"));
}

#[test]
fn every_screen_fits_the_landscape_tablet() {
    check(VIEWPORTS[0]);
}

#[test]
fn every_screen_fits_the_portrait_tablet() {
    check(VIEWPORTS[1]);
}

#[test]
fn every_screen_fits_the_phone() {
    check(VIEWPORTS[2]);
}
