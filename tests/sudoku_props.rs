//! Property tests for the Sudoku engine: over 10 000 random complete games (1–4 players, both
//! scorings, assisted and table rules, random gold with and without the per-block option and gold
//! laid by hand), moves chosen at random among the legal ones with a seeded generator. After every
//! move the invariants are checked against independent recounts written here from the public
//! accessors (rows, columns, blocks and scores are computed by this file's own arithmetic). What
//! every game promises (validation, save round trips, refused moves leaving the state, listed
//! moves applying, replays) is checked once for all games in tests/contract.rs.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use spieltisch::engine::sudoku::{End, Event, Mode, Move, Options, RuleError, Scoring, SetAsideReason, Sudoku, Tile};
use spieltisch::engine::{Game, Outcome};

/// Games per player count; four player counts → 10 000 games per run (plus 1 200 from nearly
/// full boards).
const GAMES_PER_PLAYER_COUNT: u64 = 2_500;
/// At most 9 gold moves (or fewer plus GoldRest), then every play move uses up one of the 72
/// normal tiles, except a correct claim, which needs a tile in hand and ends the game.
const MAX_MOVES: u32 = 9 + 72;

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    moves: u64,
    gold_moves: u64,
    gold_rests: u64,
    placed: u64,
    set_aside_breaks: u64,
    false_claims: u64,
    counters: u64,
    end_no_legal_field: u64,
    end_claimed: u64,
    end_all_tiles_used: u64,
    shared_wins: u64,
    illegal_checked: u64,
    stuck_at_table: u64,
}

// ----- independent geometry ----------------------------------------------------------------------

fn r_of(cell: usize) -> usize {
    cell / 9
}
fn c_of(cell: usize) -> usize {
    cell % 9
}
fn b_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}
fn same_unit(a: usize, b: usize) -> bool {
    r_of(a) == r_of(b) || c_of(a) == c_of(b) || b_of(a) == b_of(b)
}

/// The 27 units, listed cell by cell from their definition.
fn units() -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for i in 0..9 {
        out.push((0..9).map(|k| i * 9 + k).collect());
        out.push((0..9).map(|k| k * 9 + i).collect());
        let (br, bc) = (i / 3 * 3, i % 3 * 3);
        out.push((0..9).map(|k| (br + k / 3) * 9 + bc + k % 3).collect());
    }
    out
}

/// Numbers (bit n) present in each row, column and block.
struct Masks {
    rows: [u16; 9],
    cols: [u16; 9],
    blocks: [u16; 9],
}

fn masks(g: &Sudoku) -> Masks {
    let mut m = Masks { rows: [0; 9], cols: [0; 9], blocks: [0; 9] };
    for (cell, tile) in g.board().iter().enumerate() {
        if let Some(t) = tile {
            let bit = 1u16 << t.number;
            m.rows[r_of(cell)] |= bit;
            m.cols[c_of(cell)] |= bit;
            m.blocks[b_of(cell)] |= bit;
        }
    }
    m
}

fn fits(g: &Sudoku, m: &Masks, cell: usize, number: u8) -> bool {
    let bit = 1u16 << number;
    g.board()[cell].is_none() && (m.rows[r_of(cell)] | m.cols[c_of(cell)] | m.blocks[b_of(cell)]) & bit == 0
}

fn my_legal_fields(g: &Sudoku, number: u8) -> Vec<usize> {
    let m = masks(g);
    (0..81).filter(|&c| fits(g, &m, c, number)).collect()
}

/// Points for a tile on the free field `cell`, counted from the board before it is laid.
fn recount_points(g: &Sudoku, cell: usize, scoring: Scoring) -> u32 {
    let count = |pred: &dyn Fn(usize) -> bool| -> u32 {
        let mut n = 0;
        for o in 0..81 {
            if o != cell && g.board()[o].is_some() && pred(o) {
                n += 1;
            }
        }
        n
    };
    let (row, col, blk) = (r_of(cell), c_of(cell), b_of(cell));
    match scoring {
        // The block, then the row and the column outside the block.
        Scoring::Standard => {
            count(&|o| b_of(o) == blk)
                + count(&|o| r_of(o) == row && b_of(o) != blk)
                + count(&|o| c_of(o) == col && b_of(o) != blk)
        }
        // The whole row and the whole column.
        Scoring::Simple => count(&|o| r_of(o) == row) + count(&|o| c_of(o) == col),
    }
}

