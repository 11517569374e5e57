//! The guided first game of each game ("Erste Partie mit Anleitung"): a fixed deal against a
//! computer, every move written down, with what the person should look at and do before each of
//! their moves. The script is a static file, `public/guide/<game>.txt`, loaded when the guide
//! starts (the first screen does not need it), in the line format of the rules' examples:
//!
//! ```text
//! # a comment
//! seed = 7
//! players = 2
//! options = {"random_layout":false}
//! save = {"app":"spieltisch","schema":…}
//! move = {"Played":{"player":0,"cards":[5,11],"cell":16}}
//! de = Leg 5 und 11: zusammen 16. Tippe auf „Legen“.
//! en = Play 5 and 11: 16 together. Tap “Play”.
//! move = {"Played":{"player":1,…}}
//! end.de = Geschafft! …
//! end.en = Done! …
//! ```
//!
//! `seed`, `players` (seat 0 is the person, the others are computers) and `options` (the game's
//! options in the save format's JSON) make the deal; `save` is that game before its first move
//! in the save format, which the page reads with the loader it has anyway (no reader of each
//! game's options in the page's wasm; the tests prove it is the game the three lines make and
//! say the line to write when it is not). Each `move` is the next move in order, named
//! by the event it makes in the save format's JSON (as the worker names its moves: the page reads
//! events anyway). The person's moves carry `de` and `en`: the step's words; the computers' moves
//! carry none (the person's next step says what happened). `end.de`/`end.en` close the guide.
//! The page marks each of the person's moves on the board, like a hint, and refuses any other
//! move with a word why; the computers play the script. Each game's test replays its script
//! ([`checked`]) and proves that every main rule comes up.

use crate::engine::Game;

/// A text in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Words {
    pub de: String,
    pub en: String,
}

impl Words {
    /// The text in the current language.
    pub fn now(&self) -> &str {
        if crate::lang::is_de() {
            &self.de
        } else {
            &self.en
        }
    }
}

/// One move of the script: the event it makes (save format JSON), and for a person's move what
/// to look at and do.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub event: String,
    pub words: Option<Words>,
}

/// A whole guided game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guide {
    pub seed: u64,
    pub players: usize,
    /// The game's options as JSON (the save format's).
    pub options: String,
    /// The game before its first move, as a save file's JSON.
    pub save: String,
    pub steps: Vec<Step>,
    /// The closing words, before "Jetzt richtig spielen".
    pub end: Words,
}

/// Reads a guide's script. Errors name the 1-based line they refer to.
pub fn parse(text: &str) -> Result<Guide, String> {
    let mut guide = Guide { options: "{}".into(), ..Guide::default() };
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let (key, value) = line
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or(format!("line {number}: expected key = value"))?;
        set(&mut guide, key, value).map_err(|e| format!("line {number}: {e}"))?;
    }
    match guide.steps.iter().position(|s| s.words.as_ref().is_some_and(|w| w.de.is_empty() || w.en.is_empty())) {
        Some(i) => Err(format!("move {} has words in one language only", i + 1)),
        None if guide.players == 0 || guide.steps.is_empty() => Err("the script needs players and moves".into()),
        None if guide.end.de.is_empty() || guide.end.en.is_empty() => Err("the closing words are missing".into()),
        None => Ok(guide),
    }
}

/// Stores one `key = value` line.
fn set(guide: &mut Guide, key: &str, value: &str) -> Result<(), String> {
    match key {
        "seed" => guide.seed = value.parse().map_err(|_| format!("the seed {value} is not a number"))?,
        "players" => guide.players = value.parse().map_err(|_| format!("the players {value} are not a number"))?,
        "options" => guide.options = value.into(),
        "save" => guide.save = value.into(),
        "move" => guide.steps.push(Step { event: value.into(), words: None }),
        "de" => last_words(guide)?.de = value.into(),
        "en" => last_words(guide)?.en = value.into(),
        "end.de" => guide.end.de = value.into(),
        "end.en" => guide.end.en = value.into(),
        _ => return Err(format!("unknown key {key}")),
    }
    Ok(())
}

