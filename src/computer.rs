//! The messages between the page and the computer players' Web Worker, and both ends' pure
//! halves: [`request`] (page) builds what the worker may see, [`answer`] (worker) decides.
//!
//! Fair by the rule of `engine::bots`: the page never sends the real state. It sends a
//! determinization for the computer's seat ([`Determinize::determinize`]), which depends only on
//! what that seat observes, so the worker cannot learn more than a person in the seat could.
//! The page's wasm only calls [`request`], [`parse_reply`] and [`move_of_reply`]; [`answer`] and the
//! search it runs are linked into the worker alone.
//!
//! The worker names its move by the event the move made in its view, in the save format's JSON
//! (the page reads the move back with [`Game::json_event_move`]): the page reads events anyway (a
//! save's move log), so it needs no parser of its own for four games' moves (10.7 KB of the
//! page's wasm before wasm-opt, measured).

use crate::engine::bots::{Budget, Level};
use crate::engine::{Determinize, EventJson, Game, GameKind, PlayerIdx};
use crate::lang::Lang;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The worker's first message, naming its build of this protocol ([`PROTOCOL`]). A page
/// refuses a worker of another build: after a new deploy an old tab gets the new worker files.
pub const READY: &str = concat!("ready ", env!("SPIELTISCH_PROTOCOL"));
/// A hash of the sources both ends' messages come from (the requests, replies and every game's
/// data: build.rs), so it changes with every build whose messages could change.
pub const PROTOCOL: &str = env!("SPIELTISCH_PROTOCOL");

/// What the page asks: the move (or a hint) for seat `me` at `level`.
#[derive(Serialize)]
#[serde(bound = "")]
struct RequestOut<'a, G: Game> {
    id: u32,
    game: &'static str,
    me: PlayerIdx,
    level: Level,
    seed: u64,
    iterations: u32,
    /// A determinization for `me`: everything `me` cannot know is resampled.
    view: &'a G,
}

#[derive(Deserialize)]
struct RequestIn {
    id: u32,
    game: String,
    me: PlayerIdx,
    level: Level,
    seed: u64,
    iterations: u32,
    view: Box<RawValue>,
}

/// What a hint's reason is written in: a language and the names of the seats.
struct ReasonAsk {
    lang: Lang,
    names: Vec<String>,
}

/// A decoded answer: the move as the worker wrote it (JSON), or why there is none.
#[derive(Debug, PartialEq)]
pub struct Answer {
    pub id: u32,
    pub mv: Result<String, String>,
    /// Why the move is good, when a reason was asked for (a hint): one short line.
    pub reason: Option<String>,
    /// Time the worker spent on it, in milliseconds.
    pub ms: f64,
}

/// The request for seat `me` of `state`: a determinization for `me` (made with `seed`, which
/// also seeds the bot), never the real state.
pub fn request<G: Determinize>(
    id: u32,
    state: &G,
    me: PlayerIdx,
    level: Level,
    seed: u64,
    budget: Budget,
) -> Result<String, String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let view = state.determinize(me, &mut rng);
    let out = RequestOut { id, game: G::KIND.id(), me, level, seed, iterations: budget.iterations, view: &view };
    // Cannot fail for the engines' plain data; the serializer's words would cost the page's wasm.
    serde_json::to_string(&out).map_err(|_| "the position could not be written".to_string())
}

/// Makes `request` a hint's: a line after the JSON asks why, in `lang`, naming the seats by
/// `names` (`de` or `en`, then each name after a tab; names hold no control characters). Plain
/// text like the reply: as a JSON field it cost the page 0.9 KB of wasm before wasm-opt (measured).
pub fn ask_why(request: &mut String, lang: Lang, names: &[&str]) {
    request.push('\n');
    request.push_str(if lang == Lang::De { "de" } else { "en" });
    for name in names {
        request.push('\t');
        request.push_str(name);
    }
}