fn golds(g: &Sudoku) -> Vec<(usize, u8)> {
    g.board().iter().enumerate().filter_map(|(c, t)| t.filter(|t| t.gold).map(|t| (c, t.number))).collect()
}

fn hands(g: &Sudoku) -> Vec<Option<u8>> {
    (0..g.player_count()).map(|p| g.hand(p)).collect()
}

fn winners(g: &Sudoku) -> Vec<usize> {
    let n = g.player_count();
    let best = (0..n).map(|p| g.score(p)).max().unwrap();
    (0..n).filter(|&p| g.score(p) == best).collect()
}

// ----- checks ------------------------------------------------------------------------------------

fn check_state(g: &Sudoku, units: &[Vec<usize>]) {
    let n = g.player_count();
    let opts = g.options();
    let gold = golds(g);
    let setup = gold.len() < 9;
    assert_eq!(g.in_gold_setup(), setup);
    assert_eq!(g.has_hidden_information(), !setup);
    assert!(opts.gold_by_hand || !setup, "random gold is laid at once");

    // 81 tiles: board + supply + hands + set aside (+ gold tiles not laid yet during the setup).
    let on_board = g.board().iter().flatten().count();
    assert_eq!(g.board().len(), 81);
    let in_hands = (0..n).filter(|&p| g.hand(p).is_some()).count();
    assert_eq!(on_board + g.supply_len() + in_hands + g.set_aside().len() + (9 - gold.len()), 81);
    // 9 gold tiles 1–9 once; 8 normal tiles of each number, the unseen ones in the supply.
    let held = hands(g);
    let mut gold_n = [0usize; 10];
    let mut seen = [0usize; 10];
    for t in g.board().iter().flatten() {
        if t.gold {
            gold_n[usize::from(t.number)] += 1;
        } else {
            seen[usize::from(t.number)] += 1;
        }
    }
    for &n in held.iter().flatten().chain(g.set_aside()) {
        seen[usize::from(n)] += 1;
    }
    // The engine's list of gold tiles still to lay (its cost is 9 board scans: during the
    // setup and now and then after it).
    let spot_check = setup || g.turn().is_multiple_of(16);
    let left = if spot_check { g.gold_left() } else { Vec::new() };
    let mut unseen = 0;
    for number in 1..=9u8 {
        let k = usize::from(number);
        assert!(gold_n[k] <= 1, "two gold {number}");
        if spot_check {
            assert_eq!(gold_n[k] == 0, left.contains(&number));
        }
        assert!(seen[k] <= 8, "{} normal tiles {number}", seen[k]);
        unseen += 8 - seen[k];
    }
    assert_eq!(seen[0] + gold_n[0], 0);
    assert_eq!(unseen, g.supply_len());
    for t in g.board().iter().flatten() {
        assert!((1..=9).contains(&t.number));
        match t.by {
            None => assert!(t.gold),
            Some(p) => assert!(!t.gold && p < n),
        }
    }
    if setup {
        assert!(g.board().iter().flatten().all(|t| t.gold), "no normal tile during the gold setup");
    }

    // The Sudoku rule in every row, column and block, and the gold pattern.
    for unit in units {
        let mut seen = 0u16;
        let mut gold_in_unit = 0;
        for &cell in unit {
            if let Some(t) = g.board()[cell] {
                assert_eq!(seen & (1 << t.number), 0, "{} twice in {unit:?}", t.number);
                seen |= 1 << t.number;
                gold_in_unit += usize::from(t.gold);
            }
        }
        assert!(gold_in_unit <= 1 || (!opts.gold_per_block && is_block(unit)), "gold tiles in {unit:?}");
    }

    // Scores and the track.
    for p in 0..n {
        let s = g.score(p);
        assert!(g.track_position(p) < 40);
        assert_eq!(g.counters(p) * 40 + g.track_position(p), s);
        assert_eq!(g.final_scores()[p], s);
    }
    assert_eq!(g.final_scores().len(), n);

    // Whose turn, and the end.
    match g.to_move() {
        Some(p) => {
            assert!(!g.is_over() && g.end().is_none());
            let number = g.hand(p).expect("the player to move holds a tile");
            if opts.mode == Mode::Assisted && !setup {
                assert!(!my_legal_fields(g, number).is_empty(), "assisted game goes on although {p} is stuck");
            }
        }
        None => {
            assert!(g.is_over());
            let all_used = held.iter().all(Option::is_none);
            match g.end().unwrap() {
                End::AllTilesUsed => assert!(all_used && g.supply_len() == 0),
                End::NoLegalField { player, number } => {
                    assert_eq!(opts.mode, Mode::Assisted);
                    assert_eq!(g.hand(player), Some(number));
                    assert!(my_legal_fields(g, number).is_empty());
                }
                End::Claimed { player, number } => {
                    assert_eq!(opts.mode, Mode::TableRules);
                    assert_eq!(g.hand(player), Some(number));
                    assert!(my_legal_fields(g, number).is_empty());
                }
            }
            assert_eq!(g.outcome(), Some(Outcome::Winners(winners(g))));
        }
    }
}

