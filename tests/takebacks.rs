//! Take-backs (`Session::take_back`), for every game: a game with take-backs still saves and
//! replays exactly, a take-back shows no seat anything new, and the same move played again after
//! a take-back can draw otherwise (everything nobody had seen is drawn anew).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::viermalvier::{Move as VmvMove, Options as VmvOptions, VierMalVier};
use spieltisch::engine::{Determinize, Game, GameKind};
use spieltisch::session::{
    from_json, to_json, PlayerColor, SaveMeta, Seat, Session, Stored, TakeBackOffer, TakeBackRule,
};

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

/// An offer as `Session::takeback_offer` makes it for `s` now.
fn offer_for<G: Game>(s: &Session<G>, seat: usize, moves: usize, ask: &[usize]) -> TakeBackOffer {
    let again = s.takebacks.last().is_some_and(|t| t.at == s.log.len());
    let (log_len, takebacks_made) = (s.log.len(), s.takebacks_made());
    TakeBackOffer { seat, moves, ask: ask.to_vec(), again, log_len, takebacks_made }
}

/// The undo policy: who may take back how many moves, from the log, who holds the device and
/// the setting.
#[test]
fn the_setting_decides_who_may_take_back_what() {
    use spieltisch::engine::bots::Level;
    use spieltisch::engine::just4fun::Just4Fun;
    use spieltisch::session::SeatKind;
    use TakeBackRule::{AgainstComputers, AlsoPeople, Never};
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut play = |s: &mut Session<Just4Fun>| {
        let mv = random_move(s, &mut rng).expect("a move");
        s.play(&mv).expect("a legal move applies");
    };
    // A person against two computers: their move and the replies since, without asking.
    let mut s = session::<Just4Fun>(3, 9);
    s.seats[1].kind = SeatKind::Computer(Level::Easy);
    s.seats[2].kind = SeatKind::Computer(Level::Hard);
    assert_eq!(s.takeback_offer(AgainstComputers, Some(0)), None, "no move yet");
    play(&mut s);
    assert_eq!(s.takeback_offer(AgainstComputers, Some(0)), None, "the computers are still to reply");
    play(&mut s);
    play(&mut s);
    assert_eq!(s.takeback_offer(AgainstComputers, Some(0)), Some(offer_for(&s, 0, 3, &[])));
    assert_eq!(s.takeback_offer(AlsoPeople, Some(0)), Some(offer_for(&s, 0, 3, &[])));
    assert_eq!(s.takeback_offer(Never, Some(0)), None);
    // Two people: the mover's own move while they hold the device, asking nobody (the default
    // setting too); once the other has taken the device, only with the setting and their yes.
    let mut s = session::<Just4Fun>(2, 9);
    play(&mut s);
    assert_eq!(s.takeback_offer(AgainstComputers, Some(0)), Some(offer_for(&s, 0, 1, &[])), "before the hand-over");
    assert_eq!(s.takeback_offer(Never, Some(0)), None);
    assert_eq!(s.takeback_offer(AgainstComputers, Some(1)), None, "handed over: asking is not allowed");
    assert_eq!(s.takeback_offer(AlsoPeople, Some(1)), Some(offer_for(&s, 0, 1, &[1])));
    assert_eq!(s.takeback_offer(AlsoPeople, None), Some(offer_for(&s, 0, 1, &[1])), "nobody known: asked");
    play(&mut s);
    assert_eq!(
        s.takeback_offer(AlsoPeople, Some(0)),
        Some(offer_for(&s, 1, 1, &[0])),
        "the second person's move, not the first's"
    );
    // A finished game takes nothing back.
    while s.state.to_move().is_some() {
        play(&mut s);
    }
    assert_eq!(s.takeback_offer(AlsoPeople, Some(1)), None);
}

#[test]
fn nothing_is_offered_while_a_computer_is_to_move() {
    use spieltisch::engine::bots::Level;
    use spieltisch::engine::just4fun::Just4Fun;
    use spieltisch::session::SeatKind;
    // A person, a computer, a person: after the first person's move the computer thinks.
    let mut s = session::<Just4Fun>(3, 4);
    s.seats[1].kind = SeatKind::Computer(Level::Medium);
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    let mv = random_move(&s, &mut rng).expect("a move");
    s.play(&mv).expect("a legal move applies");
    assert_eq!(s.takeback_offer(TakeBackRule::AlsoPeople, Some(0)), None);
    // The computer replied: the first person's move and the reply, unasked until the other
    // person takes the device (the cover's "↶ mein Zug"); then that person is asked.
    let mv = random_move(&s, &mut rng).expect("a move");
    s.play(&mv).expect("a legal move applies");
    assert_eq!(s.takeback_offer(TakeBackRule::AgainstComputers, Some(0)), Some(offer_for(&s, 0, 2, &[])));
    assert_eq!(s.takeback_offer(TakeBackRule::AlsoPeople, Some(2)), Some(offer_for(&s, 0, 2, &[2])));
}

