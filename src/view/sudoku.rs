//! Sudoku's board as plain data: the tiles, the fields marked for the viewer's tile (or for a
//! gold tile during the setup) with their points, and the accessible name of every field.

use super::Seen;
use crate::engine::sudoku::{
    name, Counted, End, Event, Mode, Move, Observation, RuleError, SetAsideReason, Sudoku, CELLS,
};
use crate::engine::Game;
use crate::lang::{count_noun, t, tf};
use crate::session::Seat;

/// One field as a sighted player sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cell {
    pub cell: usize,
    /// (number, gold, who laid it: only with more than one player).
    pub tile: Option<(u8, bool, Option<usize>)>,
    /// A place for the viewer's tile (assisted mode), or for a gold tile during the setup.
    pub legal: bool,
    /// The points a tile would score here (assisted mode, on legal fields).
    pub points: Option<u32>,
    pub last: bool,
}

/// What the board shows for one position and viewer; computed once per position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Board {
    pub cells: Vec<Cell>,
    /// The viewer's tile (`None` for nobody: a tile is never shown to another player).
    pub held: Option<u8>,
}

/// The board as `seen` by its viewer (nobody: no tile shows). `last`: where the last tile went.
pub fn board(seen: &Seen<Observation>, last: Option<usize>) -> Board {
    let (game, viewer) = (seen.observation().state(), seen.viewer());
    let held = viewer.filter(|_| !game.in_gold_setup()).and_then(|p| game.hand(p));
    let marks: Vec<(usize, Option<u32>)> = if game.outcome().is_some() {
        // The game is over: no field takes a tile any more.
        Vec::new()
    } else if game.in_gold_setup() {
        game.legal_moves()
            .into_iter()
            .filter_map(|m| match m {
                Move::Gold { cell, .. } => Some((cell, None)),
                _ => None,
            })
            .collect()
    } else if let (Some(number), Mode::Assisted) = (held, game.options().mode) {
        // Under table rules nothing tells where the tile may go: that is the player's to judge.
        game.legal_fields(number).into_iter().map(|c| (c, Some(game.points_at(c)))).collect()
    } else {
        Vec::new()
    };
    let several = game.player_count() > 1;
    let cells = (0..CELLS)
        .map(|cell| {
            let mark = marks.iter().find(|(c, _)| *c == cell);
            Cell {
                cell,
                tile: game.tile(cell).map(|t| (t.number, t.gold, t.by.filter(|_| several))),
                legal: mark.is_some(),
                points: mark.and_then(|(_, p)| *p),
                last: last == Some(cell),
            }
        })
        .collect();
    Board { cells, held }
}

/// The line on the piles: tiles face down and set aside (both public).
/// A rules example's board: the position as everyone sees it, the `marked` fields (named like
/// E5) highlighted as the last tile's field is.
pub fn example_board(game: &Sudoku, marked: &[String]) -> Board {
    let mut board = board(&Seen::of(game, None), None);
    for c in &mut board.cells {
        c.last = marked.iter().any(|m| *m == name(c.cell));
    }
    board
}

pub fn piles_text(seen: &Seen<Observation>) -> String {
    let game = seen.observation().state();
    let (supply, aside) = (game.supply_len(), game.set_aside().len());
    tf("Verdeckt: {} · zur Seite gelegt: {}", "Face down: {} · set aside: {}", &[&supply, &aside])
}

/// The status line while the person to move holds their tile: what to do with the `chosen`
/// field (`points` there, shown in assisted mode only: under table rules nothing here may tell
/// whether the field is legal).
pub fn place_prompt(chosen: Option<usize>, assisted: bool, points: u32) -> String {
    let Some(cell) = chosen else {
        return if assisted {
            t(
                "Wähle ein markiertes Feld – die Zahl oben rechts sind seine Punkte.",
                "Choose a marked field – the small number is its points.",
            )
        } else {
            t(
                "Wähle ein freies Feld. Ein Verstoß gegen die Sudoku-Regel kostet das Plättchen.",
                "Choose a free field. Breaking the Sudoku rule costs the tile.",
            )
        }
        .to_string();
    };
    if assisted {
        tf(
            "{}: {} Punkte – nochmal wählen oder „Legen“.",
            "{}: {} points – choose it again or “Place”.",
            &[&name(cell), &points],
        )
    } else {
        tf(
            "{}: nochmal wählen oder „Legen“. Verstößt es gegen die Sudoku-Regel, geht das Plättchen zur Seite.",
            "{}: choose it again or “Place”. If it breaks the Sudoku rule, the tile is set aside.",
            &[&name(cell)],
        )
    }
}