/// The words of the last move read so far.
fn last_words(guide: &mut Guide) -> Result<&mut Words, String> {
    let step = guide.steps.last_mut().ok_or("words before the first move")?;
    Ok(step.words.get_or_insert_with(Words::default))
}

impl Guide {
    /// The move of step `index` (the number of moves made so far), if the script has one there.
    pub fn expected<G: Game>(&self, index: usize) -> Option<G::Move> {
        crate::computer::move_of_reply::<G>(&self.steps.get(index)?.event)
    }

    /// What the person should look at and do at step `index`, with how far the guide is
    /// ("Schritt 3 von 9: …"), counting the person's steps only.
    pub fn words_at(&self, index: usize) -> Option<String> {
        let words = self.steps.get(index)?.words.as_ref()?;
        let mine = |steps: &[Step]| steps.iter().filter(|s| s.words.is_some()).count();
        let (done, all) = (mine(&self.steps[..index]), mine(&self.steps));
        let step = crate::lang::tf("Schritt {} von {}", "Step {} of {}", &[&(done + 1), &all]);
        Some(format!("{step}: {}", words.now()))
    }

    /// The seats: the person (seat 0, named `you`) and Medium computers, in the colours setup
    /// gives first.
    #[cfg(test)]
    pub fn seats(&self, you: &str) -> Vec<crate::session::Seat> {
        use crate::session::{PlayerColor, Seat, SeatKind};
        (0..self.players)
            .map(|i| Seat {
                name: if i == 0 { you.to_string() } else { format!("Computer {i}") },
                color: PlayerColor::ALL[i % PlayerColor::ALL.len()],
                kind: if i == 0 { SeatKind::Person } else { SeatKind::Computer(crate::engine::bots::Level::Medium) },
            })
            .collect()
    }

    /// The guided game before its first move, from its `save` line, the person named `you`.
    pub fn session(&self, you: &str) -> Option<crate::session::AnySession> {
        let mut session = crate::session::from_json(&self.save).ok()?.session;
        crate::with_session!(&mut session, s => s.seats.first_mut()?.name = you.to_string());
        Some(session)
    }

    /// The guided game made from `seed`, `players` and `options` (what `save` must hold).
    #[cfg(test)]
    pub fn start<G: Game>(&self, you: &str) -> crate::session::Session<G> {
        let options = serde_json::from_str(&self.options).unwrap_or_else(|e| panic!("guide options: {e}"));
        crate::session::Session::new(self.seats(you), options, self.seed).unwrap_or_else(|e| panic!("guide: {e:?}"))
    }
}

/// For the games' guide tests: the script `text` played to its end with the engine. Every move
/// must be legal, the person's moves (seat 0) must have words and the computers' none; the
/// guide must fit the person's screen (each step's words at most `MAX_WORDS` characters). Gives
/// the session after the last move, whose log the test reads for the rules that came up.
#[cfg(test)]
pub fn checked<G: crate::session::Stored>(text: &str) -> crate::session::Session<G> {
    let guide = parse(text).unwrap_or_else(|e| panic!("guide: {e}"));
    let mut session = guide.start::<G>("Du");
    let meta = crate::session::SaveMeta { name: "", saved_at: 0.0, id: "", rev: 0 };
    let save = crate::session::to_json(&G::wrap(session.clone()), meta).expect("a save");
    assert!(
        guide.save == save,
        "guide: the save line must be the game the seed, players and options make:\nsave = {save}"
    );
    let read = guide.session("Du").expect("the save line reads");
    assert!(crate::with_session!(&read, s => s.seats == session.seats && s.log.is_empty()), "guide: the save's seats");
    for (index, step) in guide.steps.iter().enumerate() {
        let at = format!("move {} ({})", index + 1, step.event);
        assert!(session.state.outcome().is_none(), "{at}: the game is over already");
        let mover = session.state.to_move();
        assert_eq!(step.words.is_some(), mover == Some(0), "{at}: words exactly on the person's moves");
        if let Some(words) = &step.words {
            for text in [&words.de, &words.en] {
                assert!(text.chars().count() <= MAX_WORDS, "{at}: the words are long ({} chars)", text.chars().count());
                // Words for touch and keyboard alike: a button is chosen, not tapped.
                let lower = text.to_lowercase();
                assert!(!["tipp", "tap "].iter().any(|w| lower.contains(w)), "{at}: words for touch only: {text}");
            }
        }
        let mv = guide.expected::<G>(index).unwrap_or_else(|| panic!("{at}: not an event of this game"));
        let event = session.play(&mv).unwrap_or_else(|e| panic!("{at}: refused: {e:?}"));
        // The line names the event the move makes, exactly (points, cards drawn and all).
        assert_eq!(
            serde_json::to_string(&event).ok().as_deref(),
            Some(step.event.as_str()),
            "{at}: the event it makes"
        );
    }
    session
}

