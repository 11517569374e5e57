//! A minimal synchronous W3C WebDriver client for headless Chromium via `chromedriver`.
//!
//! [`Browser::start`] spawns `chromedriver` on a free port, opens a session with a fresh
//! profile directory and the flags this project needs, and [`Drop`] ends the session (which
//! closes Chromium), kills chromedriver and removes the profile.
//!
//! Environment overrides: `SPIELTISCH_CHROMIUM` (default `/usr/bin/chromium`),
//! `SPIELTISCH_CHROMEDRIVER` (default `/usr/bin/chromedriver`, else `chromedriver` on PATH),
//! `SPIELTISCH_WD_LOG=1` to let chromedriver log to stderr.

use crate::http;
use serde_json::{json, Value};
use std::fmt;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// The W3C key under which element references travel.
pub const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// WebDriver key values for [`Browser::press`].
pub const KEY_TAB: &str = "\u{E004}";
pub const KEY_ENTER: &str = "\u{E007}";
pub const KEY_SPACE: &str = " ";
pub const KEY_LEFT: &str = "\u{E012}";
pub const KEY_UP: &str = "\u{E013}";
pub const KEY_RIGHT: &str = "\u{E014}";
pub const KEY_DOWN: &str = "\u{E015}";
pub const KEY_HOME: &str = "\u{E011}";
pub const KEY_END: &str = "\u{E010}";
pub const KEY_SHIFT: &str = "\u{E008}";

/// The Chromium flags every session uses (plus `--user-data-dir` and `--window-size`).
pub const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--no-default-browser-check",
    "--disable-extensions",
    "--mute-audio",
];

/// A WebDriver (or transport) error.
#[derive(Debug, Clone)]
pub struct Error {
    /// W3C error code such as `no such element`, or `transport` / `timeout` / `protocol`.
    pub error: String,
    pub message: String,
}

impl Error {
    fn new(error: &str, message: impl Into<String>) -> Error {
        Error { error: error.to_string(), message: message.into() }
    }
    pub fn is_no_such_element(&self) -> bool {
        self.error == "no such element"
    }
    pub fn is_stale(&self) -> bool {
        self.error == "stale element reference"
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // First line of the message only: chromedriver appends long native stack traces.
        let first = self.message.lines().next().unwrap_or("");
        write!(f, "{}: {}", self.error, first)
    }
}

impl std::error::Error for Error {}

