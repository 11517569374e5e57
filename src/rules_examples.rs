//! The rulebooks' worked examples as data: `public/rules/<game>.examples.txt`.
//!
//! One block per example, in a line format that is read by hand and by this pure parser (no
//! serde, so the rules page can read the same text without more dependencies):
//!
//! ```text
//! # a comment
//! [sum29]
//! position = players=3; hands=5 11 13 2/1 2 3 4/6 7 8 9
//! mark = 29
//! check = place 29 cards 5 11 13
//! de = Rot spielt 5 + 11 + 13 aus: 29.
//! en = Red plays 5 + 11 + 13: 29.
//! ```
//!
//! `[id]` starts a block (lowercase letters, digits and `-`). `position`, `de` and `en` are
//! required once per block, `check` at least once, `mark` at most once (a list split by spaces
//! or commas), `shown` at most once: the position the picture draws, when it is not `position`:
//! the table after the example's move (in the game's `from_position` text, like `position`; the
//! page cannot apply moves, so a mark that lies on the table after the move needs it). Each
//! game's test module (`src/engine/<game>/examples.rs`) builds the position, proves every check
//! with the engine and proves a `shown` is what the move leaves; [`caption_numbers_checked`]
//! keeps the captions honest.

/// One worked example.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Example {
    pub id: String,
    /// The game's `from_position` text.
    pub position: String,
    /// The position the picture draws, when it is not `position`: the table after the example's
    /// move (`from_position` text). The game's test proves it is what the move leaves.
    pub shown: Option<String>,
    /// What the picture highlights; the meaning is game-specific (see each file's header).
    pub mark: Vec<String>,
    /// Claims the game's test proves against the engine, one per `check` line.
    pub checks: Vec<String>,
    /// Caption in German.
    pub de: String,
    /// Caption in English.
    pub en: String,
}

/// Where a rules text (`public/rules/<game>.<lang>.html`) shows example `id`: an empty
/// `<div data-example="id" style="min-height:…px"></div>` between two blocks of the text, into
/// which the rules page draws it (src/bin/rules.rs); the height it keeps free is about the
/// drawn example's, so the text does not jump when the examples arrive.
pub fn places(html: &str) -> Vec<&str> {
    html.split("<div data-example=\"")
        .skip(1)
        .filter_map(|rest| rest.split_once("</div>").and_then(|(tag, _)| tag.split_once('"')).map(|(id, _)| id))
        .collect()
}

/// For the games' example tests (`src/engine/<game>/examples.rs`): the examples of `file`
/// (`name` in messages), whose ids must be `expected` in order, each with its position built by
/// `build` and all that its checks give, each check proved by `run` (a failure names the example
/// and the check), and its caption's numbers checked.
#[cfg(test)]
pub fn proved<G, R: IntoIterator>(
    name: &str,
    file: &str,
    expected: &[&str],
    build: impl Fn(&str) -> Result<G, String>,
    run: impl Fn(&G, &str) -> Result<R, String>,
) -> Vec<(Example, G, Vec<R::Item>)> {
    let examples = parse(file).unwrap_or_else(|e| panic!("{name}: {e}"));
    let ids: Vec<&str> = examples.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, expected, "{name}: the examples");
    let prove = |example: Example| {
        let id = &example.id;
        let game = build(&example.position).unwrap_or_else(|e| panic!("[{id}] position: {e}"));
        let mut given = Vec::new();
        for check in &example.checks {
            given.extend(run(&game, check).unwrap_or_else(|e| panic!("[{id}] check \"{check}\": {e}")));
        }
        caption_numbers_checked(&example).unwrap_or_else(|e| panic!("{e}"));
        (example, game, given)
    };
    examples.into_iter().map(prove).collect()
}

/// A block being read, with the line it started on (for error messages).
struct Open {
    example: Example,
    line: usize,
    has_position: bool,
    has_mark: bool,
}

