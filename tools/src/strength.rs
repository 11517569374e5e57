//! The fingerprint of the bots' code that setup's strength labels were measured on
//! (`src/engine/bots/strength.json`, written by `arena --labels --write`; issue 26). A change to
//! any file of `src/engine/bots/` changes it, and tools/tests/strength.rs then asks for the
//! arena to measure again.

use std::path::{Path, PathBuf};

/// The repository (the tools crate's parent).
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the repository").to_path_buf()
}

/// Where the figures live.
pub fn figures_file() -> PathBuf {
    repository().join("src/engine/bots/strength.json")
}

/// CRC-32 (hex) of the bots' Rust sources, taken in the order of their names, each preceded by
/// its name (flate2's CRC: a stable checksum the tools already build with).
pub fn fingerprint() -> Result<String, String> {
    let dir = repository().join("src/engine/bots");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("read {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    let mut crc = flate2::Crc::new();
    for file in &files {
        let text = std::fs::read(file).map_err(|e| format!("read {}: {e}", file.display()))?;
        crc.update(file.file_name().map(|n| n.as_encoded_bytes()).unwrap_or_default());
        crc.update(&text);
    }
    Ok(format!("{:08x}", crc.sum()))
}