/// For tools whose errors are plain text (the report): `?` turns a WebDriver error into one.
impl From<Error> for String {
    fn from(e: Error) -> String {
        e.to_string()
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// A reference to a DOM element in the current page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element(pub String);

impl Element {
    /// The JSON form used as a script argument.
    pub fn json(&self) -> Value {
        json!({ ELEMENT_KEY: self.0 })
    }
}

/// Options for [`Browser::start_with`].
#[derive(Debug, Clone)]
pub struct BrowserOptions {
    pub width: u32,
    pub height: u32,
    /// Extra Chromium arguments.
    pub extra_args: Vec<String>,
}

impl Default for BrowserOptions {
    fn default() -> Self {
        // A tall phone-ish/tablet viewport: the app is built for touch devices.
        BrowserOptions { width: 800, height: 1100, extra_args: Vec::new() }
    }
}

/// A running Chromium session.
pub struct Browser {
    driver: Option<Child>,
    base: String,
    session: String,
    profile_dir: PathBuf,
    download_dir: PathBuf,
    command_timeout: Duration,
    /// `host:port` of Chromium's DevTools endpoint (chromedriver's `debuggerAddress`), for tools
    /// that attach to the same browser (Lighthouse `--port`).
    debugger_address: String,
}

fn free_port() -> std::io::Result<u16> {
    let l = TcpListener::bind(("127.0.0.1", 0))?;
    Ok(l.local_addr()?.port())
}

fn unique_temp_dir(kind: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
    std::env::temp_dir().join(format!(
        "spieltisch-{kind}-{}-{}-{nanos}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ))
}

fn find_chromedriver() -> PathBuf {
    if let Some(p) = std::env::var_os("SPIELTISCH_CHROMEDRIVER") {
        return PathBuf::from(p);
    }
    let default = Path::new("/usr/bin/chromedriver");
    if default.exists() {
        return default.to_path_buf();
    }
    PathBuf::from("chromedriver")
}

fn chromium_binary() -> String {
    std::env::var("SPIELTISCH_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string())
}

/// Decodes standard base64 (as used for screenshots).
pub fn base64_decode(s: &str) -> Option<Vec<u8>> {
    fn val(c: u8) -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        } as u32)
    }
    let bytes: Vec<u8> = s.bytes().filter(|c| !c.is_ascii_whitespace() && *c != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut acc = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            acc |= val(c)? << (18 - 6 * i);
        }
        let n = match chunk.len() {
            4 => 3,
            3 => 2,
            2 => 1,
            _ => return None,
        };
        for i in 0..n {
            out.push((acc >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

impl Browser {
    /// Starts chromedriver + headless Chromium with default options.
    pub fn start() -> Result<Browser> {
        Self::start_with(BrowserOptions::default())
    }

    pub fn start_with(opts: BrowserOptions) -> Result<Browser> {
        let driver_path = find_chromedriver();
        let port = free_port().map_err(|e| Error::new("transport", e.to_string()))?;
        let verbose = std::env::var_os("SPIELTISCH_WD_LOG").is_some();
        let child = Command::new(&driver_path)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(if verbose { Stdio::inherit() } else { Stdio::null() })
            .stderr(if verbose { Stdio::inherit() } else { Stdio::null() })
            .spawn()
            .map_err(|e| {
                Error::new(
                    "setup",
                    format!(
                        "cannot start {} ({e}); install chromium-driver (scripts/setup.sh --browser)",
                        driver_path.display()
                    ),
                )
            })?;
        let profile_dir = unique_temp_dir("profile");
        let download_dir = unique_temp_dir("downloads");
        std::fs::create_dir_all(&profile_dir).map_err(|e| Error::new("setup", e.to_string()))?;
        std::fs::create_dir_all(&download_dir).map_err(|e| Error::new("setup", e.to_string()))?;

        let mut b = Browser {
            driver: Some(child),
            base: format!("http://127.0.0.1:{port}"),
            session: String::new(),
            profile_dir,
            download_dir,
            command_timeout: Duration::from_secs(90),
            debugger_address: String::new(),
        };

        b.wait_for_driver()?;
        let caps = b.capabilities(&opts);
        let v = b.raw("POST", "/session", Some(&caps))?;
        b.session =
            v["sessionId"].as_str().ok_or_else(|| Error::new("protocol", format!("no sessionId in {v}")))?.to_string();
        b.debugger_address =
            v["capabilities"]["goog:chromeOptions"]["debuggerAddress"].as_str().unwrap_or("").to_string();
        // Headless Chromium needs to be told where downloads go (best effort).
        let _ = b.cdp(
            "Browser.setDownloadBehavior",
            json!({ "behavior": "allow", "downloadPath": b.download_dir.to_string_lossy() }),
        );
        Ok(b)
    }

    /// Waits until chromedriver answers /status with ready: true (at most 30 s).
    fn wait_for_driver(&mut self) -> Result<()> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(child) = self.driver.as_mut() {
                if let Ok(Some(status)) = child.try_wait() {
                    return Err(Error::new("setup", format!("chromedriver exited early: {status}")));
                }
            }
            if let Ok(r) = http::request("GET", &format!("{}/status", self.base), None, Duration::from_secs(2)) {
                if let Ok(v) = serde_json::from_slice::<Value>(&r.body) {
                    if v["value"]["ready"].as_bool() == Some(true) {
                        return Ok(());
                    }
                }
            }
            if Instant::now() > deadline {
                return Err(Error::new("timeout", "chromedriver did not become ready in 30 s"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The new session's capabilities: our Chromium, its flags and profile, the window size,
    /// the download folder.
    fn capabilities(&self, opts: &BrowserOptions) -> Value {
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", self.profile_dir.display()));
        args.push(format!("--window-size={},{}", opts.width, opts.height));
        args.extend(opts.extra_args.iter().cloned());
        if let Ok(extra) = std::env::var("SPIELTISCH_CHROME_ARGS") {
            args.extend(extra.split_whitespace().map(str::to_string));
        }
        json!({
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "pageLoadStrategy": "normal",
                    "unhandledPromptBehavior": "accept",
                    "timeouts": { "script": 30000, "pageLoad": 60000, "implicit": 0 },
                    "goog:loggingPrefs": { "browser": "ALL" },
                    "goog:chromeOptions": {
                        "binary": chromium_binary(),
                        "args": args,
                        "prefs": {
                            "download.default_directory": self.download_dir.to_string_lossy(),
                            "download.prompt_for_download": false,
                            "download.directory_upgrade": true,
                            "safebrowsing.enabled": false
                        }
                    }
                }
            }
        })
    }

    /// Sends a command to chromedriver; returns the `value` of the answer.
    fn raw(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value> {
        let url = format!("{}{}", self.base, path);
        let body_bytes = body.map(|b| serde_json::to_vec(b).expect("json"));
        let resp = http::request(
            method,
            &url,
            body_bytes.as_deref().map(|b| ("application/json; charset=utf-8", b)),
            self.command_timeout,
        )
        .map_err(|e| Error::new("transport", format!("{method} {path}: {e}")))?;
        let v: Value = serde_json::from_slice(&resp.body)
            .map_err(|e| Error::new("protocol", format!("{method} {path}: bad JSON ({e}): {}", resp.text())))?;
        let value = v.get("value").cloned().unwrap_or(Value::Null);
        if resp.status != 200 {
            return Err(Error::new(
                value["error"].as_str().unwrap_or("unknown error"),
                value["message"].as_str().unwrap_or("").to_string(),
            ));
        }
        Ok(value)
    }

    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value> {
        self.raw(method, &format!("/session/{}{}", self.session, path), body.as_ref())
    }

    /// Runs a Chrome DevTools Protocol command through chromedriver.
    pub fn cdp(&self, cmd: &str, params: Value) -> Result<Value> {
        self.cmd("POST", "/goog/cdp/execute", Some(json!({ "cmd": cmd, "params": params })))
    }

    /// `host:port` of the browser's DevTools endpoint (empty if chromedriver did not say).
    pub fn debugger_address(&self) -> &str {
        &self.debugger_address
    }

    /// Where downloads land.
    pub fn download_dir(&self) -> &Path {
        &self.download_dir
    }

    // ----- navigation -------------------------------------------------------------------------

    pub fn goto(&self, url: &str) -> Result<()> {
        self.cmd("POST", "/url", Some(json!({ "url": url }))).map(|_| ())
    }

    pub fn url(&self) -> Result<String> {
        Ok(self.cmd("GET", "/url", None)?.as_str().unwrap_or("").to_string())
    }

    pub fn refresh(&self) -> Result<()> {
        self.cmd("POST", "/refresh", Some(json!({}))).map(|_| ())
    }

    pub fn back(&self) -> Result<()> {
        self.cmd("POST", "/back", Some(json!({}))).map(|_| ())
    }

    // ----- tabs -------------------------------------------------------------------------------

    /// Opens a new tab of the same browser (same origin storage) and returns its handle; the
    /// current tab stays the one commands go to until [`switch_to`](Self::switch_to).
    pub fn new_tab(&self) -> Result<String> {
        let v = self.cmd("POST", "/window/new", Some(json!({ "type": "tab" })))?;
        Ok(v["handle"].as_str().unwrap_or("").to_string())
    }

    pub fn tab(&self) -> Result<String> {
        Ok(self.cmd("GET", "/window", None)?.as_str().unwrap_or("").to_string())
    }

    pub fn switch_to(&self, handle: &str) -> Result<()> {
        self.cmd("POST", "/window", Some(json!({ "handle": handle }))).map(|_| ())
    }

    // ----- touch --------------------------------------------------------------------------------

    /// Taps `count` times with one finger at the centre of `el` (where it is at the first tap),
    /// `gap_ms` between the taps, as a quick double or triple tap on a touch screen.
    pub fn tap_repeatedly(&self, el: &Element, count: usize, gap_ms: u64) -> Result<()> {
        let mut steps = vec![json!({ "type": "pointerMove", "duration": 0, "origin": el.json(), "x": 0, "y": 0 })];
        for _ in 0..count {
            steps.push(json!({ "type": "pointerDown", "button": 0 }));
            steps.push(json!({ "type": "pause", "duration": 30 }));
            steps.push(json!({ "type": "pointerUp", "button": 0 }));
            steps.push(json!({ "type": "pause", "duration": gap_ms }));
        }
        let actions = json!({ "actions": [{
            "type": "pointer", "id": "finger", "parameters": { "pointerType": "touch" }, "actions": steps
        }] });
        self.cmd("POST", "/actions", Some(actions))?;
        self.cmd("DELETE", "/actions", None).map(|_| ())
    }

    /// One quick tap with one finger at the centre of `el` (touch down and up, no pause): the
    /// browser's own input pipeline makes pointer, touch and click events of it.
    pub fn tap(&self, el: &Element) -> Result<()> {
        let actions = json!({ "actions": [{
            "type": "pointer", "id": "finger", "parameters": { "pointerType": "touch" },
            "actions": [
                { "type": "pointerMove", "duration": 0, "origin": el.json(), "x": 0, "y": 0 },
                { "type": "pointerDown", "button": 0 },
                { "type": "pointerUp", "button": 0 }
            ]
        }] });
        self.cmd("POST", "/actions", Some(actions))?;
        self.cmd("DELETE", "/actions", None).map(|_| ())
    }

    // ----- keyboard -----------------------------------------------------------------------------

    /// Presses and releases each key in turn, sent to whatever has focus (as a person at a
    /// keyboard). Keys are WebDriver key values: a character, or e.g. [`KEY_TAB`], [`KEY_ENTER`].
    pub fn press(&self, keys: &[&str]) -> Result<()> {
        let steps: Vec<Value> = keys
            .iter()
            .flat_map(|k| [json!({ "type": "keyDown", "value": k }), json!({ "type": "keyUp", "value": k })])
            .collect();
        let actions = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": steps }] });
        self.cmd("POST", "/actions", Some(actions))?;
        self.cmd("DELETE", "/actions", None).map(|_| ())
    }

    /// Presses `key` while Shift is held (Shift+Tab: focus goes back).
    pub fn press_shifted(&self, key: &str) -> Result<()> {
        let steps = [
            json!({ "type": "keyDown", "value": KEY_SHIFT }),
            json!({ "type": "keyDown", "value": key }),
            json!({ "type": "keyUp", "value": key }),
            json!({ "type": "keyUp", "value": KEY_SHIFT }),
        ];
        let actions = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": steps }] });
        self.cmd("POST", "/actions", Some(actions))?;
        self.cmd("DELETE", "/actions", None).map(|_| ())
    }

    pub fn title(&self) -> Result<String> {
        Ok(self.cmd("GET", "/title", None)?.as_str().unwrap_or("").to_string())
    }

    // ----- elements ---------------------------------------------------------------------------

    fn element_from(v: &Value) -> Result<Element> {
        v.get(ELEMENT_KEY)
            .and_then(|id| id.as_str())
            .map(|id| Element(id.to_string()))
            .ok_or_else(|| Error::new("protocol", format!("not an element reference: {v}")))
    }

    /// The first element matching `css`, or a `no such element` error.
    pub fn find(&self, css: &str) -> Result<Element> {
        let v = self.cmd("POST", "/element", Some(json!({ "using": "css selector", "value": css })))?;
        Self::element_from(&v)
    }

    /// The first element matching `css`, if any.
    pub fn try_find(&self, css: &str) -> Result<Option<Element>> {
        match self.find(css) {
            Ok(e) => Ok(Some(e)),
            Err(e) if e.is_no_such_element() => Ok(None),
            Err(e) => Err(e),
        }
    }

    pub fn find_all(&self, css: &str) -> Result<Vec<Element>> {
        let v = self.cmd("POST", "/elements", Some(json!({ "using": "css selector", "value": css })))?;
        v.as_array().into_iter().flatten().map(Self::element_from).collect()
    }

    /// Whether at least one element matches `css` right now.
    pub fn exists(&self, css: &str) -> Result<bool> {
        Ok(self.try_find(css)?.is_some())
    }

    /// A real (WebDriver) click: scrolls into view and fails if something covers the element.
    pub fn click(&self, el: &Element) -> Result<()> {
        self.cmd("POST", &format!("/element/{}/click", el.0), Some(json!({}))).map(|_| ())
    }

    /// Finds `css` (waiting up to `timeout`) and clicks it.
    pub fn click_css(&self, css: &str, timeout: Duration) -> Result<()> {
        self.wait_until(timeout, &format!("click {css}"), |b| {
            match b.try_find(css)? {
                Some(el) => match b.click(&el) {
                    Ok(()) => Ok(Some(())),
                    // Re-rendered between find and click, or briefly covered by a transition.
                    Err(e)
                        if e.is_stale()
                            || e.error == "element click intercepted"
                            || e.error == "element not interactable" =>
                    {
                        Ok(None)
                    }
                    Err(e) => Err(e),
                },
                None => Ok(None),
            }
        })
    }

    /// A click dispatched from JavaScript (no hit testing).
    pub fn js_click(&self, el: &Element) -> Result<()> {
        self.execute("arguments[0].click();", vec![el.json()]).map(|_| ())
    }

    pub fn text(&self, el: &Element) -> Result<String> {
        Ok(self.cmd("GET", &format!("/element/{}/text", el.0), None)?.as_str().unwrap_or("").to_string())
    }

    /// An attribute's value (`None` if absent).
    pub fn attr(&self, el: &Element, name: &str) -> Result<Option<String>> {
        let v = self.cmd("GET", &format!("/element/{}/attribute/{name}", el.0), None)?;
        Ok(v.as_str().map(str::to_string))
    }

    /// A DOM property (e.g. `value`).
    pub fn prop(&self, el: &Element, name: &str) -> Result<Value> {
        self.cmd("GET", &format!("/element/{}/property/{name}", el.0), None)
    }

    /// Types `text` into the element (for file inputs: an absolute path selects that file).
    pub fn send_keys(&self, el: &Element, text: &str) -> Result<()> {
        self.cmd("POST", &format!("/element/{}/value", el.0), Some(json!({ "text": text }))).map(|_| ())
    }

    pub fn clear(&self, el: &Element) -> Result<()> {
        self.cmd("POST", &format!("/element/{}/clear", el.0), Some(json!({}))).map(|_| ())
    }

    pub fn is_displayed(&self, el: &Element) -> Result<bool> {
        Ok(self.cmd("GET", &format!("/element/{}/displayed", el.0), None)?.as_bool().unwrap_or(false))
    }

    // ----- scripts ----------------------------------------------------------------------------

    /// Runs `script` as a function body (`arguments[i]` are `args`); returns its JSON result.
    /// A returned promise is awaited.
    pub fn execute(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        self.cmd("POST", "/execute/sync", Some(json!({ "script": script, "args": args })))
    }

    /// Like [`execute`](Self::execute) but the script calls `arguments[arguments.length-1](v)`.
    pub fn execute_async(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        self.cmd("POST", "/execute/async", Some(json!({ "script": script, "args": args })))
    }

    /// `document.documentElement.outerHTML`.
    pub fn page_source(&self) -> Result<String> {
        Ok(self.execute("return document.documentElement.outerHTML;", vec![])?.as_str().unwrap_or("").to_string())
    }

    /// Browser console messages since the last call (best effort; empty if unsupported).
    pub fn console_log(&self) -> Vec<String> {
        match self.cmd("POST", "/se/log", Some(json!({ "type": "browser" }))) {
            Ok(Value::Array(entries)) => entries
                .iter()
                .map(|e| format!("{} {}", e["level"].as_str().unwrap_or(""), e["message"].as_str().unwrap_or("")))
                .collect(),
            _ => Vec::new(),
        }
    }

    // ----- waiting ----------------------------------------------------------------------------

    /// Polls `f` every 20 ms until it returns `Some`, an error, or `timeout` passes.
    /// Stale-element errors count as "not yet".
    pub fn wait_until<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut f: impl FnMut(&Browser) -> Result<Option<T>>,
    ) -> Result<T> {
        let deadline = Instant::now() + timeout;
        loop {
            match f(self) {
                Ok(Some(v)) => return Ok(v),
                Ok(None) => {}
                Err(e) if e.is_stale() || e.is_no_such_element() => {}
                Err(e) => return Err(e),
            }
            if Instant::now() >= deadline {
                return Err(Error::new("timeout", format!("waited {:.1} s for: {what}", timeout.as_secs_f64())));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until an element matches `css` and returns it.
    pub fn wait_for(&self, css: &str, timeout: Duration) -> Result<Element> {
        self.wait_until(timeout, css, |b| b.try_find(css))
    }

    /// Waits until no element matches `css`.
    pub fn wait_gone(&self, css: &str, timeout: Duration) -> Result<()> {
        self.wait_until(timeout, &format!("{css} to disappear"), |b| Ok(if b.exists(css)? { None } else { Some(()) }))
    }

    // ----- artefacts --------------------------------------------------------------------------

    /// PNG screenshot of the viewport.
    pub fn screenshot_png(&self) -> Result<Vec<u8>> {
        let v = self.cmd("GET", "/screenshot", None)?;
        base64_decode(v.as_str().unwrap_or("")).ok_or_else(|| Error::new("protocol", "screenshot is not base64"))
    }

    pub fn screenshot(&self, path: &Path) -> Result<()> {
        let png = self.screenshot_png()?;
        std::fs::write(path, png).map_err(|e| Error::new("io", format!("{}: {e}", path.display())))
    }

    /// Ends the session and stops chromedriver (also done on drop).
    pub fn quit(&mut self) {
        if !self.session.is_empty() {
            let _ = self.raw("DELETE", &format!("/session/{}", self.session), None);
            self.session.clear();
        }
        if let Some(mut child) = self.driver.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        kill_leftover_chromium(&self.profile_dir);
        let _ = std::fs::remove_dir_all(&self.profile_dir);
        let _ = std::fs::remove_dir_all(&self.download_dir);
    }
}

/// Kills Chromium processes still running with our (unique) profile directory, e.g. when the
/// session could not be ended cleanly. Linux only; best effort.
fn kill_leftover_chromium(profile_dir: &Path) {
    let needle = format!("--user-data-dir={}", profile_dir.display());
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        if cmdline.split(|b| *b == 0).any(|arg| arg == needle.as_bytes()) {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).stderr(Stdio::null()).status();
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.quit();
    }
}

#[cfg(test)]
mod tests {
    use super::base64_decode;

    #[test]
    fn base64() {
        assert_eq!(base64_decode("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(base64_decode("aGVsbA==").unwrap(), b"hell");
        assert_eq!(base64_decode("aGVs").unwrap(), b"hel");
        assert!(base64_decode("a").is_none());
    }
}
