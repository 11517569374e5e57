//! Screenshots of every screen at the three target viewports (tablet landscape and portrait,
//! phone; touch), so a reviewer can look at the app without playing it.
//!
//! `cargo run --release -p spieltisch-tools --bin screenshots -- [--dist DIR] [--out DIR] [--only TEXT]`
//! (`--only`: just the screens whose name contains TEXT)
//! (`scripts/screenshots.sh` builds the app first). Writes `<out>/<viewport>/<screen>.png` and
//! `<out>/index.html`, a page showing them all side by side; lists every layout problem it finds
//! on each screen ([`screens::audit`]).

use spieltisch_tools::dist;
use spieltisch_tools::screens::{self, Screen, Viewport, VIEWPORTS};
use spieltisch_tools::server::StaticServer;
use spieltisch_tools::webdriver::Browser;
use std::path::{Path, PathBuf};

fn main() {
    let mut dist_dir = dist::dist_dir();
    let mut out = PathBuf::from("target/screenshots");
    let mut only = String::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--dist" => dist_dir = PathBuf::from(args.next().expect("--dist DIR")),
            "--out" => out = PathBuf::from(args.next().expect("--out DIR")),
            "--only" => only = args.next().expect("--only TEXT"),
            _ => {
                eprintln!("usage: screenshots [--dist DIR] [--out DIR] [--only TEXT]");
                std::process::exit(2);
            }
        }
    }
    if let Err(e) = run(&dist_dir, &out, &only) {
        eprintln!("screenshots failed: {e}");
        std::process::exit(1);
    }
}

fn run(dist_dir: &Path, out: &Path, only: &str) -> std::result::Result<(), String> {
    let server = StaticServer::serve(dist_dir, "/spieltisch/").map_err(|e| e.to_string())?;
    let base = server.url();
    let screens: Vec<Screen> = screens::all().into_iter().filter(|(name, _)| name.contains(only)).collect();
    let mut failed = Vec::new();
    let mut issues = 0;
    for viewport in VIEWPORTS {
        let dir = out.join(viewport.name);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        for (name, reach) in &screens {
            // A fresh browser per screen: no saved games or settings carry over.
            let shot = Browser::start().and_then(|b| {
                screens::apply(&b, viewport)?;
                // In German, the app's default language (and its longer words).
                screens::german(&b, &base)?;
                reach(&b, &base)?;
                // As the layout test does: the screen standing still (styles in, no animation).
                screens::settle(&b)?;
                b.screenshot(&dir.join(format!("{name}.png")))?;
                screens::audit(&b)
            });
            match shot {
                Ok(problems) => {
                    println!("{}/{name}.png{}", viewport.name, if problems.is_empty() { "" } else { ":" });
                    for p in &problems {
                        println!("    {p}");
                    }
                    issues += problems.len();
                }
                Err(e) => {
                    eprintln!("{}/{name}: {e}", viewport.name);
                    failed.push(format!("{}/{name}", viewport.name));
                }
            }
        }
    }
    write_index(out, &screens.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), &VIEWPORTS)
        .map_err(|e| e.to_string())?;
    println!("open {}", out.join("index.html").display());
    println!("layout problems (no page scroll, main action in view, taps ≥ 44 px, board text ≥ 12 px, nothing cut off): {issues}");
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("not reached: {}", failed.join(", ")))
    }
}

/// One row per screen, one column per viewport, each image at its real size.
fn write_index(out: &Path, screens: &[&str], viewports: &[Viewport]) -> std::io::Result<()> {
    let mut html = String::from("<!DOCTYPE html><meta charset=utf-8><title>Spieltisch screenshots</title><style>body{font:14px sans-serif;background:#ddd}td{vertical-align:top;padding:8px}img{border:1px solid #888;background:#fff}</style><table>");
    for screen in screens {
        html.push_str(&format!("<tr><th colspan={}>{screen}</th></tr><tr>", viewports.len()));
        for v in viewports {
            html.push_str(&format!(
                "<td>{}<br><img src=\"{}/{screen}.png\" width={} height={}></td>",
                v.name, v.name, v.width, v.height
            ));
        }
        html.push_str("</tr>");
    }
    html.push_str("</table>");
    std::fs::write(out.join("index.html"), html)
}