fn is_block(unit: &[usize]) -> bool {
    unit.iter().all(|&c| b_of(c) == b_of(unit[0]))
}

/// The legal moves, recomputed.
fn expected_moves(g: &Sudoku) -> Vec<Move> {
    let opts = g.options();
    let gold = golds(g);
    if gold.len() < 9 {
        let left: Vec<u8> = (1..=9u8).filter(|n| !gold.iter().any(|&(_, x)| x == *n)).collect();
        let mut moves = Vec::new();
        for &number in &left {
            for cell in 0..81 {
                let ok = g.tile(cell).is_none()
                    && gold.iter().all(|&(o, _)| {
                        r_of(o) != r_of(cell)
                            && c_of(o) != c_of(cell)
                            && !(opts.gold_per_block && b_of(o) == b_of(cell))
                    });
                if ok {
                    moves.push(Move::Gold { cell, number });
                }
            }
        }
        moves.push(Move::GoldRest);
        return moves;
    }
    let p = g.to_move().unwrap();
    let number = g.hand(p).unwrap();
    match opts.mode {
        Mode::Assisted => my_legal_fields(g, number).into_iter().map(|cell| Move::Place { cell }).collect(),
        Mode::TableRules => {
            let mut moves: Vec<Move> =
                (0..81).filter(|&c| g.tile(c).is_none()).map(|cell| Move::Place { cell }).collect();
            moves.push(Move::CannotPlace);
            moves
        }
    }
}

