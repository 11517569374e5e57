//! The one list of games. Everything that differs by game and is not in the game's own folders
//! is made from this list: [`GameKind`](crate::engine::GameKind) with its ids, names and player
//! counts, the running game [`AnySession`](crate::session::AnySession) and the save format's
//! per-game parts, the worker's dispatch (`computer::answer`), and the screens' choice of a
//! game's setup options, play screen, blurb and cover question (`ui::games::GameScreens`).
//!
//! Adding a game is one line in [`for_each_game!`] plus the game's own folders (docs/adding-a-game.md).
//! Each line: the game's type (also its `GameKind` variant), the module it lives in under
//! `engine/`, `ui/` (and `view/`, `engine/bots/`), the id saves and URLs use (never changed once
//! released), its names (full, and as said at the table) and its allowed player counts. The
//! order is the home screen's.

/// Calls the macro `$callback` (exported by this crate) with `$args` and the list of games.
/// The callbacks say what is made from the list; [`with_session!`](crate::with_session) and
/// [`with_game!`](crate::with_game) are the two used outside this file.
#[macro_export]
#[doc(hidden)]
macro_rules! for_each_game {
    ($callback:ident $args:tt) => {
        $crate::$callback! { $args
            Just4Fun in just4fun: { id: "just4fun", name: "Just 4 Fun", short: "Just 4 Fun", players: 2..=4 };
            GutAngelegt in gutangelegt: { id: "gutangelegt", name: "Gut angelegt", short: "Gut angelegt", players: 2..=4 };
            VierMalVier in viermalvier: { id: "viermalvier", name: "Vier mal Vier", short: "Vier mal Vier", players: 2..=2 };
            Sudoku in sudoku: { id: "sudoku", name: "Sudoku – Das Brettspiel", short: "Sudoku", players: 1..=4 };
        }
    };
}

/// Runs `$body` with `$s` bound to the concrete `Session<G>` inside an
/// [`AnySession`](crate::session::AnySession), so code that is the same for every game is
/// written once (`G` is known inside the body's arm).
#[macro_export]
macro_rules! with_session {
    ($any:expr, $s:ident => $body:expr) => {
        $crate::for_each_game!(games_session_arms($any, $s, $body))
    };
}

/// Runs `$body` with the type `$G` standing for the game of the [`GameKind`](crate::engine::GameKind)
/// `$kind` (`with_game!(kind, G => decide::<G>(&request))`).
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        $crate::for_each_game!(games_type_arms($kind, $G, $body))
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! games_session_arms {
    (($any:expr, $s:ident, $body:expr) $($game:ident in $module:ident: $info:tt;)*) => {
        match $any {
            $($crate::session::AnySession::$game($s) => $body,)*
        }
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! games_type_arms {
    (($kind:expr, $G:ident, $body:expr) $($game:ident in $module:ident: $info:tt;)*) => {
        match $kind {
            $($crate::engine::GameKind::$game => {
                type $G = $crate::engine::$module::$game;
                $body
            })*
        }
    };
}

/// The game's modules, one `pub mod <module>;` per game: invoked as
/// `crate::for_each_game!(games_modules());` in each folder that holds a module per game
/// (`engine/`, `engine/bots/`, `view/`, `ui/`), so no `mod.rs` lists the games. Each module's
/// file is found beside the invoking `mod.rs` as for a written `mod` line. (rustfmt does not
/// follow modules declared by a macro: scripts/lint.sh checks every tracked `.rs` file itself.)
#[macro_export]
#[doc(hidden)]
macro_rules! games_modules {
    (() $($game:ident in $module:ident: $info:tt;)*) => {
        $(pub mod $module;)*
    };
}

/// [`GameKind`](crate::engine::GameKind): one variant per game, with its id, names and player
/// counts. Stored by its serde name in records (kebab-case of the variant).
#[macro_export]
#[doc(hidden)]
macro_rules! games_kind {
    (() $($game:ident in $module:ident: {
        id: $id:literal, name: $name:literal, short: $short:literal, players: $min:literal..=$max:literal
    };)*) => {
        /// Which game a saved state belongs to. The string form ([`GameKind::id`]) is stored in
        /// saves; the list is `for_each_game!` (src/games.rs).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum GameKind {
            $($game,)*
        }

        impl GameKind {
            /// Every game, in the home screen's order.
            pub const ALL: [GameKind; [$(stringify!($game)),*].len()] = [$(GameKind::$game),*];

            /// Stable identifier used in saves and URLs.
            pub const fn id(self) -> &'static str {
                match self {
                    $(GameKind::$game => $id,)*
                }
            }

            /// The game's name (the same in every language).
            pub const fn name(self) -> &'static str {
                match self {
                    $(GameKind::$game => $name,)*
                }
            }

            /// The name as said at the table, where the full one is long ("Sudoku").
            pub const fn short_name(self) -> &'static str {
                match self {
                    $(GameKind::$game => $short,)*
                }
            }

            /// The module the game lives in (`engine/<module>/`, `ui/<module>/` …), for the
            /// list's test.
            #[cfg(test)]
            pub(crate) fn module(self) -> &'static str {
                match self {
                    $(GameKind::$game => stringify!($module),)*
                }
            }

            /// Allowed player counts (inclusive).
            pub const fn players(self) -> (usize, usize) {
                match self {
                    $(GameKind::$game => ($min, $max),)*
                }
            }
        }
    };
}