/// For the games' guide tests: the script `text` and the game after its last move
/// ([`checked`]).
#[cfg(test)]
pub fn script<G: crate::session::Stored>(text: &str) -> (Guide, crate::session::Session<G>) {
    (parse(text).unwrap_or_else(|e| panic!("guide: {e}")), checked::<G>(text))
}

/// For the games' guide tests: every position of the script `text` before one of its moves,
/// with the event that move made.
#[cfg(test)]
pub fn positions<G: crate::session::Stored>(text: &str) -> Vec<(G, G::Event)> {
    let (guide, session) = script::<G>(text);
    let mut game = guide.start::<G>("Du").state;
    let replay = |event: G::Event| {
        let before = game.clone();
        game.apply(&G::event_move(&event)).unwrap_or_else(|e| panic!("a logged move replays: {e:?}"));
        (before, event)
    };
    session.log.into_iter().map(replay).collect()
}

/// The most characters a step's words may have: they stand in the status line above the board.
pub const MAX_WORDS: usize = 220;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{set_lang, Lang};

    const SCRIPT: &str = "# two steps\nseed = 7\nplayers = 2\noptions = {\"a\":1}\nmove = {\"X\":1}\nde = Tu das.\nen = Do it.\nmove = {\"Y\":2}\nmove = {\"Z\":3}\nde = Jetzt das.\nen = Now this.\nend.de = Fertig.\nend.en = Done.\n";

    #[test]
    fn a_script_reads_with_its_steps_and_words() {
        let guide = parse(SCRIPT).unwrap();
        assert_eq!((guide.seed, guide.players, guide.options.as_str()), (7, 2, "{\"a\":1}"));
        assert_eq!(guide.steps.len(), 3);
        assert_eq!(guide.steps[1], Step { event: "{\"Y\":2}".into(), words: None });
        assert_eq!(guide.end, Words { de: "Fertig.".into(), en: "Done.".into() });
        set_lang(Lang::De);
        assert_eq!(guide.words_at(0).as_deref(), Some("Schritt 1 von 2: Tu das."));
        assert_eq!(guide.words_at(1), None);
        set_lang(Lang::En);
        assert_eq!(guide.words_at(2).as_deref(), Some("Step 2 of 2: Now this."));
        assert_eq!(guide.words_at(3), None);
        set_lang(Lang::De);
    }

    #[test]
    fn a_broken_script_says_where() {
        for (text, said) in [
            ("seed = x\n", "line 1: the seed"),
            ("players = 2\nde = a\n", "line 2: words before the first move"),
            ("players = 2\nfoo = 1\n", "line 2: unknown key"),
            ("players = 2\nmove = {}\nde = a\nend.de = x\nend.en = y\n", "move 1 has words in one language only"),
            ("players = 2\nmove = {}\n", "the closing words are missing"),
            ("nothing\n", "line 1: expected key = value"),
        ] {
            let error = parse(text).unwrap_err();
            assert!(error.starts_with(said), "{text:?}: {error}");
        }
    }
}