/// Refused moves: each must give an error and leave the game exactly as `snapshot`.
fn check_illegal(g: &mut Sudoku, snapshot: &Sudoku, r: &mut Pcg64Mcg, stats: &mut Stats) {
    let mut refuse = |g: &mut Sudoku, mv: Move, want: &dyn Fn(&RuleError) -> bool| {
        match g.apply(&mv) {
            Err(e) => assert!(want(&e), "{mv:?} refused with {e:?}"),
            Ok(ev) => panic!("{mv:?} was accepted: {ev:?}"),
        }
        assert!(*g == *snapshot, "refused {mv:?} changed the state");
        stats.illegal_checked += 1;
    };
    let far = r.random_range(81..200usize);
    let occupied: Vec<usize> = (0..81).filter(|&c| snapshot.tile(c).is_some()).collect();
    let free: Vec<usize> = (0..81).filter(|&c| snapshot.tile(c).is_none()).collect();
    let any_number = r.random_range(1..=9u8);

    if snapshot.is_over() {
        for mv in [Move::Place { cell: 0 }, Move::CannotPlace, Move::GoldRest, Move::Gold { cell: 0, number: 1 }] {
            refuse(g, mv, &|e| *e == RuleError::GameOver);
        }
        return;
    }

    if snapshot.in_gold_setup() {
        let per_block = snapshot.options().gold_per_block;
        let gold = golds(snapshot);
        let left = snapshot.gold_left();
        let number = *left.choose(r).unwrap();
        refuse(g, Move::Place { cell: r.random_range(0..81) }, &|e| *e == RuleError::GoldSetupRunning);
        refuse(g, Move::CannotPlace, &|e| *e == RuleError::GoldSetupRunning);
        refuse(g, Move::Gold { cell: far, number }, &|e| *e == RuleError::NoSuchField { cell: far });
        for bad in [0u8, 10, 255] {
            if let Some(&cell) = free.choose(r) {
                refuse(g, Move::Gold { cell, number: bad }, &|e| *e == RuleError::GoldNotLeft { number: bad });
            }
        }
        if let Some(&(cell, laid)) = gold.choose(r) {
            refuse(g, Move::Gold { cell, number }, &|e| *e == RuleError::Occupied { cell });
            let spot = *free.choose(r).unwrap();
            refuse(g, Move::Gold { cell: spot, number: laid }, &|e| *e == RuleError::GoldNotLeft { number: laid });
            // A free field in that gold tile's row, column or block: the first rule it breaks.
            let target = *free.iter().filter(|&&f| same_unit(f, cell)).collect::<Vec<_>>().choose(r).unwrap();
            let in_row = gold.iter().find(|&&(o, _)| r_of(o) == r_of(*target)).map(|&(o, _)| o);
            let in_col = gold.iter().find(|&&(o, _)| c_of(o) == c_of(*target)).map(|&(o, _)| o);
            let in_block = gold.iter().find(|&&(o, _)| b_of(o) == b_of(*target)).map(|&(o, _)| o);
            let want = match (in_row, in_col, in_block) {
                (Some(other), _, _) => Some(RuleError::GoldRow { other }),
                (None, Some(other), _) => Some(RuleError::GoldColumn { other }),
                (None, None, Some(other)) if per_block => Some(RuleError::GoldBlock { other }),
                _ => None,
            };
            if let Some(want) = want {
                refuse(g, Move::Gold { cell: *target, number }, &|e| *e == want);
            }
        }
        return;
    }

    refuse(g, Move::Gold { cell: r.random_range(0..100), number: any_number }, &|e| *e == RuleError::GoldSetupDone);
    refuse(g, Move::GoldRest, &|e| *e == RuleError::GoldSetupDone);
    refuse(g, Move::Place { cell: far }, &|e| *e == RuleError::NoSuchField { cell: far });
    let cell = *occupied.choose(r).unwrap();
    refuse(g, Move::Place { cell }, &|e| *e == RuleError::Occupied { cell });
    if snapshot.options().mode == Mode::Assisted {
        refuse(g, Move::CannotPlace, &|e| *e == RuleError::ClaimOnlyAtTable);
        let number = snapshot.hand(snapshot.to_move().unwrap()).unwrap();
        let m = masks(snapshot);
        let clashing: Vec<usize> = free.iter().copied().filter(|&c| !fits(snapshot, &m, c, number)).collect();
        if let Some(&cell) = clashing.choose(r) {
            refuse(g, Move::Place { cell }, &|e| match *e {
                RuleError::Breaks { number: n, clash } => {
                    n == number
                        && clash != cell
                        && same_unit(clash, cell)
                        && snapshot.tile(clash).is_some_and(|t| t.number == number)
                }
                _ => false,
            });
        }
    }
}

