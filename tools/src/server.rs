//! A tiny static file server on `std::net`, one thread per connection.
//!
//! Serves a directory under a URL prefix such as `/spieltisch/`:
//! `/spieltisch` redirects to `/spieltisch/`, a path ending in `/` serves that directory's
//! `index.html`, unknown paths are 404. Every response carries `Cache-Control: no-cache` and
//! `Connection: close` (no keep-alive, so stopping the server really cuts the browser off);
//! files carry an `ETag` and are answered 304 when the browser's copy is current, as on a real
//! host. [`StaticServer::served`] lists what was sent (the report counts a first visit's bytes).
//!
//! [`StaticServer::stop`] (also on drop) closes the listening socket and shuts down every open
//! connection, so afterwards the browser gets "connection refused" — that is what the offline
//! test relies on.

use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Content type for a file name, by extension.
pub fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// Options for [`StaticServer::start`].
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Directory to serve.
    pub root: PathBuf,
    /// URL prefix, normalised to start and end with `/` (e.g. `/spieltisch/`).
    pub prefix: String,
    /// Address to bind; port 0 picks a free port.
    pub addr: SocketAddr,
    /// Print one line per request to stderr.
    pub log: bool,
    /// Send text files brotli-compressed (quality 11, computed once per file) to browsers that
    /// accept it, as a real host does; for timings over an emulated slow network.
    pub compress: bool,
}

impl ServerConfig {
    pub fn new(root: impl Into<PathBuf>, prefix: &str) -> Self {
        ServerConfig {
            root: root.into(),
            prefix: normalise_prefix(prefix),
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            log: false,
            compress: false,
        }
    }
}

/// `spieltisch` / `/spieltisch` / `/spieltisch/` → `/spieltisch/`; `` or `/` → `/`.
pub fn normalise_prefix(p: &str) -> String {
    let trimmed = p.trim_matches('/');
    if trimmed.is_empty() {
        "/".to_string()
    } else {
        format!("/{trimmed}/")
    }
}

type Conns = Arc<Mutex<HashMap<u64, TcpStream>>>;

/// A running server. Dropping it stops it.
pub struct StaticServer {
    addr: SocketAddr,
    prefix: String,
    stop: Arc<AtomicBool>,
    conns: Conns,
    accept_thread: Option<JoinHandle<()>>,
    served: Arc<Mutex<Vec<Served>>>,
}

impl StaticServer {
    /// Binds and starts serving in background threads.
    pub fn start(cfg: ServerConfig) -> io::Result<StaticServer> {
        let listener = TcpListener::bind(cfg.addr)?;
        let addr = listener.local_addr()?;
        // Non-blocking accept polled every few ms: stop() then only needs to flip a flag, and the
        // listener is dropped (closed) by the accept thread before stop() returns.
        listener.set_nonblocking(true)?;
        let stop = Arc::new(AtomicBool::new(false));
        let conns: Conns = Arc::new(Mutex::new(HashMap::new()));
        let served = Arc::new(Mutex::new(Vec::new()));
        let shared = Arc::new(Shared {
            root: cfg.root.clone(),
            prefix: normalise_prefix(&cfg.prefix),
            log: cfg.log,
            compress: cfg.compress,
            compressed: Mutex::new(HashMap::new()),
            served: served.clone(),
        });
        let prefix = shared.prefix.clone();
        if cfg.compress {
            // Compressed before the first request, as a host that stores .br files: the first
            // visit's timings must not include brotli 11 of the Wasm.
            shared.precompress(&cfg.root);
        }

        let accept_thread = {
            let stop = stop.clone();
            let conns = conns.clone();
            std::thread::Builder::new().name("static-accept".into()).spawn(move || {
                let next_id = AtomicU64::new(0);
                while !stop.load(Ordering::SeqCst) {
                    match listener.accept() {
                        Ok((stream, peer)) => {
                            let _ = stream.set_nonblocking(false);
                            let id = next_id.fetch_add(1, Ordering::Relaxed);
                            if let Ok(clone) = stream.try_clone() {
                                conns.lock().unwrap().insert(id, clone);
                            }
                            let shared = shared.clone();
                            let conns = conns.clone();
                            let _ = std::thread::Builder::new().name("static-conn".into()).spawn(move || {
                                let _ = shared.handle(stream, peer);
                                conns.lock().unwrap().remove(&id);
                            });
                        }
                        Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                            std::thread::sleep(Duration::from_millis(5));
                        }
                        Err(_) => std::thread::sleep(Duration::from_millis(5)),
                    }
                }
                drop(listener);
            })?
        };

