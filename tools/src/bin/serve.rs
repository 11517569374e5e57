//! `serve`: serves the built app under a sub-path.
//!
//! ```text
//! cargo run -p spieltisch-tools --bin serve -- [--dir dist] [--prefix /spieltisch/]
//!     [--port 8080 | $PORT] [--host 127.0.0.1] [--log]
//! ```

use spieltisch_tools::server::{ServerConfig, StaticServer};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

fn usage() -> ! {
    eprintln!(
        "usage: serve [--dir DIR] [--prefix /spieltisch/] [--port N] [--host 127.0.0.1] [--log]\n\
         Serves DIR (default: dist/ of the repository) under PREFIX. PORT defaults to $PORT or 8080."
    );
    std::process::exit(2)
}

fn main() {
    let mut dir: PathBuf = spieltisch_tools::dist::dist_dir();
    let mut prefix = "/spieltisch/".to_string();
    let mut port: u16 = std::env::var("PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(8080);
    let mut host: IpAddr = [127, 0, 0, 1].into();
    let mut log = false;

    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--dir" => dir = PathBuf::from(val()),
            "--prefix" => prefix = val(),
            "--port" => port = val().parse().unwrap_or_else(|_| usage()),
            "--host" => host = val().parse().unwrap_or_else(|_| usage()),
            "--log" => log = true,
            "-h" | "--help" => usage(),
            _ => usage(),
        }
    }
    if !dir.join("index.html").is_file() {
        eprintln!("error: {} has no index.html — run `trunk build --release` first", dir.display());
        std::process::exit(1);
    }

    let mut cfg = ServerConfig::new(&dir, &prefix);
    cfg.addr = SocketAddr::new(host, port);
    cfg.log = log;
    let server = match StaticServer::start(cfg) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot listen on {host}:{port}: {e} (set PORT to use another port)");
            std::process::exit(1);
        }
    };
    println!("Serving {} at {}", dir.display(), server.url());
    println!("Press Ctrl+C to stop.");
    server.wait();
}