/// One move's consequences, checked from the states before and after.
fn check_transition(before: &Sudoku, mv: &Move, ev: &Event, after: &Sudoku, points: &mut [u32], stats: &mut Stats) {
    let n = before.player_count();
    let opts = before.options();
    assert_eq!(after.turn(), before.turn() + 1);
    let board_same_except = |skip: &[usize]| {
        for (c, (a, b)) in before.board().iter().zip(after.board()).enumerate() {
            assert!(a == b || skip.contains(&c), "field {c}: {a:?} became {b:?}");
        }
    };
    let scores_same = |except: Option<usize>| {
        for p in (0..n).filter(|&p| Some(p) != except) {
            assert_eq!(before.score(p), after.score(p));
        }
    };
    let p = before.to_move().unwrap();
    if before.in_gold_setup() {
        assert_eq!(hands(before), hands(after));
        assert_eq!(before.supply_len(), after.supply_len());
        assert_eq!(after.to_move(), Some(p).filter(|_| !after.is_over()));
        scores_same(None);
        match (mv, ev) {
            (Move::Gold { cell, number }, Event::Gold { cell: c, number: x }) => {
                stats.gold_moves += 1;
                assert_eq!((cell, number), (c, x));
                assert_eq!(after.tile(*cell), Some(Tile { number: *number, gold: true, by: None }));
                board_same_except(&[*cell]);
            }
            (Move::GoldRest, Event::GoldRest { placed }) => {
                stats.gold_rests += 1;
                assert!(!after.in_gold_setup());
                let mut numbers: Vec<u8> = placed.iter().map(|&(_, x)| x).collect();
                numbers.sort_unstable();
                assert_eq!(numbers, before.gold_left());
                let cells: Vec<usize> = placed.iter().map(|&(c, _)| c).collect();
                for &(cell, number) in placed {
                    assert_eq!(before.tile(cell), None);
                    assert_eq!(after.tile(cell), Some(Tile { number, gold: true, by: None }));
                }
                board_same_except(&cells);
            }
            other => panic!("move and event do not match: {other:?}"),
        }
        return;
    }

    let number = before.hand(p).unwrap();
    let consumed = match (mv, ev) {
        (Move::Place { cell }, Event::Placed { player, cell: c, number: x, points: pts, counters }) => {
            stats.placed += 1;
            assert_eq!((*player, c, *x), (p, cell, number));
            assert!(fits(before, &masks(before), *cell, number), "{number} placed on {cell} against the rule");
            assert_eq!(*pts, recount_points(before, *cell, opts.scoring), "points for {number} on {cell}");
            let (s0, s1) = (before.score(p), before.score(p) + pts);
            assert_eq!(after.score(p), s1);
            assert_eq!(*counters, s1 / 40 - s0 / 40);
            assert_eq!(after.counters(p), before.counters(p) + counters);
            stats.counters += u64::from(*counters);
            points[p] += pts;
            assert_eq!(after.tile(*cell), Some(Tile { number, gold: false, by: Some(p) }));
            board_same_except(&[*cell]);
            scores_same(Some(p));
            assert_eq!(after.set_aside(), before.set_aside());
            true
        }
        (
            Move::Place { cell },
            Event::SetAside { player, number: x, reason: SetAsideReason::Breaks { cell: c, clash } },
        ) => {
            stats.set_aside_breaks += 1;
            assert_eq!(opts.mode, Mode::TableRules);
            assert_eq!((*player, c, *x), (p, cell, number));
            assert_eq!(before.tile(*cell), None);
            assert!(*clash != *cell && same_unit(*clash, *cell));
            assert_eq!(before.tile(*clash).map(|t| t.number), Some(number));
            true
        }
        (Move::CannotPlace, Event::SetAside { player, number: x, reason: SetAsideReason::FalseClaim { legal } }) => {
            stats.false_claims += 1;
            assert_eq!(opts.mode, Mode::TableRules);
            assert_eq!((*player, *x), (p, number));
            assert!(fits(before, &masks(before), *legal, number), "{legal} is no legal field for {number}");
            true
        }
        (Move::CannotPlace, Event::Claimed { player, number: x }) => {
            assert_eq!(opts.mode, Mode::TableRules);
            assert_eq!((*player, *x), (p, number));
            assert!(my_legal_fields(before, number).is_empty());
            assert_eq!(after.end(), Some(End::Claimed { player: p, number }));
            assert_eq!(hands(after), hands(before));
            false
        }
        other => panic!("move and event do not match: {other:?}"),
    };
    if !consumed {
        board_same_except(&[]);
        scores_same(None);
        return;
    }
    if !matches!(ev, Event::Placed { .. }) {
        // A tile set aside: nothing on the board, no points.
        board_same_except(&[]);
        scores_same(None);
        let mut aside = before.set_aside().to_vec();
        aside.push(number);
        assert_eq!(after.set_aside(), aside.as_slice());
    }
    // The mover draws if anything is left; the other hands stay.
    if before.supply_len() > 0 {
        assert_eq!(after.supply_len(), before.supply_len() - 1);
        assert!(after.hand(p).is_some());
    } else {
        assert_eq!(after.supply_len(), 0);
        assert_eq!(after.hand(p), None);
    }
    for q in (0..n).filter(|&q| q != p) {
        assert_eq!(after.hand(q), before.hand(q));
    }
    // Next: the next seat with a tile; the end exactly when the rules say so.
    let next = (1..=n).map(|k| (p + k) % n).find(|&q| after.hand(q).is_some());
    match next {
        None => assert_eq!(after.end(), Some(End::AllTilesUsed)),
        Some(q) => {
            let stuck = my_legal_fields(after, after.hand(q).unwrap()).is_empty();
            if opts.mode == Mode::Assisted && stuck {
                assert_eq!(after.end(), Some(End::NoLegalField { player: q, number: after.hand(q).unwrap() }));
            } else {
                assert_eq!(after.end(), None);
                assert_eq!(after.to_move(), Some(q));
            }
        }
    }
}