/// [`AnySession`](crate::session::AnySession) and the `Stored` impl of every game.
#[macro_export]
#[doc(hidden)]
macro_rules! games_sessions {
    (() $($game:ident in $module:ident: $info:tt;)*) => {
        /// The running game, whichever it is.
        #[derive(Clone, Debug)]
        pub enum AnySession {
            $($game(Session<$crate::engine::$module::$game>),)*
        }

        $(impl Stored for $crate::engine::$module::$game {
            fn session(any: &AnySession) -> Option<&Session<Self>> {
                match any {
                    AnySession::$game(s) => Some(s),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn session_mut(any: &mut AnySession) -> Option<&mut Session<Self>> {
                match any {
                    AnySession::$game(s) => Some(s),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn wrap(session: Session<Self>) -> AnySession {
                AnySession::$game(session)
            }
        })*
    };
}

#[cfg(test)]
mod tests {
    use crate::engine::{Game, GameKind};

    /// The list's parts agree: each id names its own game, the type a kind stands for is that
    /// kind's game, and the engine takes exactly the player counts the list says.
    #[test]
    fn every_game_is_listed_once_and_stands_for_itself() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::from_id(kind.id()), Some(kind), "{kind:?}'s id names another game");
            assert_eq!(crate::with_game!(kind, G => G::KIND), kind);
            let (min, max) = kind.players();
            for players in min.saturating_sub(1)..=max + 1 {
                let made = crate::with_game!(kind, G => G::new(players, Default::default(), 1).is_ok());
                assert_eq!(made, (min..=max).contains(&players), "{kind:?} with {players} players");
            }
        }
        let names: std::collections::HashSet<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names.len(), GameKind::ALL.len(), "two games share a name");
    }

    /// The list agrees with the files it cannot make: every listed game has its ids distinct and
    /// fit for URLs and `data-test` names, its folders and files where the shared code and the
    /// build look for them (docs/adding-a-game.md), its rulings in docs/rules.md and its name on
    /// the first paint; and every game folder with a stylesheet is listed.
    #[test]
    fn every_listed_game_has_its_files_and_every_game_folder_is_listed() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let read = |path: &str| std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        let (rules, splash) = (read("docs/rules.md"), read("index.html"));
        let ids: std::collections::HashSet<_> = GameKind::ALL.iter().map(|k| k.id()).collect();
        assert_eq!(ids.len(), GameKind::ALL.len(), "two games share an id");
        for kind in GameKind::ALL {
            let (id, module) = (kind.id(), kind.module());
            assert!(id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()), "{id:?} in URLs");
            for file in [
                format!("src/engine/{module}/mod.rs"),
                format!("src/engine/bots/{module}.rs"),
                format!("src/view/{module}.rs"),
                format!("src/ui/{module}/mod.rs"),
                format!("src/ui/{module}/style.css"),
                format!("public/rules/{id}.de.html"),
                format!("public/rules/{id}.en.html"),
            ] {
                assert!(root.join(&file).is_file(), "{kind:?}: {file} is missing");
            }
            assert!(rules.contains(&format!("\n## {}", kind.name())), "{kind:?}: no section in docs/rules.md");
            assert!(splash.contains(kind.name()), "{kind:?}: not on index.html's first paint");
        }
        let modules: Vec<_> = GameKind::ALL.iter().map(|k| k.module()).collect();
        for entry in std::fs::read_dir(root.join("src/ui")).expect("src/ui") {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
            if path.join("style.css").is_file() {
                assert!(modules.contains(&name.as_str()), "src/ui/{name}/ has a stylesheet but is not listed");
            }
        }
    }
}
