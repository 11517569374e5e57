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

/// Knowledge is never un-seen: from many positions, plays one to four moves and takes them back.
/// The game is then exactly as it was before them (every hand, the table, the pile in its order:
/// nothing anyone saw has moved, and nothing was drawn anew), and the same moves played again
/// make the same events, so the same cards come (no fishing for a better draw).
fn a_take_back_keeps_what_was_seen<G: Stored + Determinize>(players: usize) {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut checked = 0;
    for seed in 0..40 {
        let mut s = session::<G>(players, seed);
        for _ in 0..rng.random_range(2..12) {
            let Some(mv) = random_move(&s, &mut rng) else { break };
            s.play(&mv).expect("a legal move applies");
        }
        let before = s.clone();
        let mut moves = Vec::new();
        for _ in 0..rng.random_range(1..=4) {
            let Some(mv) = random_move(&s, &mut rng) else { break };
            s.play(&mv).expect("a legal move applies");
            moves.push(mv);
        }
        if moves.is_empty() {
            continue;
        }
        let events = s.log[before.log.len()..].to_vec();
        assert!(s.take_back(moves.len()));
        let json = |g: &G| serde_json::to_string(g).expect("written");
        assert_eq!(json(&s.state), json(&before.state), "seed {seed}: the take-back moved or redrew something");
        let seen = |s: &Session<G>| (0..players).map(|p| s.state.observation(p)).collect::<Vec<_>>();
        assert_eq!(seen(&s), seen(&before), "seed {seed}: a seat sees otherwise after the take-back");
        for (mv, event) in moves.iter().zip(&events) {
            assert_eq!(&s.play(mv).expect("the same move applies again"), event, "seed {seed}: drew otherwise");
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} positions checked");
}

#[test]
fn every_game_replays_exactly_with_takebacks() {
    for kind in GameKind::ALL {
        spieltisch::with_game!(kind, G => replays_with_takebacks::<G>(kind.players().1));
    }
}

#[test]
fn a_take_back_never_unsees_or_redraws() {
    for kind in GameKind::ALL {
        let (fewest, most) = kind.players();
        spieltisch::with_game!(kind, G => a_take_back_keeps_what_was_seen::<G>(most));
        spieltisch::with_game!(kind, G => a_take_back_keeps_what_was_seen::<G>(fewest.max(2)));
    }
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
    let written = r#""takebacks":[{"at":4,"nonce":1,"redraw":false}]"#;
    assert!(json.contains(written), "{json}");
    for bad in [
        r#""takebacks":[{"at":9,"nonce":1,"redraw":false}]"#,
        r#""takebacks":[{"at":4,"nonce":0,"redraw":false}]"#,
        r#""takebacks":[{"at":4,"nonce":2,"redraw":false},{"at":4,"nonce":1,"redraw":false}]"#,
    ] {
        let crafted = json.replace(written, bad);
        assert_eq!(from_json(&crafted).map(|_| ()), Err(LoadError::Damaged(Damage::TakeBack)), "{bad}");
    }
    // A take-back that says it drew anew (as format 4's did): the stored position no longer
    // follows, so the record's `redraw` is checked like every other part of the save.
    let other = json.replace(written, r#""takebacks":[{"at":4,"nonce":1,"redraw":true}]"#);
    assert!(matches!(from_json(&other), Err(LoadError::Damaged(_))));
}

/// Format 4's take-backs drew anew what nobody had seen: a format-4 save with one loads as it
/// was written (its record now says `redraw`), and its position follows that draw.
#[test]
fn a_format_4_takeback_still_redraws() {
    use spieltisch::engine::just4fun::Just4Fun;
    let mut s = session::<Just4Fun>(2, 3);
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    for _ in 0..6 {
        let mv = random_move(&s, &mut rng).expect("a move");
        s.play(&mv).expect("a legal move applies");
    }
    assert!(s.take_back(2));
    let redrawing = [spieltisch::session::TakeBack { at: 4, nonce: 1, redraw: true }];
    let (options, seed) = (s.state.options().clone(), s.state.seed());
    let redrawn = Session::<Just4Fun>::replay(s.seats.clone(), options, seed, s.log.clone(), &redrawing, Vec::new())
        .expect("a redrawing take-back replays");
    let json = |g: &Just4Fun| serde_json::to_string(g).expect("written");
    assert_ne!(json(&redrawn.state), json(&s.state), "the format-4 take-back drew anew");
    let meta = SaveMeta { name: "x", saved_at: 1.0, id: "", rev: 0 };
    let v5 = to_json(&spieltisch::session::AnySession::Just4Fun(redrawn), meta).expect("written");
    let v4 = v5.replace(r#""schema":5"#, r#""schema":4"#).replace(r#","redraw":true"#, "");
    assert!(v4.contains(r#""takebacks":[{"at":4,"nonce":1}]"#), "{v4}");
    let back = from_json(&v4).expect("a format-4 save with a take-back loads");
    assert_eq!(to_json(&back.session, meta).expect("written"), v5);
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
