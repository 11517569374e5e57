//! A model of the whole store, tested like the rules (issue 45, deliver items 5 and 6): random
//! histories on two or three simulated devices drive the real storage code (`Saves` over a
//! store in memory, `backup::backup` and `backup::merge`, the statistics) through starting
//! games, moves, take-backs, finishing, deleting (confirmed or cancelled), "save as", high
//! scores, and exports merged into another device in random orders. After every step:
//! - no finished game is gone unless its deletion was confirmed (nor doubled);
//! - merging obeys the laws of a join on the stores' content (`holdings::Content`): A+B = B+A,
//!   (A+B)+C = A+(B+C), A+A = A, and A+B is exactly the join of both contents (nothing of
//!   either lost); merging the same backup again changes nothing at all;
//! - the statistics equal a recount over the finished games, each game once;
//! - every finished game replays to its recorded result;
//! - after a take-back, playing the same moves again gives the same events (nothing anyone saw
//!   has moved).
//!
//! A failure prints the run's seed and the history; `STORE_MODEL_SEED` and
//! `STORE_MODEL_HISTORIES` replay or widen a run. The planted defect (a merge by name instead of
//! content) must be caught.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::backup::{self, BackupError, Merged};
use spieltisch::engine::bots::Level;
use spieltisch::engine::just4fun::{self, Just4Fun};
use spieltisch::engine::viermalvier::{self, VierMalVier, View};
use spieltisch::engine::Game;
use spieltisch::holdings::{self, content_of, Content, Memo};
use spieltisch::records::Record;
use spieltisch::saves::{MemoryStore, Saves, Stamp, FAMILY};
use spieltisch::session::{self, AnySession, PlayerColor, Seat, SeatKind, Session, Stored};
use spieltisch::stats::{self, Played};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::time::Instant;

/// A device's storage: what localStorage is in the app.
type Mem = MemoryStore;

fn saves(mem: &Mem) -> Saves<&Mem> {
    Saves::new(mem, "/spiele/")
}

/// The merge the model checks: the app's, or a planted defect.
type MergeFn = fn(&Saves<&Mem>, &str) -> Result<Merged, BackupError>;

fn app_merge(saves: &Saves<&Mem>, file: &str) -> Result<Merged, BackupError> {
    backup::merge(saves, file)
}

/// What the model drives: the app's merge, or a planted defect.
#[derive(Clone, Copy)]
struct Checks {
    merge: MergeFn,
}

/// One simulated device, the finished games it must hold (by content), and its content as last
/// checked (a device only changes in its own steps).
#[derive(Clone, Default)]
struct Device {
    mem: Mem,
    finished: BTreeSet<String>,
    content: Content,
}

struct Model {
    rng: Pcg64Mcg,
    devices: Vec<Device>,
    /// An earlier state of some device (a backup file kept for a while), and its content.
    earlier: (Mem, Content),
    checks: Checks,
    next_id: u64,
    /// The steps so far, for the failure message.
    history: Vec<String>,
}

const NAMES: [&str; 6] = ["Anna", "Ben", "Oma", "Opa", "Lena", "Mia"];
const SLOTS: [&str; 3] = ["Abend", "Urlaub", "Oma"];

fn new_session(rng: &mut Pcg64Mcg) -> AnySession {
    let first = rng.random_range(0..NAMES.len());
    let second = (first + rng.random_range(1..NAMES.len())) % NAMES.len();
    let mut seats = vec![Seat::person(NAMES[first], PlayerColor::Red), Seat::person(NAMES[second], PlayerColor::Green)];
    if rng.random_bool(0.3) {
        seats[1] = Seat { name: "Computer".into(), color: PlayerColor::Green, kind: SeatKind::Computer(Level::Easy) };
    }
    let seed = rng.random();
    if rng.random_bool(0.7) {
        let view = if rng.random() { View::Hidden } else { View::Open };
        let options = viermalvier::Options { view, ..Default::default() };
        VierMalVier::wrap(Session::new(seats, options, seed).expect("a valid setup"))
    } else {
        Just4Fun::wrap(Session::new(seats, just4fun::Options::default(), seed).expect("a valid setup"))
    }
}