/// A field and why it is worth its points ("E5 – 7 Punkte: 3 im Block, 2 in der Reihe, 2 in
/// der Spalte"), from the tiles on the board, which everyone sees.
fn points_reason(cell: usize, counted: Counted) -> String {
    let parts: Vec<String> = [
        (counted.block, t("im Block", "in the block")),
        (counted.row, t("in der Reihe", "in the row")),
        (counted.column, t("in der Spalte", "in the column")),
    ]
    .into_iter()
    .filter(|&(n, _)| n > 0)
    .map(|(n, place)| format!("{n} {place}"))
    .collect();
    let total = counted.total();
    let points = format!("{total}{}", count_noun(u64::from(total), (" Punkt", " point"), (" Punkte", " points")));
    let why = if parts.is_empty() {
        tf("{} – Block, Reihe und Spalte sind noch leer", "{} – block, row and column are still empty", &[&points])
    } else {
        format!("{points}: {}", parts.join(", "))
    };
    format!("{} – {why}", name(cell))
}

/// Why a hinted move is good, from the board and the player's own tile: where a field's points
/// come from and whether the tile makes more anywhere; that it fits nowhere; the gold setup.
fn hint_reason(game: &Sudoku, me: usize, mv: &Move) -> String {
    let tile = game.hand(me).unwrap_or(0);
    match *mv {
        Move::Place { cell } => {
            let counted = game.counted_at(cell);
            let points = points_reason(cell, counted);
            let best = game.legal_fields(tile).into_iter().map(|c| game.points_at(c)).max().unwrap_or(0);
            if counted.total() >= best {
                tf("{} – mehr bringt die {} nirgends", "{} – the {} makes no more anywhere", &[&points, &tile])
            } else {
                points
            }
        }
        Move::CannotPlace => tf(
            "Die {} passt nirgends: kein freies Feld erlaubt sie",
            "The {} fits nowhere: no free field allows it",
            &[&tile],
        ),
        Move::Gold { cell, number } => tf(
            "Gold {} auf {} – je Reihe und Spalte genau ein goldenes Plättchen",
            "Gold {} on {} – exactly one gold tile per row and column",
            &[&number, &name(cell)],
        ),
        Move::GoldRest => {
            t("Die übrigen Goldplättchen zufällig legen", "Lay the other gold tiles at random").to_string()
        }
    }
}

/// Why the game ended, naming the player it ended with.
pub fn end_text(end: &End, seats: &[Seat]) -> String {
    let name = |p: usize| seats.get(p).map_or("?", |s| s.name.as_str());
    match *end {
        End::NoLegalField { player, number } => tf(
            "{} hat eine {} und kein Feld mehr, auf dem sie nach der Sudoku-Regel liegen darf.",
            "{} holds a {} and no field is left where the Sudoku rule allows it.",
            &[&name(player), &number],
        ),
        End::Claimed { player, number } => tf(
            "{} kann die {} zu Recht nirgends legen.",
            "{} rightly cannot place the {} anywhere.",
            &[&name(player), &number],
        ),
        End::AllTilesUsed => {
            t("Alle Plättchen sind gelegt oder zur Seite gelegt.", "Every tile is laid or set aside.").to_string()
        }
    }
}

/// A field's accessible name: "B5, 7, Anna" / "C3, frei, erlaubt, 12 Punkte". `preview`: the
/// viewer's tile is shown on this field (chosen, not yet laid).
pub fn cell_name(c: &Cell, seats: &[Seat], preview: Option<u8>) -> String {
    let mut s = name(c.cell);
    match c.tile {
        Some((n, true, _)) => {
            s += t(", Gold ", ", gold ");
            s += &n.to_string();
        }
        Some((n, false, by)) => {
            s += ", ";
            s += &n.to_string();
            if let Some(seat) = by.and_then(|p| seats.get(p)) {
                s += ", ";
                s += &seat.name;
            }
        }
        None => s += t(", frei", ", free"),
    }
    if c.legal {
        s += t(", erlaubt", ", allowed");
    }
    if let Some(p) = c.points {
        s += ", ";
        s += &p.to_string();
        s += count_noun(u64::from(p), (" Punkt", " point"), (" Punkte", " points"));
    }
    if let Some(n) = preview {
        s += t(", gewählt für dein Plättchen ", ", chosen for your tile ");
        s += &n.to_string();
    }
    if c.last {
        s += t(", letzter Zug", ", last move");
    }
    s
}