fn play_one_game(players: usize, options: Options, seed: u64, units: &[Vec<usize>], stats: &mut Stats) {
    let g = Sudoku::new(players, options, seed).unwrap();
    play_out(g, seed, units, stats);
}

/// Plays `g` to the end with random legal moves, checking everything after every move.
fn play_out(mut g: Sudoku, seed: u64, units: &[Vec<usize>], stats: &mut Stats) {
    let players = g.player_count();
    let options = g.options().clone();
    let mut r = Pcg64Mcg::seed_from_u64(seed ^ 0x5EED_5D0C);
    // Under table rules, half the games are played carefully (legal fields, claims when stuck),
    // so that the board fills and correct claims happen; the others uniformly at random.
    let careful = r.random_bool(0.5);
    let mut points: Vec<u32> = (0..players).map(|p| g.score(p)).collect();
    assert_eq!(g.validate(), Ok(()));
    check_state(&g, units);
    while !g.is_over() {
        assert!(g.turn() < MAX_MOVES, "game {seed} ({options:?}) does not end");
        let legal = g.legal_moves();
        let mut expected = expected_moves(&g);
        if legal != expected {
            // Same moves in another order is fine.
            let key = |m: &Move| match *m {
                Move::Gold { cell, number } => (0, cell, number),
                Move::GoldRest => (1, 0, 0),
                Move::Place { cell } => (2, cell, 0),
                Move::CannotPlace => (3, 0, 0),
            };
            let mut sorted = legal.clone();
            sorted.sort_by_key(key);
            expected.sort_by_key(key);
            assert_eq!(sorted, expected, "legal moves, seed {seed}");
        }

        let snapshot = g.clone();
        check_illegal(&mut g, &snapshot, &mut r, stats);
        if !g.in_gold_setup() && g.options().mode == Mode::TableRules {
            let number = g.hand(g.to_move().unwrap()).unwrap();
            if my_legal_fields(&g, number).is_empty() {
                stats.stuck_at_table += 1;
            }
        }

        let mv = if g.in_gold_setup() && r.random_ratio(1, 4) {
            Move::GoldRest
        } else if g.in_gold_setup() {
            legal
                .iter()
                .filter(|m| matches!(m, Move::Gold { .. }))
                .collect::<Vec<_>>()
                .choose(&mut r)
                .map(|m| (*m).clone())
                .unwrap()
        } else if careful && g.options().mode == Mode::TableRules && !r.random_ratio(1, 4) {
            // Mostly as a careful player would: a legal field if there is one, else a claim
            // (both among the legal moves).
            let number = g.hand(g.to_move().unwrap()).unwrap();
            match my_legal_fields(&g, number).choose(&mut r) {
                Some(&cell) if !r.random_ratio(1, 20) => Move::Place { cell },
                _ => Move::CannotPlace,
            }
        } else {
            legal.choose(&mut r).unwrap().clone()
        };
        let ev = g.apply(&mv).unwrap_or_else(|e| panic!("legal {mv:?} refused: {e}"));
        check_transition(&snapshot, &mv, &ev, &g, &mut points, stats);
        check_state(&g, units);
        for (p, &pts) in points.iter().enumerate() {
            assert_eq!(g.score(p), pts, "events' points of player {p}");
        }
        stats.moves += 1;
    }
    // The nearly full boards built here are not played by tests/contract.rs.
    assert_eq!(g.validate(), Ok(()));
    assert!((0..81).all(|c| g.tile(c) == g.board()[c]));
    assert_eq!(g.tile(81), None);
    let snapshot = g.clone();
    check_illegal(&mut g, &snapshot, &mut r, stats);
    let best = winners(&g);
    assert_eq!(g.outcome(), Some(Outcome::Winners(best.clone())));
    if best.len() > 1 {
        stats.shared_wins += 1;
    }
    match g.end().unwrap() {
        End::NoLegalField { .. } => stats.end_no_legal_field += 1,
        End::Claimed { .. } => stats.end_claimed += 1,
        End::AllTilesUsed => stats.end_all_tiles_used += 1,
    }
    stats.games += 1;
}

