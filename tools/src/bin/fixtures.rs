//! Writes the fixture saves of the current save format into a directory, exactly as this build
//! stores them (through `saves::Saves`): per game an autosave record (written three times, as a
//! running game is), a named slot, an exported file (the slot's text) and a finished game.
//!
//! `cargo run -p spieltisch-tools --bin fixtures -- tests/fixtures/v5`
//!
//! Each game takes back two moves after its first record (so the later files hold a take-back).
//!
//! Run once when the format changes; the files are then never edited (tests/fixtures/README.md).

use spieltisch::engine::bots::Level;
use spieltisch::engine::{Game, GameKind};
use spieltisch::saves::{MemoryStore, Saves, Store};
use spieltisch::session::{PlayerColor, Seat, SeatKind, Session, Stored};
use std::path::{Path, PathBuf};

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Seats with every kind: a person first, then computers of each level.
fn seats(n: usize) -> Vec<Seat> {
    let kinds = [
        SeatKind::Person,
        SeatKind::Computer(Level::Hard),
        SeatKind::Computer(Level::Easy),
        SeatKind::Computer(Level::Medium),
    ];
    let names = ["Anna", "Computer 1", "Computer 2", "Computer 3"];
    (0..n).map(|i| Seat { name: names[i].into(), color: PlayerColor::ALL[i], kind: kinds[i] }).collect()
}

/// Random legal moves until `stop` moves are logged or the game ends.
fn play_on<G: Game>(s: &mut Session<G>, rng: &mut u64, stop: usize) {
    while s.log.len() < stop {
        let legal = s.state.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[(splitmix(rng) % legal.len() as u64) as usize].clone();
        s.play(&mv).expect("a legal move applies");
    }
}

fn write<G: Stored>(kind: GameKind, players: usize, dir: &Path, seed: u64) {
    let map = MemoryStore::default();
    let saves = Saves::new(&map, "/");
    let mut rng = seed;
    let mut s = Session::<G>::new(seats(players), G::Options::default(), splitmix(&mut rng)).expect("setup");
    // The length of this game under this random play, so that the autosave is mid-game.
    let mut full = s.clone();
    play_on(&mut full, &mut rng.clone(), usize::MAX);
    let len = full.log.len();
    let mut rev = spieltisch::saves::Stamp::NEW;
    for (i, stop) in [len / 4, len / 2, len * 2 / 3].into_iter().enumerate() {
        play_on(&mut s, &mut rng, stop.clamp(1, len - 1));
        rev = saves.write_game("fixture", rev, &G::wrap(s.clone()), 1.795e12 + stop as f64).expect("written");
        if i == 0 {
            assert!(s.take_back(2.min(s.log.len())), "a take-back");
        }
    }
    let autosave = (&map).get(&saves.game_key("fixture")).unwrap().expect("the autosave record");
    let slot_name = saves.write_slot("Am Küchentisch", &G::wrap(s.clone()), 1.795e12 + 10.0).expect("slot");
    let slot = (&map).get(&saves.slot_key(&slot_name)).unwrap().expect("the slot");
    play_on(&mut s, &mut rng, usize::MAX);
    assert!(s.state.outcome().is_some(), "random play ends");
    saves.write_game("finished", spieltisch::saves::Stamp::NEW, &G::wrap(s), 1.795e12 + 20.0).expect("written");
    let finished = (&map).get(&saves.game_key("finished")).unwrap().expect("the finished record");
    for (which, text) in [("autosave", &autosave), ("slot", &slot), ("export", &slot), ("finished", &finished)] {
        let path = dir.join(format!("{}-{which}.json", kind.id()));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        println!("{}", path.display());
    }
}

fn main() {
    const USAGE: &str = "usage: fixtures <directory>\n\nWrites the fixture saves of the current save format into <directory> (e.g.\ntests/fixtures/v5): per game an autosave record, a named slot, an exported file and a\nfinished game, each with a take-back.";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir: PathBuf = match args.as_slice() {
        [flag] if flag == "--help" || flag == "-h" => return println!("{USAGE}"),
        [dir] if !dir.starts_with('-') => dir.into(),
        _ => {
            eprintln!("fixtures: expected one directory\n{USAGE}");
            std::process::exit(2);
        }
    };
    std::fs::create_dir_all(&dir).expect("the directory can be made");
    // Every game of the list, at its largest table, each from a seed of its own. (The sets up
    // to v3 were written by hand-picked calls: v3 with 4, 3, 2 and 2 players for Just 4 Fun, Gut
    // angelegt, Vier mal Vier and Sudoku, seeds 31, 34, 33, 32; v4 and v5 by this loop.)
    for (i, kind) in GameKind::ALL.into_iter().enumerate() {
        let players = kind.players().1;
        spieltisch::with_game!(kind, G => write::<G>(kind, players, &dir, 31 + i as u64));
    }
}