/// Plays random moves until a person just moved and another person is to move (the moment of
/// the hand-over); `None` if the game ends first.
fn to_a_hand_over<G: Game>(s: &mut Session<G>, rng: &mut Pcg64Mcg) -> Option<(usize, usize)> {
    for _ in 0..400 {
        let mv = random_move(s, rng)?;
        s.play(&mv).expect("a legal move applies");
        let mover = s.log.last().and_then(G::event_player);
        if let (Some(mover), Some(next)) = (mover, s.state.to_move()) {
            if mover != next && s.state.table_decisions() == 0 {
                return Some((mover, next));
            }
        }
    }
    None
}

fn own_move_before_the_hand_over<G: Game>(players: usize) {
    use TakeBackRule::{AgainstComputers, AlsoPeople, Never};
    let mut rng = Pcg64Mcg::seed_from_u64(21);
    let mut checked = 0;
    for seed in 0..8 {
        let mut s = session::<G>(players, seed);
        for _ in 0..rng.random_range(0..6) {
            let Some(mv) = random_move(&s, &mut rng) else { break };
            s.play(&mv).expect("a legal move applies");
        }
        let Some((mover, next)) = to_a_hand_over(&mut s, &mut rng) else { continue };
        let kind = G::KIND;
        for rule in [AgainstComputers, AlsoPeople] {
            let own = s.takeback_offer(rule, Some(mover));
            assert_eq!(own, Some(offer_for(&s, mover, 1, &[])), "{kind:?} seed {seed}: own move before the hand-over");
        }
        assert_eq!(s.takeback_offer(Never, Some(mover)), None, "{kind:?} seed {seed}: never");
        assert_eq!(s.takeback_offer(AgainstComputers, Some(next)), None, "{kind:?} seed {seed}: handed over");
        let asked = s.takeback_offer(AlsoPeople, Some(next)).map(|o| o.ask);
        assert_eq!(asked, Some(vec![next]), "{kind:?} seed {seed}: the person to move is asked");
        checked += 1;
    }
    assert!(checked >= 4, "{:?}: only {checked} hand-overs", G::KIND);
}

/// Item 2 of issue 45, in every game: the person who just moved takes that move back without
/// asking until the next person takes the device; after that it needs their yes.
#[test]
fn in_every_game_the_own_move_goes_back_unasked_until_the_hand_over() {
    for kind in GameKind::ALL {
        let players = kind.players().0.max(2);
        spieltisch::with_game!(kind, G => own_move_before_the_hand_over::<G>(players));
    }
}

/// A Vier mal Vier match of two people, played at random until a stone of `ender` ended a game
/// and the next game's start player is to move.
fn vmv_game_ended_by(ender: usize, profi: bool) -> Session<VierMalVier> {
    let options = VmvOptions { games: 3, profi, ..VmvOptions::default() };
    let mut rng = Pcg64Mcg::seed_from_u64(31);
    for seed in 0..200 {
        let seats = (0..2).map(|i| Seat::person(format!("P{i}"), PlayerColor::ALL[i])).collect();
        let mut s = Session::<VierMalVier>::new(seats, options.clone(), seed).expect("a valid setup");
        while s.state.end().is_none() {
            let places: Vec<_> =
                s.state.legal_moves().into_iter().filter(|m| matches!(m, VmvMove::Place { .. })).collect();
            let Some(mv) = places.get(rng.random_range(0..places.len().max(1))) else { break };
            s.play(mv).expect("a legal move applies");
        }
        let last = s.log.last().and_then(VierMalVier::event_player);
        if s.state.end().is_some() && last == Some(ender) {
            return s;
        }
    }
    panic!("no game ended by player {ender}");
}

/// Finding 6 of issue 45: the stone that ended a game of a match goes back only with the other's
/// yes, also when its player opens the next game (the device never changed hands), and also
/// after they opened it.
#[test]
fn reopening_a_finished_game_of_a_match_asks_the_other() {
    use TakeBackRule::{AgainstComputers, AlsoPeople};
    // Game 1 starts with player 0, so player 1 opens game 2.
    let mut s = vmv_game_ended_by(1, false);
    assert_eq!(s.state.to_move(), Some(1), "the ender opens the next game");
    assert_eq!(s.takeback_offer(AgainstComputers, Some(1)), None, "the setting does not allow asking");
    assert_eq!(s.takeback_offer(AlsoPeople, Some(1)), Some(offer_for(&s, 1, 1, &[0])));
    s.play(&VmvMove::NextGame).expect("the next game starts");
    assert_eq!(s.takeback_offer(AgainstComputers, Some(1)), None, "game 2 opened: still the finished game");
    assert_eq!(s.takeback_offer(AlsoPeople, Some(1)), Some(offer_for(&s, 1, 2, &[0])));
    // Ended by the other player: asked too, though the device has not changed hands.
    let s = vmv_game_ended_by(0, false);
    assert_eq!(s.takeback_offer(AgainstComputers, Some(0)), None);
    assert_eq!(s.takeback_offer(AlsoPeople, Some(0)), Some(offer_for(&s, 0, 1, &[1])));
}