        Ok(StaticServer { addr, prefix, stop, conns, accept_thread: Some(accept_thread), served })
    }

    /// Every file answered so far (200s and 304s), in order.
    pub fn served(&self) -> Vec<Served> {
        self.served.lock().map(|v| v.clone()).unwrap_or_default()
    }

    /// Like [`serve`](Self::serve), sending text files brotli-compressed as a real host does.
    pub fn serve_compressed(root: impl Into<PathBuf>, prefix: &str) -> io::Result<StaticServer> {
        Self::start(ServerConfig { compress: true, ..ServerConfig::new(root, prefix) })
    }

    /// Convenience: serve `root` under `prefix` on 127.0.0.1 with a free port.
    pub fn serve(root: impl Into<PathBuf>, prefix: &str) -> io::Result<StaticServer> {
        Self::start(ServerConfig::new(root, prefix))
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The normalised prefix, e.g. `/spieltisch/`.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// `http://127.0.0.1:<port><prefix>`
    pub fn url(&self) -> String {
        format!("http://{}{}", self.addr, self.prefix)
    }

    /// Stops accepting, closes the listening socket and shuts down open connections.
    /// Returns once the port is closed.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.accept_thread.take() {
            let _ = t.join();
        }
        for (_, c) in self.conns.lock().unwrap().drain() {
            let _ = c.shutdown(Shutdown::Both);
        }
    }

    /// Blocks the calling thread forever (for the `serve` binary).
    pub fn wait(mut self) {
        if let Some(t) = self.accept_thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop();
    }
}

struct Shared {
    root: PathBuf,
    prefix: String,
    log: bool,
    compress: bool,
    /// Brotli copies by path and ETag of the original.
    compressed: Mutex<HashMap<(PathBuf, String), Vec<u8>>>,
    served: Arc<Mutex<Vec<Served>>>,
}

/// One file request answered: its path (with query), status (200 or 304) and body bytes sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Served {
    pub path: String,
    pub status: u16,
    pub bytes: usize,
}

/// A strong validator from the content (FNV-1a): the same bytes, the same tag.
fn etag(bytes: &[u8]) -> String {
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("\"{hash:016x}-{:x}\"", bytes.len())
}

impl Shared {
    fn precompress(&self, dir: &Path) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                self.precompress(&path);
            } else if let Ok(bytes) = std::fs::read(&path) {
                let ct = content_type(&path.to_string_lossy());
                if !ct.starts_with("image/") || ct == "image/svg+xml" {
                    self.brotli(&path, &bytes);
                }
            }
        }
    }

    fn brotli(&self, path: &Path, bytes: &[u8]) -> Vec<u8> {
        let key = (path.to_path_buf(), etag(bytes));
        if let Some(c) = self.compressed.lock().unwrap().get(&key) {
            return c.clone();
        }
        let mut out = Vec::new();
        {
            let mut w = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
            let _ = w.write_all(bytes);
        }
        self.compressed.lock().unwrap().insert(key, out.clone());
        out
    }

    fn record(&self, path: &str, status: u16, bytes: usize) {
        if let Ok(mut v) = self.served.lock() {
            v.push(Served { path: path.to_string(), status, bytes });
        }
    }
}

/// Minimal percent-decoding of a URL path.
fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// What to answer for a request path (without query), given the prefix.
#[derive(Debug, PartialEq, Eq)]
pub enum Route {
    Redirect(String),
    File(PathBuf),
    NotFound,
}

/// Maps a request path to a file below `root` (pure; no file system access except none). Runs
/// of `/` count as one, as on common hosts (nginx' merge_slashes): `/spieltisch//` is the app.
pub fn route(prefix: &str, path: &str) -> Route {
    let raw = path.split(['?', '#']).next().unwrap_or("");
    let mut merged = String::with_capacity(raw.len());
    for c in raw.chars() {
        if !(c == '/' && merged.ends_with('/')) {
            merged.push(c);
        }
    }
    let path = merged.as_str();
    let bare = prefix.trim_end_matches('/');
    if !bare.is_empty() && (path == bare || path == "/") {
        return Route::Redirect(prefix.to_string());
    }
    let Some(rest) = path.strip_prefix(prefix) else {
        return Route::NotFound;
    };
    let Some(rest) = percent_decode(rest) else {
        return Route::NotFound;
    };
    let mut rel = PathBuf::new();
    for comp in Path::new(&rest).components() {
        match comp {
            Component::Normal(c) => rel.push(c),
            Component::CurDir => {}
            _ => return Route::NotFound, // `..`, absolute, …
        }
    }
    if rest.is_empty() || rest.ends_with('/') {
        rel.push("index.html");
    }
    Route::File(rel)
}

