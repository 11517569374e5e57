//! Just 4 Fun rules in our own words, German and English, as data for the shared rules renderer.

use crate::ui::screens::manual::Block::{self, *};

pub const DE: &[Block] = &[
    H("Worum es geht"),
    P("Zwei bis vier Spieler setzen Steine auf einen Plan mit den Zahlen 1 bis 36. Wer auf vier Feldern, die in einer geraden Linie direkt aneinandergrenzen (waagerecht, senkrecht oder schräg), jeweils die meisten Steine hat, gewinnt sofort."),
    H("Material"),
    P("55 Karten: die Werte 1 bis 12 je viermal, 13 bis 19 je einmal. Jeder hat 20 Steine seiner Farbe und 4 Karten auf der Hand."),
    H("Ein Zug"),
    L(&[
        "Lege 1 bis 4 Karten ab. Ihre Summe ist die Zahl des Feldes, auf das du genau einen Stein setzt.",
        "Danach ziehst du wieder auf 4 Karten auf. Ist der Stapel leer, wird die Ablage gemischt und bildet den neuen Stapel.",
        "Wer spielen kann, muss spielen. Passt keine Kombination auf ein erlaubtes Feld, wirfst du alle 4 Karten ab, ziehst 4 neue, und dein Zug ist vorbei.",
        "Auf einem Feld dürfen mehrere Farben stehen; eigene Steine werden gestapelt. Deine Steine stehen auf der Seite des Feldes, die zu deinem Platz zeigt.",
    ]),
    H("Zwei Steine Vorsprung"),
    L(&[
        "Hat ein anderer auf einem Feld mindestens zwei Steine mehr als du, darfst du dort nicht setzen.",
        "Hast du nach deinem Zug auf einem Feld zwei Steine mehr als jeder andere, gehört es dir sicher: deine Steine rücken in die Mitte, alle fremden Steine dort kommen in die Schachtel (sie sind verbraucht).",
    ]),
    H("Spielende"),
    L(&[
        "Vier in einer Reihe mit Mehrheit (mehr Steine als jeder andere; ein einzelner Stein genügt, wenn sonst niemand dort steht) gewinnt sofort.",
        "Wer keine Steine mehr hat, setzt aus. Haben alle ihre 20 Steine verbraucht, wird abgerechnet: auf jedem Feld bleibt nur die Farbe mit den meisten Steinen, bei Gleichstand wird das Feld geräumt. Jeder zählt die Zahlen seiner Felder zusammen; die höchste Summe gewinnt. Bei gleicher Summe gewinnt, wem das höchste Feld gehört.",
    ]),
    H("In dieser App"),
    P("Tippe Karten an: Summe und Zielfeld werden angezeigt. Oder tippe ein markiertes Feld: die App wählt passende Karten; ein zweiter Tipp setzt den Stein. Option: zufällige Anordnung der Zahlen."),
    Note("Rekonstruiert: Die Anordnung der Zahlen auf dem gedruckten Plan ist nicht veröffentlicht; der Standardplan hier ist ein magisches Quadrat."),
];

pub const EN: &[Block] = &[
    H("The idea"),
    P("Two to four players place stones on a board numbered 1 to 36. Whoever has the most stones on each of four fields that touch in a straight line (across, down or diagonally) wins at once."),
    H("Material"),
    P("55 cards: values 1 to 12 four times each, 13 to 19 once each. Everyone has 20 stones of their colour and 4 cards in hand."),
    H("A turn"),
    L(&[
        "Play 1 to 4 cards. Their total is the number of the field where you put exactly one stone.",
        "Then draw back up to 4 cards. When the draw pile runs out, the discards are shuffled into a new one.",
        "If you can play, you must. If no combination fits a field you may use, discard all 4 cards, draw 4 new ones, and your turn ends.",
        "Several colours may share a field; your own stones stack. Your stones sit on the side of the field facing your seat.",
    ]),
    H("Two stones ahead"),
    L(&[
        "If another player has at least two stones more than you on a field, you may not place there.",
        "If after your move you have two stones more than everyone else on a field, it is safely yours: your stones move to the centre and all other stones there go to the box (they are used up).",
    ]),
    H("End of the game"),
    L(&[
        "Four in a line with a majority (more stones than anyone else; a single stone is enough when nobody else is there) wins immediately.",
        "A player without stones is skipped. When everyone has used all 20, each field goes to the colour with the most stones; a tie clears it. Everyone adds up the numbers of their fields; the highest total wins. With equal totals, the owner of the highest field wins.",
    ]),
    H("In this app"),
    P("Tap cards to see their total and target field. Or tap a marked field: the app picks matching cards; a second tap places the stone. Option: random arrangement of the numbers."),
    Note("Reconstructed: the printed board's arrangement of the numbers is not published; the standard board here is a magic square."),
];