/// Plays up to `moves` random legal moves; how many it played.
fn play_random<G: Game>(s: &mut Session<G>, moves: usize, rng: &mut Pcg64Mcg) -> usize {
    for played in 0..moves {
        let legal = s.state.legal_moves();
        if legal.is_empty() {
            return played;
        }
        let mv = legal[rng.random_range(0..legal.len())].clone();
        s.play(&mv).expect("a legal move applies");
    }
    moves
}

/// Takes back `count` moves; whether the same moves played again give the same events.
fn take_back_and_replay<G: Game>(s: &mut Session<G>, count: usize) -> Result<bool, String> {
    let undone: Vec<G::Event> = s.log[s.log.len() - count..].to_vec();
    if !s.take_back(count) {
        return Err(format!("the take-back of {count} of {} moves was refused", s.log.len()));
    }
    let mut again = s.clone();
    Ok(undone.iter().all(|event| again.play(&G::event_move(event)).is_ok_and(|done| done == *event)))
}

fn check_replays(game: &AnySession) -> Result<(), String> {
    spieltisch::with_session!(game, s => s.check()).map_err(|e| format!("does not replay: {e:?}"))
}

impl Model {
    fn new(seed: u64, checks: Checks) -> Model {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let count = rng.random_range(2..=3);
        Model {
            rng,
            devices: vec![Device::default(); count],
            earlier: Default::default(),
            checks,
            next_id: 0,
            history: Vec::new(),
        }
    }

    fn device(&mut self) -> usize {
        self.rng.random_range(0..self.devices.len())
    }

    /// A random entry of `list` on device `d` (game records or the archive), with its session.
    fn pick(&mut self, d: usize, finished: Option<bool>) -> Option<(String, AnySession, Stamp)> {
        let s = saves(&self.devices[d].mem);
        let list: Vec<_> = s
            .games()
            .expect("stored")
            .into_iter()
            .filter_map(|e| Some((e.name, e.save.ok()?)))
            .filter(|(_, save)| finished.is_none_or(|f| save.header.finished == f))
            .collect();
        if list.is_empty() {
            return None;
        }
        let (id, _) = list[self.rng.random_range(0..list.len())].clone();
        let (save, stamp) = s.read_game_stamped(&id).expect("stored")?.ok()?;
        Some((id, save.session, stamp))
    }

    /// Writes game `id` on device `d` as the app does after a move; a finished game must then
    /// be kept.
    fn write(&mut self, d: usize, id: &str, stamp: Stamp, game: &AnySession) -> Result<(), String> {
        saves(&self.devices[d].mem)
            .write_game(id, stamp, game, self.history.len() as f64)
            .map_err(|e| format!("{e:?}"))?;
        if game.is_over() {
            self.devices[d].finished.insert(content_of(game));
        }
        Ok(())
    }

    /// A random step on device `d` (an import: into it).
    fn step(&mut self, d: usize) -> Result<(), String> {
        let roll = self.rng.random_range(0..100);
        let running = saves(&self.devices[d].mem).unfinished().expect("stored").len();
        match roll {
            // A device plays the games it shares with the others more than it starts new ones.
            0..12 if running < 2 => self.start(d),
            0..12 => self.play(d, false),
            12..30 => self.play(d, false),
            30..42 => self.take_back(d),
            42..50 => self.play(d, true),
            50..55 => self.delete_game(d),
            55..61 => self.delete_archived(d),
            61..68 => self.save_as(d),
            68..72 => self.high_score(d),
            _ => self.import(d),
        }
    }

    fn start(&mut self, d: usize) -> Result<(), String> {
        let game = new_session(&mut self.rng);
        self.next_id += 1;
        let id = format!("{:016x}", (d as u64) << 32 | self.next_id);
        let s = saves(&self.devices[d].mem);
        let family: Vec<Seat> =
            s.get(FAMILY).expect("stored").map(|t| serde_json::from_str(&t).expect("a family")).unwrap_or_default();
        let family = session::remember_family(&family, game.seats());
        s.set(FAMILY, &serde_json::to_string(&family).expect("written")).expect("stored");
        self.history.push(format!("device {d}: start {id} ({:?})", game.kind()));
        self.write(d, &id, Stamp::NEW, &game)
    }