/// Worker side: the JSON of a request and, for a hint, what its reason is written in.
fn split_request(text: &str) -> (&str, Option<ReasonAsk>) {
    let Some((json, why)) = text.split_once('\n') else { return (text, None) };
    let mut parts = why.split('\t');
    let lang = if parts.next() == Some("en") { Lang::En } else { Lang::De };
    (json, Some(ReasonAsk { lang, names: parts.map(str::to_string).collect() }))
}

/// Reads the worker's reply (`<id> <µs> ok <event JSON>`, then for a hint a line with the
/// reason, or `<id> <µs> error <why>`); `None` when it is not a reply at all. Plain text, so the
/// page needs no JSON parser for it (the JSON is one line: serde_json escapes line breaks).
pub fn parse_reply(text: &str) -> Option<Answer> {
    let mut parts = text.splitn(4, ' ');
    let id = parts.next()?.parse().ok()?;
    let ms = parts.next()?.parse::<u64>().ok()? as f64 / 1000.0;
    let (mv, reason) = match (parts.next()?, parts.next().unwrap_or("")) {
        ("ok", rest) => {
            let (mv, reason) = rest.split_once('\n').map_or((rest, None), |(mv, why)| (mv, Some(why.to_string())));
            (Ok(mv.to_string()), reason)
        }
        (_, why) => (Err(why.to_string()), None),
    };
    Some(Answer { id, mv, reason, ms })
}

/// The move the worker's `json` names: the move behind the event it made in the worker's view.
/// Whether it is allowed is for the real state to say (`apply` refuses anything else; Gut
/// angelegt's Easy may make a move `legal_moves` does not list: a placement with some of its
/// lines overlooked, which the event keeps).
pub fn move_of_reply<G: Game>(json: &str) -> Option<G::Move> {
    EventJson::parse(json).and_then(|event| G::json_event_move(&event))
}

/// Worker side: decides the move for a request. `clock` gives milliseconds (for the reply's
/// timing). Never panics: bad requests get an error reply.
pub fn answer(text: &str, clock: impl Fn() -> f64) -> String {
    let start = clock();
    let (json, why) = split_request(text);
    let parsed: Result<RequestIn, String> = serde_json::from_str(json).map_err(|e| e.to_string());
    let (id, mv) = match parsed {
        Err(e) => (0, Err(format!("unreadable request: {e}"))),
        Ok(req) => {
            let mv = match GameKind::from_id(&req.game) {
                Some(kind) => crate::with_game!(kind, G => decide::<G>(&req, why.as_ref())),
                None => Err(format!("unknown game {:?}", req.game)),
            };
            (req.id, mv)
        }
    };
    // Whole microseconds: the page then reads an integer (no float parser in its wasm).
    let us = ((clock() - start) * 1000.0).round().max(0.0) as u64;
    match mv {
        Ok((json, Some(reason))) => format!("{id} {us} ok {json}\n{}", reason.replace('\n', " ")),
        Ok((json, None)) => format!("{id} {us} ok {json}"),
        Err(e) => format!("{id} {us} error {e}"),
    }
}

