//! Writes `SPIELTISCH_PROTOCOL`: a hash of the sources that decide what the page and the
//! computer players' worker say to each other (src/computer.rs: requests and replies; src/engine/:
//! every game's data and moves as JSON; the worker; Cargo.lock: serde's versions). Both wasm
//! files are built from the same sources, so they carry the same id; a deploy that changes any
//! of these gets a new one, and a page refuses a worker of another build (src/ui/computer.rs).
//! The hash covers the files' contents and paths only, so a build is reproducible.

use std::path::{Path, PathBuf};

const SOURCES: [&str; 4] = ["src/computer.rs", "src/engine", "src/bin/worker.rs", "Cargo.lock"];

fn files(path: &Path, out: &mut Vec<PathBuf>) {
    match std::fs::read_dir(path) {
        Ok(dir) => {
            for entry in dir.flatten() {
                files(&entry.path(), out);
            }
        }
        Err(_) => out.push(path.to_path_buf()),
    }
}

fn main() {
    let mut all = Vec::new();
    for source in SOURCES {
        println!("cargo:rerun-if-changed={source}");
        files(Path::new(source), &mut all);
    }
    all.sort();
    // FNV-1a: the same on every machine and Rust version.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for path in &all {
        let name = path.to_string_lossy().replace('\\', "/");
        let content = std::fs::read(path).unwrap_or_default();
        for b in name.bytes().chain([0]).chain(content).chain([0]) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=SPIELTISCH_PROTOCOL={hash:016x}");
}
