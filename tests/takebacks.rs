//! Take-backs (`Session::take_back`), for every game: a game with take-backs still saves and
//! replays exactly, a take-back shows no seat anything new, and the same move played again after
//! a take-back can draw otherwise (everything nobody had seen is drawn anew).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::{Determinize, Game, GameKind};
use spieltisch::session::{from_json, to_json, PlayerColor, SaveMeta, Seat, Session, Stored};

fn session<G: Game>(players: usize, seed: u64) -> Session<G> {
    let seats = (0..players).map(|i| Seat::person(format!("P{i}"), PlayerColor::ALL[i])).collect();
    Session::new(seats, G::Options::default(), seed).expect("a valid setup")
}

fn random_move<G: Game>(s: &Session<G>, rng: &mut Pcg64Mcg) -> Option<G::Move> {
    let legal = s.state.legal_moves();
    (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())].clone())
}

/// Random games with a take-back of one to three moves now and then: each saves and loads back
/// as the same game (the load replays log and take-backs), also midway.
fn replays_with_takebacks<G: Stored>(players: usize) {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut games_with_takebacks = 0;
    for seed in 0..12 {
        let mut s = session::<G>(players, seed);
        let mut made = 0;
        for step in 0..400 {
            if step % 9 == 8 && s.log.len() > 3 {
                let before = s.log.len();
                let count = rng.random_range(1..=3);
                assert!(s.take_back(count), "seed {seed}: {count} of {before} moves taken back");
                assert_eq!(s.log.len(), before - count);
                made += 1;
                assert_eq!(s.takebacks_made(), made);
            }
            let Some(mv) = random_move(&s, &mut rng) else { break };
            s.play(&mv).expect("a legal move applies");
            if step % 13 == 0 {
                assert_loads_back(&s, seed);
            }
        }
        assert_eq!(s.takebacks.is_empty(), made == 0, "seed {seed}: the game keeps its take-backs");
        games_with_takebacks += usize::from(made > 0);
        assert_loads_back(&s, seed);
        assert_eq!(s.check(), Ok(()), "seed {seed}: the session checks out");
        assert_positions(&s, seed);
    }
    assert!(games_with_takebacks >= 6, "only {games_with_takebacks} games had take-backs");
}

/// A replay's positions ([`Session::positions`]): one before each move and the end, each the
/// state a replay of the log up to it gives (with the take-backs made by then).
fn assert_positions<G: Stored>(s: &Session<G>, seed: u64) {
    let json = |g: &G| serde_json::to_string(g).expect("written");
    let positions = s.positions();
    assert_eq!(positions.len(), s.log.len() + 1, "seed {seed}");
    assert_eq!(json(&positions[s.log.len()]), json(&s.state), "seed {seed}: the last position is the game's");
    for k in (0..=s.log.len()).step_by(5) {
        let takebacks: Vec<_> = s.takebacks.iter().copied().filter(|t| t.at <= k).collect();
        let (options, seed_of_game) = (s.state.options().clone(), s.state.seed());
        let upto =
            Session::<G>::replay(s.seats.clone(), options, seed_of_game, s.log[..k].to_vec(), &takebacks, Vec::new())
                .expect("a prefix of the log replays");
        assert_eq!(json(&positions[k]), json(&upto.state), "seed {seed}: position {k}");
    }
}

fn assert_loads_back<G: Stored>(s: &Session<G>, seed: u64) {
    let meta = SaveMeta { name: "x", saved_at: 1.0, id: "", rev: 0 };
    let json = to_json(&G::wrap(s.clone()), meta).expect("written");
    let back = from_json(&json).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{json}"));
    assert_eq!(to_json(&back.session, meta).expect("written"), json, "seed {seed}: another game came back");
}

/// Takes back the mover's move and plays it again, from many positions: no seat sees anything
/// new after the take-back, and the move made again draws otherwise at least once (`chance`),
/// or never (`!chance`: nothing is hidden).
fn the_same_move_draws_anew<G: Stored + Determinize>(players: usize, chance: bool) {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut differed = 0;
    for seed in 0..30 {
        let mut s = session::<G>(players, seed);
        for _ in 0..rng.random_range(4..20) {
            let Some(mv) = random_move(&s, &mut rng) else { break };
            s.play(&mv).expect("a legal move applies");
        }
        let Some(mover) = s.state.to_move() else { continue };
        let Some(mv) = random_move(&s, &mut rng) else { continue };
        let seen: Vec<_> = (0..players).map(|p| s.state.observation(p)).collect();
        let mut again = s.clone();
        s.play(&mv).expect("a legal move applies");
        again.play(&mv).expect("a legal move applies");
        assert!(again.take_back(1));
        let seen_after: Vec<_> = (0..players).map(|p| again.state.observation(p)).collect();
        assert_eq!(seen_after, seen, "seed {seed}: a take-back showed something new");
        again.play(&mv).expect("the same move applies again");
        if again.state.observation(mover) != s.state.observation(mover) {
            differed += 1;
        }
    }
    if chance {
        assert!(differed > 0, "the same move never drew otherwise after a take-back");
    } else {
        assert_eq!(differed, 0, "a game without chance changed after a take-back");
    }
}

#[test]
fn every_game_replays_exactly_with_takebacks() {
    for kind in GameKind::ALL {
        spieltisch::with_game!(kind, G => replays_with_takebacks::<G>(kind.players().1));
    }
}