/// The move (as its event's JSON) and, when asked, why it is good: written from the seat's view
/// alone ([`GameView::hint_reason`](crate::view::GameView::hint_reason)).
fn decide<G: crate::engine::bots::BotGame + crate::view::GameView>(
    req: &RequestIn,
    why: Option<&ReasonAsk>,
) -> Result<(String, Option<String>), String>
where
    G::Move: Eq + std::hash::Hash,
{
    let mut view: G = serde_json::from_str(req.view.get()).map_err(|e| format!("unreadable position: {e}"))?;
    view.validate().map_err(|e| format!("impossible position: {e}"))?;
    let budget = Budget { iterations: req.iterations.min(100_000) };
    let mv = crate::engine::bots::choose(&view, req.me, req.level, req.seed, budget)
        .ok_or_else(|| "no move for this seat".to_string())?;
    let reason = why.map(|ask| {
        crate::lang::set_lang(ask.lang);
        view.hint_reason(req.me, &mv, &ask.names)
    });
    // Sent as the event it makes here (see the module's note); the page plays its move.
    let event = view.apply(&mv).map_err(|e| format!("the search chose a refused move: {e:?}"))?;
    Ok((serde_json::to_string(&event).map_err(|e| e.to_string())?, reason))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bots::Budget;
    use crate::engine::just4fun::Just4Fun;

    fn mid_game() -> Just4Fun {
        let mut g = Just4Fun::new(3, Default::default(), 5).unwrap();
        for _ in 0..7 {
            let mv = g.legal_moves()[0].clone();
            g.apply(&mv).unwrap();
        }
        g
    }

    #[test]
    fn a_request_carries_only_what_the_seat_sees() {
        let g = mid_game();
        let me = g.to_move().unwrap();
        let text = request(3, &g, me, Level::Medium, 42, Budget::TEST).unwrap();
        let req: RequestIn = serde_json::from_str(&text).unwrap();
        let view: Just4Fun = serde_json::from_str(req.view.get()).unwrap();
        assert_eq!(view.observation(me), g.observation(me), "the view is one the seat cannot tell apart");
        assert_eq!(view.hand(me), g.hand(me));
        let others: Vec<_> = (0..3).filter(|&p| p != me).collect();
        assert!(
            others.iter().any(|&p| view.hand(p) != g.hand(p)) || view.draw_pile() != g.draw_pile(),
            "hidden cards were resampled"
        );
        assert_ne!(view.seed(), g.seed(), "the future shuffles are not the real ones");
    }

    #[test]
    fn the_worker_answers_a_legal_move_and_refuses_nonsense() {
        let g = mid_game();
        let me = g.to_move().unwrap();
        for level in Level::ALL {
            let reply = answer(&request(9, &g, me, level, 7, Budget::TEST).unwrap(), || 0.0);
            let a = parse_reply(&reply).unwrap();
            assert_eq!(a.id, 9);
            let json = a.mv.unwrap();
            let mv =
                move_of_reply::<Just4Fun>(&json).unwrap_or_else(|| panic!("{level:?} answered {json}, not a move"));
            assert!(g.legal_moves().contains(&mv), "{level:?} answered {mv:?}");
        }
        for bad in ["", "{}", r#"{"id":4,"game":"chess","me":0,"level":"hard","seed":1,"iterations":1,"view":{}}"#] {
            let reply = answer(bad, || 0.0);
            let a = parse_reply(&reply).unwrap();
            assert!(a.mv.is_err(), "{bad:?} got a move");
        }
        // A view that breaks the rules is refused, not searched.
        let text = request(5, &g, me, Level::Hard, 7, Budget::TEST).unwrap().replace("\"players\":3", "\"players\":9");
        assert!(parse_reply(&answer(&text, || 0.0)).unwrap().mv.is_err());
        assert_eq!(
            parse_reply(&answer(&request(12, &g, me, Level::Easy, 1, Budget::TEST).unwrap(), || 0.0)).map(|a| a.id),
            Some(12)
        );
        // A hint's request asks why; the reply carries the reason on a line of its own.
        let mut text = request(13, &g, me, Level::Medium, 1, Budget::TEST).unwrap();
        ask_why(&mut text, Lang::En, &["Anna", "Ben", "Cleo"]);
        let reply = answer(&text, || 0.0);
        let a = parse_reply(&reply).unwrap();
        assert!(move_of_reply::<Just4Fun>(&a.mv.unwrap()).is_some());
        let reason = a.reason.expect("a hint's reason");
        assert!(reason.starts_with("Field ") || reason.contains("new hand"), "{reason}");
        assert_eq!(
            parse_reply(&answer(&request(14, &g, me, Level::Medium, 1, Budget::TEST).unwrap(), || 0.0)).unwrap().reason,
            None
        );
        assert_eq!(move_of_reply::<Just4Fun>("nonsense"), None);
        assert_eq!(parse_reply("ready"), None);
        assert_eq!(parse_reply(READY), None);
        assert!(PROTOCOL.len() == 16 && PROTOCOL.bytes().all(|b| b.is_ascii_hexdigit()), "{PROTOCOL}");
        assert_eq!(READY, format!("ready {PROTOCOL}"));
    }
}