/// Why a move was refused, in plain words.
pub fn error_text(e: &RuleError) -> String {
    match e {
        RuleError::GameOver => t("Das Spiel ist vorbei.", "The game is over.").into(),
        RuleError::GoldSetupRunning => t("Erst alle Goldplättchen legen.", "Lay all gold tiles first.").into(),
        RuleError::GoldSetupDone => t("Die Goldplättchen liegen schon.", "The gold tiles are already laid.").into(),
        RuleError::NoSuchField { .. } => t("Dieses Feld gibt es nicht.", "There is no such field.").into(),
        RuleError::Occupied { cell } => tf("Auf {} liegt schon ein Plättchen.", "{} is taken.", &[&name(*cell)]),
        RuleError::GoldNotLeft { number } => tf("Gold {} liegt schon.", "Gold {} is already laid.", &[number]),
        RuleError::GoldRow { other } => {
            tf("In dieser Reihe liegt schon Gold ({}).", "This row already has gold ({}).", &[&name(*other)])
        }
        RuleError::GoldColumn { other } => {
            tf("In dieser Spalte liegt schon Gold ({}).", "This column already has gold ({}).", &[&name(*other)])
        }
        RuleError::GoldBlock { other } => {
            tf("In diesem Block liegt schon Gold ({}).", "This block already has gold ({}).", &[&name(*other)])
        }
        RuleError::Breaks { number, clash } => tf(
            "Sudoku-Regel: {} liegt schon auf {} (gleiche Reihe, Spalte oder Block).",
            "Sudoku rule: {} already lies on {} (same row, column or block).",
            &[number, &name(*clash)],
        ),
        RuleError::ClaimOnlyAtTable => t("Das gibt es nur bei den Tischregeln.", "Only under table rules.").into(),
    }
}

/// A log line. Every field of an event is public (laid, set aside and claimed tiles are shown;
/// a tile still in someone's hand is never in an event), so every viewer reads the same line.
pub fn log_line(event: &Event, seats: &[Seat]) -> String {
    let who = |p: usize| seats.get(p).map_or("?", |s| s.name.as_str());
    match event {
        Event::Gold { cell, number } => format!("Gold {number} → {}", name(*cell)),
        Event::GoldRest { placed } => {
            let list: Vec<String> = placed.iter().map(|(c, n)| format!("{n} → {}", name(*c))).collect();
            tf("Restliche Goldplättchen zufällig: {}", "Remaining gold tiles at random: {}", &[&list.join(", ")])
        }
        Event::Placed { player, cell, number, points, counters } => {
            let mut line = format!("{}: {number} → {}, +{points}", who(*player), name(*cell));
            if *counters > 0 {
                line.push_str(t(" (Rundenzähler!)", " (round counter!)"));
            }
            line
        }
        Event::SetAside { player, number, reason: SetAsideReason::Breaks { cell, clash } } => tf(
            "{}: {} auf {} verstößt gegen die Sudoku-Regel ({} liegt auf {}) – zur Seite gelegt, keine Punkte",
            "{}: {} on {} breaks the Sudoku rule ({} lies on {}) – set aside, no points",
            &[&who(*player), number, &name(*cell), number, &name(*clash)],
        ),
        Event::SetAside { player, number, reason: SetAsideReason::FalseClaim { legal } } => tf(
            "{}: „kann nicht legen“ – doch, z. B. auf {}; {} zur Seite gelegt",
            "{}: “cannot place” – but {} was free for it; {} set aside",
            &[&who(*player), &name(*legal), number],
        ),
        Event::Claimed { player, number } => {
            tf("{}: {} passt auf kein Feld – Spielende", "{}: {} fits nowhere – game over", &[&who(*player), number])
        }
    }
}