/// Reads the examples file. Errors name the 1-based line they refer to.
pub fn parse(text: &str) -> Result<Vec<Example>, String> {
    let mut done: Vec<Example> = Vec::new();
    let mut open: Option<Open> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(inner) = line.strip_prefix('[') {
            let id =
                inner.strip_suffix(']').ok_or_else(|| format!("line {number}: a block header needs a closing ]"))?;
            check_id(id).map_err(|e| format!("line {number}: {e}"))?;
            let known = done.iter().any(|e| e.id == id) || open.as_ref().is_some_and(|o| o.example.id == id);
            if known {
                return Err(format!("line {number}: the id \"{id}\" is used twice"));
            }
            if let Some(previous) = open.take() {
                done.push(finish(previous)?);
            }
            let example = Example { id: id.to_string(), ..Example::default() };
            open = Some(Open { example, line: number, has_position: false, has_mark: false });
            continue;
        }
        let (key, value) =
            line.split_once('=').ok_or_else(|| format!("line {number}: expected \"key = value\" or \"[id]\""))?;
        let block = open.as_mut().ok_or_else(|| format!("line {number}: \"{}\" before the first [id]", key.trim()))?;
        set_key(block, key.trim(), value.trim()).map_err(|e| format!("line {number}: {e}"))?;
    }
    if let Some(last) = open.take() {
        done.push(finish(last)?);
    }
    Ok(done)
}

fn check_id(id: &str) -> Result<(), String> {
    if id.is_empty() {
        return Err("the id is empty".into());
    }
    match id.chars().find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')) {
        Some(c) => Err(format!("the id \"{id}\" may only hold lowercase letters, digits and -, not \"{c}\"")),
        None => Ok(()),
    }
}

/// Stores one `key = value` line in the block being read.
fn set_key(block: &mut Open, key: &str, value: &str) -> Result<(), String> {
    if value.is_empty() {
        return Err(format!("\"{key}\" has no value"));
    }
    let once = |already: bool| if already { Err(format!("\"{key}\" is given twice in one block")) } else { Ok(()) };
    let example = &mut block.example;
    match key {
        "position" => {
            once(block.has_position)?;
            block.has_position = true;
            example.position = value.to_string();
        }
        "shown" => {
            once(example.shown.is_some())?;
            example.shown = Some(value.to_string());
        }
        "mark" => {
            once(block.has_mark)?;
            block.has_mark = true;
            example.mark = value.split([' ', ',']).filter(|t| !t.is_empty()).map(str::to_string).collect();
        }
        "check" => example.checks.push(value.to_string()),
        "de" => {
            once(!example.de.is_empty())?;
            example.de = value.to_string();
        }
        "en" => {
            once(!example.en.is_empty())?;
            example.en = value.to_string();
        }
        _ => return Err(format!("unknown key \"{key}\" (position, shown, mark, check, de, en)")),
    }
    Ok(())
}

/// Closes a block: every required key must be there.
fn finish(block: Open) -> Result<Example, String> {
    let example = block.example;
    let missing = [
        ("position", !block.has_position),
        ("check", example.checks.is_empty()),
        ("de", example.de.is_empty()),
        ("en", example.en.is_empty()),
    ];
    match missing.iter().find(|(_, gone)| *gone) {
        Some((key, _)) => Err(format!("line {}: example \"{}\" has no \"{key}\"", block.line, example.id)),
        None => Ok(example),
    }
}

/// The whole numbers written in `text` (every run of ASCII digits), in order.
pub fn numbers_in(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit()).filter(|t| !t.is_empty()).filter_map(|t| t.parse().ok()).collect()
}

