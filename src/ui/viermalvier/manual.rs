//! Vier mal Vier rules in our own words, German and English, as data for the shared renderer.

use crate::ui::screens::manual::Block::{self, *};

pub const DE: &[Block] = &[
    H("Worum es geht"),
    P("Zwei Spieler bauen gemeinsam eine Mauer aus höchstens 4 × 4 Steinen, die zwischen ihnen steht. Jeder Stein trägt auf zwei gegenüberliegenden Seiten je eine Form: T, U, V oder W. Wer auf seiner Seite eine Reihe aus vier gleichen oder vier verschiedenen Formen hat, gewinnt."),
    H("Material"),
    P("16 verschiedene Steine in vier Farben; jede Farbe hat vier Steine. Die Tafeln zeigen, welche Steine noch nicht verbaut sind."),
    H("Ein Zug"),
    L(&[
        "Nimm einen beliebigen Stein und drehe ihn so, dass die Form, die du willst, zu dir zeigt – die andere zeigt automatisch zum Gegner.",
        "Der erste Stein steht in der Mitte. Jeder weitere kommt direkt neben die unterste Reihe (sie bleibt lückenlos und wächst nach links oder rechts, höchstens 4 Steine) oder auf einen Stein. Höchstens 4 Steine übereinander.",
        "Farbregel: In jeder waagerechten und senkrechten Reihe darf jede Farbe nur einmal vorkommen. Ein falscher Stein geht zurück und derselbe Spieler ist noch einmal dran.",
        "Jeder sieht nur seine Seite der Mauer. Von oben sind bei den obersten Steinen beide Formen zu erkennen, und die Tafeln zeigen, welche Steine noch da sind.",
    ]),
    H("Spielende"),
    L(&[
        "Sobald auf einer Seite waagerecht, senkrecht oder diagonal vier gleiche oder vier verschiedene Formen in einer Reihe stehen, endet das Spiel sofort.",
        "Entsteht die Viererreihe nur auf der Seite dessen, der gesetzt hat, gewinnt er. Entsteht sie (auch) auf der Seite des Gegners, gewinnt der Gegner.",
        "Passt kein Stein mehr, ohne dass eine Viererreihe entstanden ist, bekommt jeder für jede Reihe aus drei gleichen Formen nebeneinander (waagerecht, senkrecht, diagonal) auf seiner Seite einen Punkt. Mehr Punkte gewinnen; Gleichstand ist möglich.",
    ]),
    H("Match über mehrere Partien"),
    P("Der Startspieler wechselt von Partie zu Partie. Ein Sieg mit Viererreihe bringt 7 Punkte; der Verlierer bekommt 1 Punkt je Dreierreihe und je Viererreihe aus gleichen Formen auf seiner Seite. Ohne Viererreihe bekommt jeder seine Dreierreihen-Punkte. Wer am Ende mehr Punkte hat, gewinnt."),
    H("Profiregel"),
    L(&[
        "Macht der gerade gesetzte Stein des Gegners eine vollständige Mauer aus 16 Steinen unmöglich, darfst du vor deinem eigenen Zug Einspruch erheben: Der Stein geht zurück, und der Gegner ist noch einmal dran (mit beliebigem Stein an beliebiger Stelle). Ein unbegründeter Einspruch wird abgelehnt.",
        "Den eigenen solchen Stein zurücknehmen darf man nur mit Erlaubnis des Gegners.",
        "Wer feststellt, dass die Mauer nicht mehr vollständig werden kann, sagt es an – danach gibt es keinen Einspruch mehr.",
    ]),
    H("In dieser App"),
    L(&[
        "Ansicht „verdeckt“ (das Original): Das Gerät wird nach jedem Zug übergeben; jeder sieht nur seine Seite – gespiegelt, wie von seinem Platz aus –, die Oberseiten der obersten Steine und die Tafeln. Ansicht „offen“: beide Seiten nebeneinander.",
        "Stein antippen, mit ⇄ drehen, dann einen grünen Platz antippen; ein zweites Antippen oder „Setzen“ setzt ihn. Grau umrandete Plätze verletzen die Farbregel.",
        "Ohne Tafeln liegen die Steine ungeordnet auf einem Haufen – schwieriger, wie im Schlusswort empfohlen.",
        "Einspruch, erlaubte Rücknahme und Ansage prüft die App genau: Sie weiß immer, ob die Mauer noch vollständig werden kann. Will jemand seinen eigenen Stein zurücknehmen, fragt er; der Gegner tippt dann in seinem Zug auf „Rücknahme erlauben“.",
        "Die vierte Farbe heißt hier Blau; jede Farbe hat zusätzlich ein Zeichen (Kreis, Dreieck, Quadrat, Raute).",
    ]),
    Note("Rekonstruiert: Die Formen der 16 Steine stehen nicht im Regelheft; die App verwendet den Satz aus den Klarstellungen – jedes geordnete Formenpaar genau einmal, jede Farbe zeigt auf jeder Seite jede Form einmal."),
];

