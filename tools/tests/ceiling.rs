//! The arena's ceiling seat (`SeesAll` in tools/src/bin/arena.rs) decides on the real state,
//! hidden cards included. It must exist nowhere else: not in the app, not in the worker (both
//! built from the `spieltisch` crate, which cannot reach the tools), not in any other tool.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_cheating_seat_exists_only_in_the_arena() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the repository");
    let arena = root.join("tools/src/bin/arena.rs");
    let arena_text = std::fs::read_to_string(&arena).expect("the arena");
    assert!(arena_text.contains("struct SeesAll"), "the arena defines the ceiling seat");
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tools/src"), &mut files);
    assert!(files.len() > 50, "only {} files found", files.len());
    let naming: Vec<&PathBuf> = files
        .iter()
        .filter(|f| **f != arena)
        .filter(|f| std::fs::read_to_string(f).is_ok_and(|t| t.contains("SeesAll")))
        .collect();
    assert!(naming.is_empty(), "the ceiling seat is named outside the arena: {naming:?}");
    // The app and the worker are the `spieltisch` crate: it does not depend on the tools.
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let dependencies = manifest.split("[workspace]").next().unwrap_or_default();
    assert!(!dependencies.contains("spieltisch-tools"), "the app's crate depends on the tools");
}