/// What the server needs of a request: its line and three headers.
struct Request {
    method: String,
    target: String,
    if_none_match: String,
    accepts_br: bool,
}

/// Reads the request line and the headers, and drains any body (which is ignored). `None` when
/// the connection closed without a request.
fn read_request(reader: &mut BufReader<TcpStream>) -> io::Result<Option<Request>> {
    let mut line = String::new();
    if reader.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or("").to_string();
    let target = parts.next().unwrap_or("").to_string();
    let mut content_length = 0usize;
    let mut if_none_match = String::new();
    let mut accepts_br = false;
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h)? == 0 || h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            if k.trim().eq_ignore_ascii_case("content-length") {
                content_length = v.trim().parse().unwrap_or(0);
            } else if k.trim().eq_ignore_ascii_case("if-none-match") {
                if_none_match = v.trim().to_string();
            } else if k.trim().eq_ignore_ascii_case("accept-encoding") {
                accepts_br = v.split(',').any(|e| e.trim().split(';').next() == Some("br"));
            }
        }
    }
    if content_length > 0 {
        let mut sink = vec![0u8; content_length.min(1 << 20)];
        let _ = reader.read_exact(&mut sink);
    }
    Ok(Some(Request { method, target, if_none_match, accepts_br }))
}

impl Shared {
    fn handle(&self, stream: TcpStream, peer: SocketAddr) -> io::Result<()> {
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        let mut reader = BufReader::new(stream.try_clone()?);
        let Some(req) = read_request(&mut reader)? else { return Ok(()) };
        let mut stream = stream;
        let (status, note) = if req.method != "GET" && req.method != "HEAD" {
            write_simple(&mut stream, 405, "Method Not Allowed", &[("Allow", "GET, HEAD")])?;
            (405, String::new())
        } else {
            match route(&self.prefix, &req.target) {
                Route::Redirect(loc) => {
                    write_simple(&mut stream, 301, "Moved Permanently", &[("Location", &loc)])?;
                    (301, format!("-> {loc}"))
                }
                Route::NotFound => {
                    write_simple(&mut stream, 404, "Not Found", &[])?;
                    (404, String::new())
                }
                Route::File(rel) => (self.serve_file(&mut stream, &req, &rel)?, String::new()),
            }
        };
        stream.flush()?;
        let _ = stream.shutdown(Shutdown::Write);
        if self.log {
            eprintln!("{peer} {} {} {status} {note}", req.method, req.target);
        }
        Ok(())
    }

    /// Sends the file at `rel` (brotli when asked for and allowed), or a 304 when the browser's
    /// copy is still this file, or a 404; returns the status.
    fn serve_file(&self, stream: &mut TcpStream, req: &Request, rel: &Path) -> io::Result<u16> {
        let full = self.root.join(rel);
        match std::fs::read(&full) {
            // Like a real host: an ETag, and a 304 without the body when the
            // browser's copy is still this file.
            Ok(bytes) if full.is_file() && req.if_none_match == etag(&bytes) => {
                let head = format!(
                    "HTTP/1.1 304 Not Modified\r\nETag: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
                    etag(&bytes)
                );
                stream.write_all(head.as_bytes())?;
                self.record(&req.target, 304, 0);
                Ok(304)
            }
            Ok(bytes) if full.is_file() => {
                let ct = content_type(&rel.to_string_lossy());
                let tag = etag(&bytes);
                let compressible = !ct.starts_with("image/") || ct == "image/svg+xml";
                let (bytes, encoding) = if self.compress && req.accepts_br && compressible {
                    (self.brotli(&full, &bytes), "Content-Encoding: br\r\nVary: Accept-Encoding\r\n")
                } else {
                    (bytes, "")
                };
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: {ct}\r\nContent-Length: {}\r\n{encoding}\
                     ETag: {tag}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
                    bytes.len(),
                );
                stream.write_all(head.as_bytes())?;
                let get = req.method == "GET";
                if get {
                    stream.write_all(&bytes)?;
                }
                self.record(&req.target, 200, if get { bytes.len() } else { 0 });
                Ok(200)
            }
            _ => {
                write_simple(stream, 404, "Not Found", &[])?;
                Ok(404)
            }
        }
    }
}