/// The move log and the home list's progress word of Sudoku ([`super::GameView`]).
impl super::GameView for crate::engine::sudoku::Sudoku {
    fn points(&self, player: usize) -> Option<u32> {
        Some(self.score(player))
    }

    fn hand_words(&self, player: usize) -> Option<String> {
        Some(self.hand(player).map_or_else(|| "–".to_string(), |n| n.to_string()))
    }

    fn log_lines(session: &crate::session::Session<Self>, _reader: Option<usize>, from: usize) -> Vec<String> {
        session.log.iter().skip(from).map(|e| log_line(e, &session.seats)).collect()
    }

    fn progress(&self) -> super::Progress {
        super::Progress::Count(self.supply_len(), t("Plättchen übrig", "tiles left"))
    }

    fn hint_reason(&self, me: usize, mv: &Move, _names: &[String]) -> String {
        hint_reason(self, me, mv)
    }

    /// Sudoku's cover speaks of the one tile, not of a hand.
    fn cover_hint() -> &'static str {
        t(
            "Alle sehen das Brett; dein Plättchen bleibt verdeckt, bis du zeigst.",
            "Everyone sees the board; your tile stays hidden until you show it.",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sudoku::Sudoku;
    use crate::lang::{set_lang, Lang};
    use crate::session::PlayerColor;

    /// The gold diagonal 1–9, and Anna's 4 on A3.
    const GRID: &str =
        "grid=1*.4....../.2*......./..3*....../...4*...../....5*..../.....6*.../......7*../.......8*./........9*";

    fn at(name: &str) -> usize {
        let b = name.as_bytes();
        usize::from(b[0] - b'A') * 9 + usize::from(b[1] - b'1')
    }

    fn seats() -> Vec<Seat> {
        vec![Seat::person("Anna", PlayerColor::Red), Seat::person("Ben", PlayerColor::Yellow)]
    }

    /// Issue 24, 3: a hint says why its field is worth its points, naming only the tiles on the
    /// board (which everyone sees); parts that count nothing are left out.
    #[test]
    fn a_hint_says_where_its_points_come_from() {
        let counted = |block, row, column| Counted { block, row, column };
        set_lang(Lang::De);
        assert_eq!(
            points_reason(at("E5"), counted(3, 2, 2)),
            "E5 – 7 Punkte: 3 im Block, 2 in der Reihe, 2 in der Spalte"
        );
        assert_eq!(points_reason(at("I9"), counted(0, 1, 0)), "I9 – 1 Punkt: 1 in der Reihe");
        assert_eq!(points_reason(at("A1"), counted(0, 0, 0)), "A1 – 0 Punkte – Block, Reihe und Spalte sind noch leer");
        set_lang(Lang::En);
        assert_eq!(points_reason(at("C5"), counted(0, 1, 3)), "C5 – 4 points: 1 in the row, 3 in the column");
        set_lang(Lang::De);
    }

    #[test]
    fn the_viewer_sees_their_tile_and_where_it_may_go() {
        set_lang(Lang::De);
        let g = Sudoku::from_position(&format!("players=2; to_move=0; {GRID}; hands=4,5")).unwrap();
        let anna = board(&Seen::of(&g, Some(0)), None);
        assert_eq!(anna.held, Some(4));
        // A 4 lies on A3 and on D4 (gold): row A, column 3, block 1, row D, column 4 and
        // block 5 are closed to another 4.
        for closed in ["A5", "B3", "C1", "D8", "H4", "E5"] {
            let c = &anna.cells[at(closed)];
            assert!(!c.legal && c.points.is_none(), "{closed} is no place for a 4");
        }
        let b7 = &anna.cells[at("B7")];
        assert!(b7.legal && b7.points.is_some(), "B7 takes a 4");
        assert!(!anna.cells[at("B2")].legal, "taken by gold");
        assert_eq!(cell_name(&anna.cells[at("B2")], &seats(), None), "B2, Gold 2");
        let a3 = &anna.cells[at("A3")];
        assert_eq!(a3.tile, Some((4, false, Some(0))), "more than one player: who laid it counts");
        assert_eq!(cell_name(a3, &seats(), None), "A3, 4, Anna");
        let points = b7.points.unwrap_or_default();
        let want = format!(
            "B7, frei, erlaubt, {points} {}, gewählt für dein Plättchen 4",
            if points == 1 { "Punkt" } else { "Punkte" }
        );
        assert_eq!(cell_name(b7, &seats(), Some(4)), want);
        set_lang(Lang::En);
        assert_eq!(cell_name(&anna.cells[at("B1")], &seats(), None), "B1, free");
    }

    #[test]
    fn another_players_tile_and_its_marks_stay_hidden() {
        let g = Sudoku::from_position(&format!("players=2; to_move=0; {GRID}; hands=4,5")).unwrap();
        let nobody = board(&Seen::of(&g, None), None);
        assert_eq!(nobody.held, None);
        assert!(nobody.cells.iter().all(|c| !c.legal && c.points.is_none()), "marks would tell the tile");
        let ben = board(&Seen::of(&g, Some(1)), None);
        assert_eq!(ben.held, Some(5), "Ben sees his own tile, never Anna's");
    }

    #[test]
    fn table_rules_mark_nothing() {
        let g = Sudoku::from_position(&format!("players=1; mode=table; {GRID}; hands=4")).unwrap();
        let b = board(&Seen::of(&g, Some(0)), Some(at("A3")));
        assert_eq!(b.held, Some(4));
        assert!(b.cells.iter().all(|c| !c.legal && c.points.is_none()));
        assert_eq!(b.cells.iter().filter(|c| c.last).map(|c| c.cell).collect::<Vec<_>>(), vec![at("A3")]);
        assert_eq!(b.cells[at("A3")].tile, Some((4, false, None)), "alone: nobody to name");
    }

    /// Issue 22, 17: at the end no field is marked for anybody's tile (a player who did not get
    /// stuck still holds one that would fit somewhere).
    #[test]
    fn no_field_is_marked_after_the_end() {
        let mut marked_while_running = false;
        for seed in 0..12 {
            let mut g = Sudoku::new(2, crate::engine::sudoku::Options::default(), seed).unwrap();
            let mut pick = seed;
            while !g.is_over() {
                marked_while_running |= board(&Seen::of(&g, g.to_move()), None).cells.iter().any(|c| c.legal);
                let moves = g.legal_moves();
                pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                g.apply(&moves[(pick >> 33) as usize % moves.len()]).unwrap();
            }
            for viewer in [Some(0), Some(1)] {
                let b = board(&Seen::of(&g, viewer), None);
                assert!(
                    b.cells.iter().all(|c| !c.legal && c.points.is_none()),
                    "seed {seed}, viewer {viewer:?}: a field marked after the end"
                );
            }
        }
        assert!(marked_while_running);
    }

    #[test]
    fn the_gold_setup_marks_where_gold_may_go_and_shows_no_tile() {
        let g = Sudoku::from_position("players=2; gold=hand").unwrap();
        assert!(g.in_gold_setup());
        let b = board(&Seen::of(&g, Some(0)), None);
        assert_eq!(b.held, None);
        assert_eq!(b.cells.iter().filter(|c| c.legal).count(), 81, "the first gold tile may go anywhere");
        assert!(b.cells.iter().all(|c| c.points.is_none()));
    }

    /// The place prompt names the chosen field and, only in assisted mode, its points.
    #[test]
    fn the_place_prompt_tells_points_only_when_assisted() {
        set_lang(Lang::En);
        let assisted = place_prompt(Some(at("C3")), true, 12);
        assert!(assisted.contains("C3") && assisted.contains("12 points"), "{assisted}");
        let table = place_prompt(Some(at("C3")), false, 12);
        assert!(table.contains("C3") && !table.contains("12"), "table rules say nothing of legality: {table}");
        assert!(place_prompt(None, true, 0).contains("marked field"));
        assert!(place_prompt(None, false, 0).contains("free field"));
    }

    /// The end says who it ended with and why.
    #[test]
    fn the_end_text_names_the_player() {
        set_lang(Lang::De);
        let seats = vec![Seat::person("Anna", PlayerColor::Red), Seat::person("Ben", PlayerColor::Yellow)];
        let text = end_text(&End::Claimed { player: 1, number: 7 }, &seats);
        assert_eq!(text, "Ben kann die 7 zu Recht nirgends legen.");
        assert!(end_text(&End::NoLegalField { player: 0, number: 3 }, &seats).starts_with("Anna hat eine 3"));
    }
}