#[test]
fn a_take_back_never_shows_what_comes_next() {
    use spieltisch::engine::{gutangelegt::GutAngelegt, just4fun::Just4Fun, sudoku::Sudoku, viermalvier::VierMalVier};
    the_same_move_draws_anew::<Just4Fun>(3, true);
    the_same_move_draws_anew::<GutAngelegt>(2, true);
    the_same_move_draws_anew::<Sudoku>(2, true);
    the_same_move_draws_anew::<VierMalVier>(2, false);
}

#[test]
fn a_take_back_needs_moves_to_take_back() {
    let mut s = session::<spieltisch::engine::just4fun::Just4Fun>(2, 1);
    assert!(!s.take_back(1), "nothing to take back yet");
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mv = random_move(&s, &mut rng).expect("a move");
    s.play(&mv).expect("a legal move applies");
    assert!(!s.take_back(0) && !s.take_back(2), "zero, or more moves than made");
    assert!(s.take_back(1) && s.log.is_empty() && s.takebacks_made() == 1);
}

#[test]
fn takebacks_that_do_not_fit_the_game_are_damage() {
    use spieltisch::session::{Damage, LoadError};
    let mut s = session::<spieltisch::engine::just4fun::Just4Fun>(2, 3);
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    for _ in 0..6 {
        let mv = random_move(&s, &mut rng).expect("a move");
        s.play(&mv).expect("a legal move applies");
    }
    assert!(s.take_back(2));
    let meta = SaveMeta { name: "x", saved_at: 1.0, id: "", rev: 0 };
    let json = to_json(&spieltisch::session::AnySession::Just4Fun(s), meta).expect("written");
    let written = r#""takebacks":[{"at":4,"nonce":1}]"#;
    assert!(json.contains(written), "{json}");
    for bad in [
        r#""takebacks":[{"at":9,"nonce":1}]"#,
        r#""takebacks":[{"at":4,"nonce":0}]"#,
        r#""takebacks":[{"at":4,"nonce":2},{"at":4,"nonce":1}]"#,
    ] {
        let crafted = json.replace(written, bad);
        assert_eq!(from_json(&crafted).map(|_| ()), Err(LoadError::Damaged(Damage::TakeBack)), "{bad}");
    }
    // Another nonce draws otherwise: the stored position no longer follows.
    let other = json.replace(written, r#""takebacks":[{"at":4,"nonce":5}]"#);
    assert!(matches!(from_json(&other), Err(LoadError::Damaged(_))));
}

/// The undo policy: who may take back how many moves, from the log and the setting alone.
#[test]
fn the_setting_decides_who_may_take_back_what() {
    use spieltisch::engine::bots::Level;
    use spieltisch::engine::just4fun::Just4Fun;
    use spieltisch::session::{SeatKind, TakeBackOffer, TakeBackRule};
    use TakeBackRule::{AgainstComputers, AlsoPeople, Never};
    let offer = |seat, moves, ask: &[usize]| Some(TakeBackOffer { seat, moves, ask: ask.to_vec() });
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut play = |s: &mut Session<Just4Fun>| {
        let mv = random_move(s, &mut rng).expect("a move");
        s.play(&mv).expect("a legal move applies");
    };
    // A person against two computers: their move and the replies since, without asking.
    let mut s = session::<Just4Fun>(3, 9);
    s.seats[1].kind = SeatKind::Computer(Level::Easy);
    s.seats[2].kind = SeatKind::Computer(Level::Hard);
    assert_eq!(s.takeback_offer(AgainstComputers), None, "no move yet");
    play(&mut s);
    assert_eq!(s.takeback_offer(AgainstComputers), None, "the computers are still to reply");
    play(&mut s);
    play(&mut s);
    assert_eq!(s.takeback_offer(AgainstComputers), offer(0, 3, &[]));
    assert_eq!(s.takeback_offer(AlsoPeople), offer(0, 3, &[]));
    assert_eq!(s.takeback_offer(Never), None);
    // Two people: only with the setting, before the other acted, and the other is asked.
    let mut s = session::<Just4Fun>(2, 9);
    play(&mut s);
    assert_eq!(s.takeback_offer(AgainstComputers), None);
    assert_eq!(s.takeback_offer(AlsoPeople), offer(0, 1, &[1]));
    play(&mut s);
    assert_eq!(s.takeback_offer(AlsoPeople), offer(1, 1, &[0]), "the second person's move, not the first's");
    // A finished game takes nothing back.
    while s.state.to_move().is_some() {
        play(&mut s);
    }
    assert_eq!(s.takeback_offer(AlsoPeople), None);
}

#[test]
fn nothing_is_offered_while_a_computer_is_to_move() {
    use spieltisch::engine::bots::Level;
    use spieltisch::engine::just4fun::Just4Fun;
    use spieltisch::session::{SeatKind, TakeBackRule};
    // A person, a computer, a person: after the first person's move the computer thinks.
    let mut s = session::<Just4Fun>(3, 4);
    s.seats[1].kind = SeatKind::Computer(Level::Medium);
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    let mv = random_move(&s, &mut rng).expect("a move");
    s.play(&mv).expect("a legal move applies");
    assert_eq!(s.takeback_offer(TakeBackRule::AlsoPeople), None);
}