    /// A few moves of a running game, or (`to_end`) the rest of it.
    fn play(&mut self, d: usize, to_end: bool) -> Result<(), String> {
        let Some((id, mut game, stamp)) = self.pick(d, Some(false)) else { return self.start(d) };
        let moves = if to_end { 1000 } else { self.rng.random_range(1..=3) };
        let rng = &mut self.rng;
        let played = spieltisch::with_session!(&mut game, s => play_random(s, moves, rng));
        self.history.push(format!("device {d}: {played} moves in {id} (log {})", game.log_len()));
        self.write(d, &id, stamp, &game)
    }

    fn take_back(&mut self, d: usize) -> Result<(), String> {
        let Some((id, mut game, stamp)) = self.pick(d, Some(false)).filter(|(_, g, _)| g.log_len() > 0) else {
            return self.play(d, false);
        };
        let count = self.rng.random_range(1..=game.log_len().min(3));
        let same = spieltisch::with_session!(&mut game, s => take_back_and_replay(s, count))?;
        self.history.push(format!("device {d}: take back {count} in {id} (log {})", game.log_len()));
        if !same {
            return Err(format!("after taking back {count} moves in {id}, the same moves drew otherwise"));
        }
        self.write(d, &id, stamp, &game)
    }

    /// Deletes a game record from the home list, or cancels the question.
    fn delete_game(&mut self, d: usize) -> Result<(), String> {
        let Some((id, _, _)) = self.pick(d, None) else { return self.start(d) };
        let confirmed = self.rng.random_bool(0.5);
        self.history.push(format!("device {d}: delete game {id}: {}", if confirmed { "yes" } else { "cancelled" }));
        if confirmed {
            saves(&self.devices[d].mem).delete_game(&id).map_err(|e| format!("{e:?}"))?;
        }
        Ok(())
    }

    /// Deletes a finished game from "Beendete Spiele", or cancels the question.
    fn delete_archived(&mut self, d: usize) -> Result<(), String> {
        let s = saves(&self.devices[d].mem);
        let archive: Vec<_> =
            s.archive().expect("stored").into_iter().filter_map(|e| Some((e.name, e.save.ok()?))).collect();
        if archive.is_empty() {
            return self.play(d, true);
        }
        let (name, save) = archive[self.rng.random_range(0..archive.len())].clone();
        let confirmed = self.rng.random_bool(0.5);
        self.history
            .push(format!("device {d}: delete finished {name}: {}", if confirmed { "yes" } else { "cancelled" }));
        if confirmed {
            s.delete_archived(&name).map_err(|e| format!("{e:?}"))?;
            self.devices[d].finished.remove(&content_of(&save.session));
        }
        Ok(())
    }

    fn save_as(&mut self, d: usize) -> Result<(), String> {
        let Some((id, game, _)) = self.pick(d, None) else { return self.start(d) };
        let name = SLOTS[self.rng.random_range(0..SLOTS.len())];
        self.history.push(format!("device {d}: save {id} as {name}"));
        saves(&self.devices[d].mem).write_slot(name, &game, 1.0).map(drop).map_err(|e| format!("{e:?}"))
    }

    fn high_score(&mut self, d: usize) -> Result<(), String> {
        let record = Record {
            name: NAMES[self.rng.random_range(0..NAMES.len())].into(),
            score: self.rng.random_range(0..40),
            at: self.rng.random_range(0..6),
        };
        self.history.push(format!("device {d}: high score {record:?}"));
        let s = saves(&self.devices[d].mem);
        let mut records = s.read_records().expect("stored").records;
        records.add("sudoku/standard", record);
        s.write_records(&records).map_err(|e| format!("{e:?}"))
    }