/// Finding 6 of issue 45: a Profi announcement is made to the whole table: taking it back needs
/// the other's yes, though the announcer is still to move; a stone of theirs after it is their
/// own move again.
#[test]
fn a_profi_announcement_goes_back_only_with_the_others_yes() {
    use TakeBackRule::{AgainstComputers, AlsoPeople};
    let options = VmvOptions { profi: true, ..VmvOptions::default() };
    let mut rng = Pcg64Mcg::seed_from_u64(41);
    let mut announced = 0;
    for seed in 0..40 {
        let seats = (0..2).map(|i| Seat::person(format!("P{i}"), PlayerColor::ALL[i])).collect();
        let mut s = Session::<VierMalVier>::new(seats, options.clone(), seed).expect("a valid setup");
        while !s.state.legal_moves().contains(&VmvMove::Announce) {
            let places: Vec<_> =
                s.state.legal_moves().into_iter().filter(|m| matches!(m, VmvMove::Place { .. })).collect();
            let Some(mv) = places.get(rng.random_range(0..places.len().max(1))) else { break };
            s.play(mv).expect("a legal move applies");
        }
        let Some(announcer) = s.state.to_move().filter(|_| s.state.legal_moves().contains(&VmvMove::Announce)) else {
            continue;
        };
        s.play(&VmvMove::Announce).expect("the announcement");
        let other = 1 - announcer;
        assert_eq!(s.takeback_offer(AgainstComputers, Some(announcer)), None, "seed {seed}");
        assert_eq!(s.takeback_offer(AlsoPeople, Some(announcer)), Some(offer_for(&s, announcer, 1, &[other])));
        let Some(stone) = random_move(&s, &mut rng) else { continue };
        s.play(&stone).expect("a legal move applies");
        if s.state.end().is_none() {
            assert_eq!(s.takeback_offer(AgainstComputers, Some(announcer)), Some(offer_for(&s, announcer, 1, &[])));
        }
        announced += 1;
    }
    assert!(announced >= 5, "only {announced} announcements");
}

/// Each person a take-back affects is asked, one after another in turn order from the mover:
/// those whose moves it undoes and the person to move once they hold the device.
#[test]
fn a_take_back_asks_each_person_it_affects() {
    use spieltisch::engine::bots::Level;
    use spieltisch::engine::just4fun::Just4Fun;
    use spieltisch::session::SeatKind;
    let mut rng = Pcg64Mcg::seed_from_u64(51);
    let mut s = session::<Just4Fun>(4, 5);
    for _ in 0..3 {
        let mv = random_move(&s, &mut rng).expect("a move");
        s.play(&mv).expect("a legal move applies");
    }
    let from = s.log.iter().position(|e| Just4Fun::event_player(e) == Some(0)).expect("seat 0 moved");
    assert_eq!(s.takeback_affects(from, 0, Some(3)), vec![1, 2, 3], "two moves undone and the person to move");
    assert_eq!(s.takeback_affects(from, 0, Some(0)), vec![1, 2], "the device not handed over");
    assert_eq!(s.takeback_affects(from + 2, 2, Some(2)), Vec::<usize>::new(), "the last mover's own move");
    assert_eq!(s.takeback_affects(from + 2, 2, Some(3)), vec![3]);
    // A computer is never asked.
    s.seats[1].kind = SeatKind::Computer(Level::Easy);
    assert_eq!(s.takeback_affects(from, 0, Some(3)), vec![2, 3]);
}

/// Finding 7 of issue 45, one tap, one take-back: an offer holds only for the game it was made
/// for, and a take-back right after a take-back says that it goes a further move back.
#[test]
fn an_offer_holds_only_for_its_game() {
    use spieltisch::engine::bots::Level;
    use spieltisch::engine::just4fun::Just4Fun;
    use spieltisch::session::SeatKind;
    let mut rng = Pcg64Mcg::seed_from_u64(61);
    let mut s = session::<Just4Fun>(2, 6);
    s.seats[1].kind = SeatKind::Computer(Level::Easy);
    for _ in 0..6 {
        let mv = random_move(&s, &mut rng).expect("a move");
        s.play(&mv).expect("a legal move applies");
    }
    let first = s.takeback_offer(TakeBackRule::AgainstComputers, Some(0)).expect("an offer");
    assert!(s.offer_is_current(&first) && !first.again);
    assert!(s.take_back(first.moves));
    assert!(!s.offer_is_current(&first), "the second tap of a double tap finds the game moved on");
    let second = s.takeback_offer(TakeBackRule::AgainstComputers, Some(0)).expect("a further offer");
    assert!(second.again && s.offer_is_current(&second), "right after a take-back");
    let mv = random_move(&s, &mut rng).expect("a move");
    s.play(&mv).expect("a legal move applies");
    assert!(!s.offer_is_current(&second), "a move was played since");
    let mv = random_move(&s, &mut rng).expect("a move");
    s.play(&mv).expect("a legal move applies");
    let third = s.takeback_offer(TakeBackRule::AgainstComputers, Some(0)).expect("an offer");
    assert!(!third.again, "moves were played since the take-back");
}