fn run(players: usize) -> Stats {
    let units = units();
    assert_eq!(units.len(), 27);
    let mut stats = Stats::default();
    for i in 0..GAMES_PER_PLAYER_COUNT {
        let seed = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (players as u64);
        // All 16 combinations of the four options in turn.
        let options = Options {
            gold_per_block: i & 1 != 0,
            gold_by_hand: i & 2 != 0,
            scoring: if i & 4 != 0 { Scoring::Simple } else { Scoring::Standard },
            mode: if i & 8 != 0 { Mode::TableRules } else { Mode::Assisted },
        };
        play_one_game(players, options, seed, &units, &mut stats);
    }
    eprintln!(
        "sudoku, {players} player(s): {} games, {} moves, {} set aside ({} false claims), ends: {} no legal field, {} claimed, {} all tiles used",
        stats.games,
        stats.moves,
        stats.set_aside_breaks + stats.false_claims,
        stats.false_claims,
        stats.end_no_legal_field,
        stats.end_claimed,
        stats.end_all_tiles_used
    );
    eprintln!("  {stats:?}");
    assert_eq!(stats.games, GAMES_PER_PLAYER_COUNT);
    assert_eq!(stats.end_no_legal_field + stats.end_claimed + stats.end_all_tiles_used, stats.games);
    assert!(
        stats.end_no_legal_field > 0
            && stats.end_claimed > 0
            && stats.end_all_tiles_used > 0
            && stats.false_claims > 0
            && stats.set_aside_breaks > 0
            && stats.gold_rests > 0
            && stats.gold_moves > 0
            && stats.counters > 0,
        "{stats:?}"
    );
    stats
}