    /// Device `d`'s backup merged into another device (or an earlier state of a device).
    fn import(&mut self, d: usize) -> Result<(), String> {
        if self.rng.random_bool(0.2) {
            self.earlier = (self.devices[d].mem.clone(), self.devices[d].content.clone());
            self.history.push(format!("device {d}: backup kept for later"));
            return Ok(());
        }
        let (from, what) = if self.rng.random_bool(0.15) {
            (&self.earlier, "the kept backup".to_string())
        } else {
            let other = (d + self.rng.random_range(1..self.devices.len())) % self.devices.len();
            (
                &(self.devices[other].mem.clone(), self.devices[other].content.clone()),
                format!("device {other}'s backup"),
            )
        };
        let (from, theirs) = (from.0.clone(), from.1.finished.keys().cloned().collect::<Vec<_>>());
        self.history.push(format!("device {d}: merge {what}"));
        let file = backup::backup(&saves(&from), 0.0).expect("written");
        (self.checks.merge)(&saves(&self.devices[d].mem), &file).map_err(|e| format!("merge refused: {e:?}"))?;
        self.devices[d].finished.extend(theirs);
        Ok(())
    }

    /// Checks device `d` after its step, then the laws on the devices as they are now.
    fn check(&mut self, d: usize) -> Result<(), String> {
        let device = &mut self.devices[d];
        device.content = check_device(&device.mem, &device.finished).map_err(|e| format!("device {d}: {e}"))?;
        let at = |i: usize| (&self.devices[i].mem, &self.devices[i].content);
        let c = if self.devices.len() == 3 { at(2) } else { (&self.earlier.0, &self.earlier.1) };
        check_laws(at(0), at(1), c, self.checks.merge)
    }
}

/// A device's finished games are those it must hold, each once, each replaying; the statistics
/// count each once.
fn check_device(mem: &Mem, finished: &BTreeSet<String>) -> Result<Content, String> {
    let s = saves(mem);
    let content = content(mem);
    let held: BTreeSet<String> = content.finished.keys().cloned().collect();
    if held != *finished {
        let lost: Vec<_> = finished.difference(&held).map(|c| holdings::short(c)).collect();
        let extra: Vec<_> = held.difference(finished).map(|c| holdings::short(c)).collect();
        return Err(format!("finished games lost {lost:?}, unexpected {extra:?}"));
    }
    let mut played = Vec::new();
    for entry in s.archive().map_err(|e| format!("{e:?}"))? {
        let save = entry.save.map_err(|e| format!("finished game {} unreadable: {e:?}", entry.name))?;
        check_replays(&save.session).map_err(|e| format!("finished game {}: {e}", entry.name))?;
        played.push(Played::of(&save).ok_or(format!("finished game {} is not finished", entry.name))?);
    }
    let once: Vec<Played> = content.finished.values().filter_map(Played::of_game).collect();
    let pairs = |games: &[Played]| {
        let mut h = stats::head_to_head(games);
        h.sort_by(|a, b| (a.game.map(|g| g.id()), &a.names).cmp(&(b.game.map(|g| g.id()), &b.names)));
        h
    };
    if stats::per_player(&played) != stats::per_player(&once) || pairs(&played) != pairs(&once) {
        return Err(format!("statistics count {} games, the finished games are {}", played.len(), once.len()));
    }
    Ok(content)
}

fn copy_merged(into: &Mem, from: &Mem, merge: MergeFn) -> Result<Mem, String> {
    let result = into.clone();
    let file = backup::backup(&saves(from), 0.0).map_err(|e| format!("{e:?}"))?;
    merge(&saves(&result), &file).map_err(|e| format!("merge refused: {e:?}"))?;
    Ok(result)
}