/// Every number a caption states must appear in both captions and in a check line, so the
/// text can only say what a test proved and the two languages cannot drift apart.
pub fn caption_numbers_checked(example: &Example) -> Result<(), String> {
    let (de, en) = (numbers_in(&example.de), numbers_in(&example.en));
    let checked: Vec<u64> = example.checks.iter().flat_map(|c| numbers_in(c)).collect();
    for (caption, numbers, other) in [("de", &de, &en), ("en", &en, &de)] {
        for n in numbers {
            if !other.contains(n) {
                return Err(format!("[{}]: {n} is in the {caption} caption but not in the other", example.id));
            }
            if !checked.contains(n) {
                return Err(format!("[{}]: {n} is in the {caption} caption but no check verifies it", example.id));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "\
# Just 4 Fun
[sum29]
position = players=3; hands=5 11 13 2/1 2 3 4/6 7 8 9
mark = 29
check = place 29 cards 5 11 13
de = Rot spielt 5 + 11 + 13 aus: 29.
en = Red plays 5 + 11 + 13: 29.

  # indented comment
[end-7]
position = a=b=c
check = owner 7 none
check = stones 7 A2 B1
de = Feld 7 bleibt leer.
en = Field 7 stays empty.
";

    fn error_of(text: &str) -> String {
        match parse(text) {
            Err(e) => e,
            Ok(v) => panic!("accepted {text:?}: {v:?}"),
        }
    }

    #[test]
    fn reads_blocks_keys_and_lists() {
        let examples = parse(GOOD).unwrap();
        assert_eq!(examples.len(), 2);
        let first = &examples[0];
        assert_eq!(first.id, "sum29");
        assert_eq!(first.position, "players=3; hands=5 11 13 2/1 2 3 4/6 7 8 9");
        assert_eq!(first.shown, None);
        assert_eq!(first.mark, vec!["29"]);
        assert_eq!(first.checks, vec!["place 29 cards 5 11 13"]);
        assert_eq!(first.de, "Rot spielt 5 + 11 + 13 aus: 29.");
        assert_eq!(first.en, "Red plays 5 + 11 + 13: 29.");
        let second = &examples[1];
        assert_eq!(second.position, "a=b=c", "only the first = splits");
        assert!(second.mark.is_empty());
        assert_eq!(second.checks, vec!["owner 7 none", "stones 7 A2 B1"]);
        assert_eq!(parse("").unwrap(), vec![]);
        assert_eq!(parse("# only\n\n").unwrap(), vec![]);
    }

    #[test]
    fn shown_is_optional_and_read_whole() {
        let text = "[a]\nposition = p=1\nshown = rows=both:RYG BBB; to_move=1\ncheck = c\nde = d\nen = e\n";
        let example = parse(text).unwrap().remove(0);
        assert_eq!(example.shown.as_deref(), Some("rows=both:RYG BBB; to_move=1"));
        assert_eq!(example.position, "p=1");
        let without = Example { shown: None, ..example.clone() };
        assert_ne!(without, example, "shown takes part in ==");
        assert_eq!(Example::default().shown, None);
    }

    #[test]
    fn marks_split_on_spaces_and_commas() {
        let text = "[a]\nposition = p\nmark = E5, E6  F1\ncheck = c\nde = d\nen = e\n";
        assert_eq!(parse(text).unwrap()[0].mark, vec!["E5", "E6", "F1"]);
    }

    #[test]
    fn bad_input_is_refused_with_its_line() {
        let block = "position = p\ncheck = c\nde = d\nen = e\n";
        let cases = [
            ("position = p\n", "line 1", "before the first [id]"),
            ("[a\n", "line 1", "closing ]"),
            ("[]\n", "line 1", "empty"),
            ("[Sum]\n", "line 1", "\"S\""),
            ("[a b]\n", "line 1", "\" \""),
            ("[a]\nfoo = 1\n", "line 2", "unknown key \"foo\""),
            ("[a]\njust text\n", "line 2", "key = value"),
            ("[a]\nposition =\n", "line 2", "no value"),
            ("[a]\nposition = p\nposition = q\n", "line 3", "twice"),
            ("[a]\nposition = p\nde = x\nde = y\n", "line 4", "twice"),
            ("[a]\nmark = 1\nmark = 2\n", "line 3", "twice"),
            ("[a]\nposition = p\nshown = q\nshown = q\n", "line 4", "\"shown\" is given twice"),
            ("[a]\nshown =\n", "line 2", "no value"),
            ("[a]\nshown = q\ncheck = c\nde = d\nen = e\n", "line 1", "no \"position\""),
            ("[a]\ncheck = c\nde = d\nen = e\n", "line 1", "no \"position\""),
            ("[a]\nposition = p\nde = d\nen = e\n", "line 1", "no \"check\""),
            ("[a]\nposition = p\ncheck = c\nen = e\n", "line 1", "no \"de\""),
            ("\n[a]\nposition = p\ncheck = c\nde = d\n", "line 2", "no \"en\""),
        ];
        for (text, line, why) in cases {
            let e = error_of(text);
            assert!(e.starts_with(line) && e.contains(why), "{text:?} gave {e:?}");
        }
        let twice = format!("[a]\n{block}[b]\n{block}[a]\n{block}");
        let e = error_of(&twice);
        assert!(e.starts_with("line 11") && e.contains("\"a\" is used twice"), "{e}");
        // A block missing a key is reported even when another block follows.
        let e = error_of(&format!("[a]\nposition = p\n[b]\n{block}"));
        assert!(e.starts_with("line 1") && e.contains("no \"check\""), "{e}");
        // Odd bytes never panic.
        for text in ["[", "]", "=", "[\u{e9}]", "\u{feff}[a]", "[a]\n=\n", "[a]\n = x"] {
            assert!(parse(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn numbers_are_digit_runs() {
        assert_eq!(numbers_in("5 + 11 + 13: 29, E5, A2,B1"), vec![5, 11, 13, 29, 5, 2, 1]);
        assert_eq!(numbers_in("keine Zahl"), Vec::<u64>::new());
        assert_eq!(numbers_in("99999999999999999999999"), Vec::<u64>::new(), "too big is no number");
    }

    #[test]
    fn caption_numbers_must_be_checked_and_in_both_languages() {
        let mut example = parse(GOOD).unwrap().remove(0);
        assert_eq!(caption_numbers_checked(&example), Ok(()));
        example.en = "Red plays 5 + 11 + 13: 30.".into();
        let e = caption_numbers_checked(&example).unwrap_err();
        assert!(e.contains("29") && e.contains("de caption"), "{e}");
        example.de = "Rot spielt 5 + 11 + 13 aus: 30.".into();
        let e = caption_numbers_checked(&example).unwrap_err();
        assert!(e.contains("30") && e.contains("no check"), "{e}");
    }

    #[test]
    fn a_rules_text_names_the_places_of_its_examples() {
        let html = "<p>a</p><div data-example=\"sum29\"></div><h2>b</h2><div data-example=\"x-1\"></div>";
        assert_eq!(places(html), vec!["sum29", "x-1"]);
        assert!(places("<p>no examples</p>").is_empty());
        assert!(places("<div data-example=\"open").is_empty(), "an unclosed place is no place");
        assert_eq!(places("<div data-example=\"end\" style=\"min-height:40px\"></div>"), vec!["end"]);
    }

    /// Issue 24, 1: every game's rules page shows each of its examples once, in German and in
    /// English, and names no example that does not exist.
    #[test]
    fn every_rules_page_shows_every_example_once() {
        for kind in crate::engine::GameKind::ALL {
            let read = |name: String| std::fs::read_to_string(format!("public/rules/{name}")).expect(&name);
            let examples = parse(&read(format!("{}.examples.txt", kind.id()))).expect("examples parse");
            assert!(!examples.is_empty(), "{kind:?} has no examples");
            for lang in ["de", "en"] {
                let html = read(format!("{}.{lang}.html", kind.id()));
                let mut shown = places(&html);
                shown.sort_unstable();
                let mut ids: Vec<&str> = examples.iter().map(|e| e.id.as_str()).collect();
                ids.sort_unstable();
                assert_eq!(shown, ids, "{kind:?} {lang}: the examples placed on the page");
            }
        }
    }
}
