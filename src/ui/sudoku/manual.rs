//! Sudoku – Das Brettspiel rules in our own words, German and English, as data for the shared
//! rules renderer.

use crate::ui::screens::manual::Block::{self, *};

pub const DE: &[Block] = &[
    H("Worum es geht"),
    P("Ein bis vier Spieler legen Zahlenplättchen auf einen Plan mit 9 Reihen, 9 Spalten und 9 Blöcken zu 3 × 3 Feldern. Jedes gelegte Plättchen bringt Punkte – umso mehr, je mehr Plättchen schon in seinem Block, seiner Reihe und seiner Spalte liegen."),
    H("Material"),
    P("81 Plättchen: 9 goldene (1 bis 9 je einmal) und 72 normale (1 bis 9 je achtmal), eine Zählleiste mit 40 Feldern und Rundenzähler."),
    H("Aufbau"),
    L(&[
        "Zuerst kommen die 9 Goldplättchen auf den Plan, in jede Reihe und jede Spalte genau eines. Die App legt sie zufällig; auf Wunsch zusätzlich eines pro Block, oder ihr legt sie selbst von Hand.",
        "Die übrigen 72 Plättchen werden verdeckt gemischt. Jeder zieht eines und hält es geheim.",
    ]),
    H("Ein Zug"),
    L(&[
        "Lege dein Plättchen auf ein freies Feld. Es gilt die Sudoku-Regel: In jeder Reihe, jeder Spalte und jedem Block darf jede Zahl nur einmal vorkommen.",
        "Werte deinen Zug und ziehe deinen Stein auf der Zählleiste entsprechend vor.",
        "Ziehe ein neues Plättchen, solange noch welche verdeckt liegen. Dann ist der Nächste dran; es beginnt, wer in der Spielerliste oben steht.",
    ]),
    H("Wertung"),
    L(&[
        "Zähle die Plättchen, die schon im selben Block liegen, und dazu die Plättchen in derselben Reihe und derselben Spalte außerhalb dieses Blocks. Das eben gelegte Plättchen zählt nicht mit; Goldplättchen zählen wie alle anderen.",
        "Variante „vereinfachte Wertung“: Es zählen nur die ganze Reihe und die ganze Spalte, gleich in welchem Block.",
        "Wer mit seinem Stein den Start erreicht oder überschreitet, nimmt einen Rundenzähler – er ist 40 Punkte wert.",
    ]),
    H("Regelverstöße"),
    L(&[
        "Wer ein Plättchen gegen die Sudoku-Regel legt, muss es zur Seite legen, bekommt keine Punkte und zieht ein neues; dann ist der Nächste dran.",
        "Wer behauptet, nicht legen zu können, obwohl ein Feld passt, legt sein Plättchen ebenso zur Seite und zieht ein neues.",
    ]),
    H("Spielende"),
    L(&[
        "Das Spiel endet, sobald der Spieler am Zug kein erlaubtes Feld für sein Plättchen hat, oder wenn alle Plättchen gelegt oder zur Seite gelegt sind.",
        "Punkte = Rundenzähler × 40 + Stand auf der Zählleiste. Die meisten Punkte gewinnen; bei Gleichstand teilen sich die Besten den Sieg.",
    ]),
    H("Solo"),
    P("Allein ziehst du ein Plättchen nach dem anderen, legst es sofort und wertest es – Ziel sind möglichst viele Punkte. Das Gerät merkt sich die besten Ergebnisse, getrennt nach Wertungsvariante."),
    H("In dieser App"),
    L(&[
        "Unterstützt (Standard): Nur erlaubte Felder nehmen das Plättchen an; jedes zeigt klein, wie viele Punkte es bringt. Hat der Spieler am Zug kein Feld mehr, endet das Spiel von selbst.",
        "Tischregeln: keine Markierungen. Ein Verstoß kostet das Plättchen wie oben; „Ich kann nicht legen“ beendet das Spiel, wenn es stimmt. Die App bemerkt jeden Verstoß sofort, darum bleibt nie ein falsch gelegtes Plättchen liegen.",
        "Ein Feld antippen zeigt dein Plättchen dort probeweise mit seinen Punkten; nochmal antippen (oder „Legen“) legt es.",
        "Felder heißen nach Reihe (A–I von oben) und Spalte (1–9 von links), z. B. C7. Der farbige Strich unter einem Plättchen zeigt, wer es gelegt hat.",
    ]),
    Note("Rekonstruiert: Das Heft zeigt nur eine Beispiel-Startaufstellung der Goldplättchen; die App lost sie nach derselben Bedingung aus."),
];

pub const EN: &[Block] = &[
    H("The idea"),
    P("One to four players lay number tiles on a board of 9 rows, 9 columns and 9 blocks of 3 × 3 fields. Every tile laid scores – the more tiles already lie in its block, row and column, the more."),
    H("Material"),
    P("81 tiles: 9 gold ones (1 to 9 once each) and 72 normal ones (1 to 9 eight times each), a score track of 40 spaces and round counters."),
    H("Setup"),
    L(&[
        "First the 9 gold tiles go on the board, exactly one in every row and every column. The app lays them at random; optionally also one per block, or you lay them by hand.",
        "The other 72 tiles are shuffled face down. Everyone draws one and keeps it secret.",
    ]),
    H("A turn"),
    L(&[
        "Lay your tile on a free field. The Sudoku rule applies: no number twice in a row, a column or a block.",
        "Score your turn and move your marker along the score track.",
        "Draw a new tile while any are left face down. Then the next player's turn; whoever is first in the player list starts.",
    ]),
    H("Scoring"),
    L(&[
        "Count the tiles already in the same block, plus the tiles in the same row and the same column outside that block. The tile just laid does not count; gold tiles count like any other.",
        "Variant “simple scoring”: only the whole row and the whole column count, whatever the block.",
        "Whoever reaches or passes start on the track takes a round counter – worth 40 points.",
    ]),
    H("Breaking the rule"),
    L(&[
        "A tile laid against the Sudoku rule is set aside: no points, draw a new one, and the next player moves.",
        "Whoever claims they cannot place while a field fits sets their tile aside the same way and draws a new one.",
    ]),
    H("End"),
    L(&[
        "The game ends as soon as the player to move has no legal field for their tile, or when every tile is laid or set aside.",
        "Points = round counters × 40 + track position. Most points win; equal best scores share the win.",
    ]),
    H("Solo"),
    P("Alone, you draw one tile after the other, lay it at once and score it – aim for as many points as you can. The device keeps the best results, one list per scoring variant."),
    H("In this app"),
    L(&[
        "Assisted (default): only legal fields take the tile; each shows in small print what it would score. When the player to move has no field left, the game ends by itself.",
        "Table rules: no marks. Breaking the rule costs the tile as above; “I cannot place” ends the game when it is true. The app notices every breach at once, so no wrongly laid tile ever stays on the board.",
        "Tapping a field shows your tile there with its points; tap again (or “Place”) to lay it.",
        "Fields are named by row (A–I from the top) and column (1–9 from the left), e.g. C7. The coloured bar under a tile shows who laid it.",
    ]),
    Note("Reconstructed: the booklet only shows an example start of the gold tiles; the app draws one under the same condition."),
];