thread_local! {
    /// The records this history read already (cleared with each history).
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

fn content(mem: &Mem) -> Content {
    MEMO.with(|memo| holdings::content_with(&saves(mem), &mut memo.borrow_mut())).expect("stored")
}

/// The laws of a join on the content, on copies of the devices' stores (each with its content).
fn check_laws(a: (&Mem, &Content), b: (&Mem, &Content), c: (&Mem, &Content), merge: MergeFn) -> Result<(), String> {
    let law = |what: &str, left: &Content, right: &Content| {
        let differences = left.differences(right);
        if differences.is_empty() {
            Ok(())
        } else {
            Err(format!("law broken: {what}: {differences:#?}"))
        }
    };
    let ab = copy_merged(a.0, b.0, merge)?;
    let ab_content = content(&ab);
    law("A+B = B+A (commutative)", &ab_content, &content(&copy_merged(b.0, a.0, merge)?))?;
    law("A+B = join of A and B (nothing lost, nothing made up)", &ab_content, &a.1.join(b.1))?;
    law("A+A = A (idempotent)", &content(&copy_merged(a.0, a.0, merge)?), a.1)?;
    let again = copy_merged(&ab, b.0, merge)?;
    if *again.data.borrow() != *ab.data.borrow() {
        return Err("merging the same backup twice changed the store again".into());
    }
    if c.0.data.borrow().is_empty() {
        return Ok(());
    }
    let ab_c = copy_merged(&ab, c.0, merge)?;
    let a_bc = copy_merged(a.0, &copy_merged(b.0, c.0, merge)?, merge)?;
    law("(A+B)+C = A+(B+C) (associative)", &content(&ab_c), &content(&a_bc))
}

/// Runs `histories` random histories from `seed`, spread over the machine's cores; the first
/// failure, with its seed and steps.
fn run(seed: u64, histories: u64, checks: Checks) -> Result<(), String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4)) as u64;
    let failures: Vec<(u64, String)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || (t..histories).step_by(threads as usize).find_map(|h| history(seed, h, checks)))
            })
            .collect();
        workers.into_iter().filter_map(|w| w.join().expect("a model thread panicked")).collect()
    });
    match failures.into_iter().min_by_key(|(h, _)| *h) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// History `h` of the run from `seed`: `None` when every check held.
fn history(seed: u64, h: u64, checks: Checks) -> Option<(u64, String)> {
    let history_seed = seed.wrapping_add(h.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    MEMO.with(|memo| *memo.borrow_mut() = Memo::default());
    let mut model = Model::new(history_seed, checks);
    let steps = model.rng.random_range(3..=10);
    for _ in 0..steps {
        let d = model.device();
        if let Err(e) = model.step(d).and_then(|()| model.check(d)) {
            let steps = model.history.join("\n  ");
            return Some((h, format!("history {h} (seed {history_seed:#x}): {e}\nsteps:\n  {steps}")));
        }
    }
    None
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// At least 10 000 random histories (issue 45, deliver item 6).
#[test]
fn the_store_keeps_everything_through_random_histories() {
    let seed = env_or("STORE_MODEL_SEED", 45);
    let histories = env_or("STORE_MODEL_HISTORIES", 10_000);
    let started = Instant::now();
    let checks = Checks { merge: app_merge };
    if let Err(e) = run(seed, histories, checks) {
        panic!("STORE_MODEL_SEED={seed}: {e}");
    }
    println!("{histories} histories in {:.1} s (STORE_MODEL_SEED={seed})", started.elapsed().as_secs_f64());
}

/// A planted defect: a merge that takes an entry whose name is here already for the same (the
/// old mistake with finished games). The model must catch it as a broken law.
fn merge_by_name(saves: &Saves<&Mem>, file: &str) -> Result<Merged, BackupError> {
    let file: serde_json::Value = serde_json::from_str(file).map_err(|_| BackupError::NotABackup)?;
    let entries = file["entries"].as_object().ok_or(BackupError::NotABackup)?;
    let mut merged = Merged::default();
    for (name, text) in entries {
        let text = text.as_str().ok_or_else(|| BackupError::Damaged(name.clone()))?;
        if saves.get(name)?.is_some() {
            merged.already += 1;
        } else {
            saves.set(name, text)?;
            merged.added += 1;
        }
    }
    Ok(merged)
}

#[test]
fn the_model_catches_a_merge_by_name() {
    let checks = Checks { merge: merge_by_name };
    let found = run(env_or("STORE_MODEL_SEED", 45), 2_000, checks).expect_err("a merge by name passed the model");
    assert!(found.contains("law broken"), "caught, but not as a broken law: {found}");
}