/// A solved Sudoku: the standard pattern with relabelled numbers and shuffled rows, columns,
/// bands and stacks.
fn solved_grid(r: &mut Pcg64Mcg) -> [u8; 81] {
    let mut labels: Vec<u8> = (1..=9).collect();
    labels.shuffle(r);
    let shuffled = |r: &mut Pcg64Mcg| -> Vec<usize> {
        let mut bands: Vec<usize> = (0..3).collect();
        bands.shuffle(r);
        let mut out = Vec::new();
        for band in bands {
            let mut inner: Vec<usize> = (0..3).collect();
            inner.shuffle(r);
            out.extend(inner.into_iter().map(|k| band * 3 + k));
        }
        out
    };
    let (rows, cols) = (shuffled(r), shuffled(r));
    let mut grid = [0u8; 81];
    for (i, &rr) in rows.iter().enumerate() {
        for (j, &cc) in cols.iter().enumerate() {
            grid[i * 9 + j] = labels[((rr % 3) * 3 + rr / 3 + cc) % 9];
        }
    }
    grid
}

/// Nine cells of `grid`, one per row and column (and block), holding 1–9 once each.
fn gold_cells(grid: &[u8; 81], per_block: bool, r: &mut Pcg64Mcg) -> Option<Vec<usize>> {
    fn search(grid: &[u8; 81], per_block: bool, order: &[Vec<usize>], chosen: &mut Vec<usize>) -> bool {
        let row = chosen.len();
        if row == 9 {
            return true;
        }
        for &c in &order[row] {
            let cell = row * 9 + c;
            let ok =
                chosen.iter().all(|&o| c_of(o) != c && grid[o] != grid[cell] && !(per_block && b_of(o) == b_of(cell)));
            if ok {
                chosen.push(cell);
                if search(grid, per_block, order, chosen) {
                    return true;
                }
                chosen.pop();
            }
        }
        false
    }
    let order: Vec<Vec<usize>> = (0..9)
        .map(|_| {
            let mut v: Vec<usize> = (0..9).collect();
            v.shuffle(r);
            v
        })
        .collect();
    let mut chosen = Vec::new();
    search(grid, per_block, &order, &mut chosen).then_some(chosen)
}

/// Games that start from a solved board with 1–12 normal tiles missing: in assisted mode they
/// often end with every tile used, which random play from an empty board almost never reaches.
#[test]
fn random_play_from_nearly_full_boards() {
    let units = units();
    let mut stats = Stats::default();
    let mut r = Pcg64Mcg::seed_from_u64(2006);
    for i in 0..1_200u64 {
        let grid = solved_grid(&mut r);
        let per_block = i % 2 == 0;
        let Some(gold) = gold_cells(&grid, per_block, &mut r) else {
            continue;
        };
        let missing = r.random_range(1..=12usize);
        let mut normal: Vec<usize> = (0..81).filter(|c| !gold.contains(c)).collect();
        normal.shuffle(&mut r);
        let blank = &normal[..missing];
        let rows: Vec<String> = (0..9)
            .map(|row| {
                (0..9)
                    .map(|col| {
                        let cell = row * 9 + col;
                        if blank.contains(&cell) {
                            ".".to_string()
                        } else if gold.contains(&cell) {
                            format!("{}*", grid[cell])
                        } else {
                            grid[cell].to_string()
                        }
                    })
                    .collect()
            })
            .collect();
        let players = r.random_range(1..=4usize);
        let position = format!(
            "players={players}; seed={i}; grid={}; mode={}; scoring={}; gold={}",
            rows.join("/"),
            if i % 4 < 2 { "assisted" } else { "table" },
            if i % 8 < 4 { "standard" } else { "simple" },
            if per_block { "block" } else { "" },
        );
        let g = Sudoku::from_position(&position).unwrap_or_else(|e| panic!("{position}: {e}"));
        assert_eq!(g.board().iter().flatten().count(), 81 - missing);
        play_out(g, i, &units, &mut stats);
    }
    eprintln!("nearly full boards: {stats:?}");
    assert!(stats.games > 1_000);
    assert!(stats.end_all_tiles_used > 300 && stats.end_no_legal_field > 0, "{stats:?}");
}

#[test]
fn random_games_one_player() {
    run(1);
}

#[test]
fn random_games_two_players() {
    run(2);
}

#[test]
fn random_games_three_players() {
    run(3);
}

#[test]
fn random_games_four_players() {
    let stats = run(4);
    assert!(stats.shared_wins > 0, "{stats:?}");
}
