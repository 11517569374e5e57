//! Locating the built app (`dist/`, produced by `trunk build --release`).

use std::path::{Path, PathBuf};

/// The repository root (the parent of this crate's manifest directory).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tools/ has a parent directory").to_path_buf()
}

/// The dist directory: `$SPIELTISCH_DIST` if set, else `<repo>/dist`.
pub fn dist_dir() -> PathBuf {
    match std::env::var_os("SPIELTISCH_DIST") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => repo_root().join("dist"),
    }
}

/// The dist directory, or an error message that says how to produce it.
pub fn require_dist() -> Result<PathBuf, String> {
    let dist = dist_dir();
    if !dist.join("index.html").is_file() {
        return Err(format!(
            "{} has no index.html: the app is not built. Run `trunk build --release` first \
             (or `bash scripts/test.sh`, which builds it).",
            dist.display()
        ));
    }
    Ok(dist)
}

/// All regular files below `dir`, as paths relative to `dir` with `/` separators, sorted.
pub fn list_files(dir: &Path) -> std::io::Result<Vec<String>> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let path = entry.path();
            let ty = entry.file_type()?;
            if ty.is_dir() {
                walk(base, &path, out)?;
            } else if ty.is_file() {
                let rel = path.strip_prefix(base).expect("below base");
                let parts: Vec<String> =
                    rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
                out.push(parts.join("/"));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out)?;
    out.sort();
    Ok(out)
}
