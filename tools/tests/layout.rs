//! The layout rules for touch on every screen (issue 12): at 1024×768 and 768×1024 all of them
//! (no page scroll, the main action in view, tap targets ≥ 44 px, board text ≥ 12 px, nothing cut
//! off); at 390×844 the page never scrolls, the main action is in view and nothing is cut off.
//! (`bash scripts/screenshots.sh` shows the same screens and lists every problem.)

mod common;
use common::*;
use spieltisch_tools::screens::{self, Viewport, VIEWPORTS};

/// Problems the phone still has (issue 12 is open for them): Gut angelegt's table fields and
/// cards and Sudoku's fields are under 44 px, Sudoku's board text under 12 px.
fn known_on_phone(problem: &str) -> bool {
    problem.starts_with("tap target under 44 px: field ")
        || problem.starts_with("tap target under 44 px: card ")
        || problem.starts_with("tap target under 44 px: cell ")
        || problem.starts_with("board text under 12 px: sd-board ")
}

fn check(viewport: Viewport, allowed: fn(&str) -> bool) {
    let mut failures = Vec::new();
    for (name, reach) in screens::all() {
        let app = App::start_blank(&format!("layout-{}-{name}", viewport.name), "/spieltisch/");
        screens::apply(&app.b, viewport).ctx("viewport");
        screens::german(&app.b, &app.base_url).ctx("German");
        reach(&app.b, &app.base_url).ctx(&name);
        std::thread::sleep(std::time::Duration::from_millis(300));
        for problem in screens::audit(&app.b).ctx("audit") {
            if !allowed(&problem) {
                failures.push(format!("{name}: {problem}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}: {} layout problems:\n{}", viewport.name, failures.len(), failures.join("\n"));
}

#[test]
fn every_screen_fits_the_landscape_tablet() {
    check(VIEWPORTS[0], |_| false);
}

#[test]
fn every_screen_fits_the_portrait_tablet() {
    check(VIEWPORTS[1], |_| false);
}

#[test]
fn every_screen_fits_the_phone_but_the_known_boards() {
    check(VIEWPORTS[2], known_on_phone);
}