pub const EN: &[Block] = &[
    H("The idea"),
    P("Two players build one wall of at most 4 × 4 stones that stands between them. Every stone has a shape on two opposite faces: T, U, V or W. Whoever has a line of four same or four different shapes on their side wins."),
    H("Material"),
    P("16 different stones in four colours, four of each colour. The Tafeln show which stones are still unused."),
    H("A turn"),
    L(&[
        "Take any stone and turn it so the shape you want looks at you – the other one then looks at your opponent.",
        "The first stone stands in the middle. Every further stone goes right beside the bottom row (it stays gap-free and grows left or right, 4 stones at most) or on top of a stone. At most 4 stones high.",
        "Colour rule: every colour only once in each horizontal and vertical row. A wrong stone goes back and the same player moves again.",
        "Each player sees only their side of the wall. From above both shapes of the topmost stones can be seen, and the Tafeln show which stones are left.",
    ]),
    H("End"),
    L(&[
        "As soon as one side shows four same or four different shapes in a row, column or diagonal, the game ends at once.",
        "If only the mover's side has the four-row, the mover wins. If the opponent's side has one (alone or as well), the opponent wins.",
        "If no stone fits any more and there is no four-row, each player scores 1 point for every three same shapes next to each other (across, up, diagonally) on their side. More points win; a draw is possible.",
    ]),
    H("Match over several games"),
    P("The start player alternates. A four-row win scores 7; the loser gets 1 point per three-run and per four-row of same shapes on their side. Without a four-row each player scores their three-runs. More points at the end win."),
    H("Profi rule"),
    L(&[
        "If the stone your opponent just placed makes a complete wall of 16 stones impossible, you may object before your own move: the stone goes back and your opponent moves again (any stone, anywhere). An unfounded objection is refused.",
        "Taking back one's own such stone needs the opponent's permission.",
        "Whoever sees that the wall can no longer be completed announces it – after that there are no more objections.",
    ]),
    H("In this app"),
    L(&[
        "“Hidden” view (the original): the device is handed over after every move; each player sees only their side – mirrored, as from their chair –, the tops of the topmost stones and the Tafeln. “Open” view: both sides side by side.",
        "Tap a stone, turn it with ⇄, then tap a green place; a second tap or “Place” puts it there. Places with a grey outline break the colour rule.",
        "Without Tafeln the stones lie unsorted in a heap – harder, as the rulebook's closing words suggest.",
        "Objections, allowed take-backs and the announcement are checked exactly: the app always knows whether the wall can still be completed. To take back one's own stone, ask; the opponent then taps “Allow take-back” on their turn.",
        "The fourth colour is called blue here; every colour also has a sign (circle, triangle, square, diamond).",
    ]),
    Note("Reconstructed: the rulebook does not list the shapes of the 16 stones; the app uses the set from the clarifications – every ordered pair of shapes exactly once, each colour shows every shape once per face."),
];