fn write_simple(stream: &mut TcpStream, status: u16, reason: &str, extra: &[(&str, &str)]) -> io::Result<()> {
    let body = format!("{status} {reason}\n");
    let mut head = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n",
        body.len()
    );
    for (k, v) in extra {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http;

    #[test]
    fn routes() {
        let p = "/spieltisch/";
        assert_eq!(route(p, "/spieltisch"), Route::Redirect(p.into()));
        assert_eq!(route(p, "/"), Route::Redirect(p.into()));
        assert_eq!(route(p, "/spieltisch/"), Route::File("index.html".into()));
        assert_eq!(route(p, "/spieltisch/?x=1"), Route::File("index.html".into()));
        assert_eq!(route(p, "/spieltisch/a/b.js"), Route::File("a/b.js".into()));
        assert_eq!(route(p, "/spieltisch/a%20b.js"), Route::File("a b.js".into()));
        assert_eq!(route(p, "/spieltisch/../etc/passwd"), Route::NotFound);
        assert_eq!(route(p, "/spieltisch//"), Route::File("index.html".into()));
        assert_eq!(route(p, "/spieltisch//a//b.js"), Route::File("a/b.js".into()));
        assert_eq!(route(p, "//spieltisch/"), Route::File("index.html".into()));
        assert_eq!(route(p, "/other/x"), Route::NotFound);
        assert_eq!(route("/", "/"), Route::File("index.html".into()));
        assert_eq!(normalise_prefix("x/y"), "/x/y/");
    }

    #[test]
    fn serves_and_stops() {
        let dir = std::env::temp_dir().join(format!("spieltisch-srv-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("index.html"), "<p>hi</p>").unwrap();
        std::fs::write(dir.join("app.wasm"), [0u8, 97, 115, 109]).unwrap();
        std::fs::write(dir.join("sub/index.html"), "sub").unwrap();

        let mut srv = StaticServer::serve(&dir, "/spiele").unwrap();
        let base = srv.url();
        assert!(base.ends_with("/spiele/"));

        let r = http::get(&base).unwrap();
        assert_eq!(r.status, 200);
        assert_eq!(r.text(), "<p>hi</p>");
        assert_eq!(r.header("cache-control"), Some("no-cache"));
        assert!(r.header("content-type").unwrap().starts_with("text/html"));

        let r = http::get(&format!("{base}app.wasm")).unwrap();
        assert_eq!(r.header("content-type"), Some("application/wasm"));
        assert_eq!(r.body.len(), 4);

        let r = http::get(&format!("{base}sub/")).unwrap();
        assert_eq!(r.text(), "sub");

        let r = http::get(&format!("http://{}/spiele", srv.addr())).unwrap();
        assert_eq!(r.status, 301);
        assert_eq!(r.header("location"), Some("/spiele/"));

        assert_eq!(http::get(&format!("{base}missing.js")).unwrap().status, 404);
        assert_eq!(srv.served().iter().filter(|s| s.status == 200).count(), 3, "{:?}", srv.served());
        assert_eq!(srv.served()[0].bytes, 9, "index.html's body");

        srv.stop();
        let err = http::get(&base).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::ConnectionRefused, "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A raw GET with `headers`; returns (head, body).
    fn raw_get(addr: SocketAddr, path: &str, headers: &str) -> (String, Vec<u8>) {
        let mut c = TcpStream::connect(addr).unwrap();
        write!(c, "GET {path} HTTP/1.1\r\nHost: x\r\n{headers}\r\n").unwrap();
        let mut all = Vec::new();
        c.read_to_end(&mut all).unwrap();
        let end = all.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        (String::from_utf8_lossy(&all[..end]).to_string(), all[end + 4..].to_vec())
    }

    #[test]
    fn compresses_text_for_browsers_that_accept_brotli() {
        let dir = std::env::temp_dir().join(format!("spieltisch-srv-br-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = "<p>Spieltisch</p>\n".repeat(200);
        std::fs::write(dir.join("index.html"), &text).unwrap();
        std::fs::write(dir.join("icon.png"), [137u8, 80, 78, 71]).unwrap();
        let srv = StaticServer::serve_compressed(&dir, "/s").unwrap();

        let (head, body) = raw_get(srv.addr(), "/s/", "Accept-Encoding: gzip, deflate, br\r\n");
        assert!(head.contains("Content-Encoding: br"), "{head}");
        assert!(body.len() < text.len() / 10, "{} bytes for {}", body.len(), text.len());
        let mut plain = String::new();
        brotli::Decompressor::new(&body[..], 4096).read_to_string(&mut plain).unwrap();
        assert_eq!(plain, text);

        let (head, body) = raw_get(srv.addr(), "/s/", "Accept-Encoding: gzip\r\n");
        assert!(!head.contains("Content-Encoding"), "{head}");
        assert_eq!(body, text.as_bytes());
        let (head, body) = raw_get(srv.addr(), "/s/icon.png", "Accept-Encoding: br\r\n");
        assert!(!head.contains("Content-Encoding"), "images are sent as they are: {head}");
        assert_eq!(body.len(), 4);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
