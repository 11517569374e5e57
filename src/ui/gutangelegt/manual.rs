//! Gut angelegt rules in our own words, German and English, as data for the shared renderer.

use crate::ui::screens::manual::Block::{self, *};

pub const DE: &[Block] = &[
    H("Worum es geht"),
    P("Zwei bis vier Spieler legen reihum Karten an. Jede Karte hat drei farbige Felder übereinander. Wer lange Reihen gleicher Farbe bildet, bekommt Punkte; nach 48 Karten gewinnt die höchste Summe."),
    H("Material"),
    P("48 Karten in vier Farben (rot, gelb, grün, blau): jede Farbfolge aus drei Feldern einmal (eine Folge und ihre Umkehrung zählen als eine Karte), dazu je zwei weitere einfarbige Karten. Jede Farbe kommt auf 36 Feldern vor."),
    H("Ablauf"),
    L(&[
        "Jeder hat 3 Karten verdeckt auf der Hand; eine Karte liegt offen als Anfang in der Mitte.",
        "Wer dran ist, legt eine Karte offen an – sie darf auch auf dem Kopf liegen – und zieht wieder auf 3 nach, solange der Vorrat reicht.",
        "Die erste Zeile wächst an beiden Enden, bis sie 12 Karten hat. Dann wählt der nächste Spieler eine der vier Ecken (oben oder unten, links oder rechts) und beginnt dort die nächste Zeile; sie wächst nur von dieser Ecke weg. Ebenso die dritte und vierte Zeile – am Ende liegen 4 Zeilen zu 12 Karten.",
    ]),
    H("Wertung"),
    L(&[
        "Nach jeder Karte zählt jede gerade Reihe (waagerecht, senkrecht, diagonal) aus mindestens 3 gleichfarbigen Feldern nebeneinander, die ein Feld der neuen Karte enthält.",
        "Waagerecht und senkrecht gibt es 1 Punkt je Feld, diagonal 2 Punkte je Feld. Wer eine alte Reihe verlängert, bekommt ihre ganze Länge. Jede Reihe zählt einmal, auch wenn mehrere Felder der neuen Karte in ihr liegen.",
        "Beispiele aus dem Heft: eine einfarbige Karte allein = senkrechte 3er-Reihe = 3 Punkte; waagerechte 3er- und diagonale 3er-Reihe = 3 + 6 = 9 Punkte; waagerechte 4er, senkrechte 3er, diagonale 4er und diagonale 6er = 4 + 3 + 8 + 12 = 27 Punkte.",
    ]),
    H("Ansagen (Option)"),
    P("Am Tisch muss jeder seine Reihen selbst ansagen: Zu viel Angesagtes wird berichtigt, Übersehenes ist verloren. Mit der Option „Ansagen“ markierst du deine Reihen selbst (erstes und letztes Feld antippen); eine falsche Ansage wird abgelehnt, nicht angesagte Reihen zählen nicht."),
    H("Spielende"),
    P("Liegen alle 48 Karten, gewinnt die höchste Punktzahl; bei Gleichstand teilen sich die Besten den Sieg."),
    H("In dieser App"),
    L(&[
        "Karte antippen, mit ⇅ drehen, einen markierten Platz antippen: die Karte erscheint dort mit den Reihen und Punkten, die sie bringt; nochmal tippen oder „Legen“.",
        "Nach jeder Karte bleiben ihre Reihen mit den Punkten eingezeichnet. Jede Farbe trägt ein eigenes Zeichen (Kreis, Dreieck, Quadrat, Raute).",
        "Felder heißen nach Zeile (A von oben) und Spalte (1 von links), z. B. C4–C7.",
    ]),
    Note("Rekonstruiert: Die genaue Kartenaufteilung und die Farben stehen nicht im Heft; die App verwendet den Kartensatz aus den Klarstellungen."),
];

pub const EN: &[Block] = &[
    H("The idea"),
    P("Two to four players take turns laying cards. Every card has three coloured fields, one above the other. Long lines of one colour score; after 48 cards the highest total wins."),
    H("Material"),
    P("48 cards in four colours (red, yellow, green, blue): every sequence of three fields once (a sequence and its reverse are one card), plus two more single-coloured cards per colour. Each colour covers 36 fields."),
    H("Play"),
    L(&[
        "Everyone holds 3 hidden cards; one card lies face up in the middle as the start.",
        "On your turn lay one card face up – it may also lie upside down – and draw back to 3 while the supply lasts.",
        "The first row grows at both ends until it has 12 cards. Then the next player picks one of the four corners (above or below, left or right) and starts the next row there; it only grows away from that corner. Rows three and four likewise – in the end 4 rows of 12 cards lie on the table.",
    ]),
    H("Scoring"),
    L(&[
        "After every card, each straight line (across, up or diagonal) of at least 3 same-coloured fields next to each other that contains a field of the new card scores.",
        "1 point per field across and up, 2 points per field diagonally. Extending an old line scores its whole length. Each line counts once, even when several fields of the new card lie in it.",
        "The rulebook's examples: a single-coloured card alone = a vertical 3 = 3 points; a horizontal 3 and a diagonal 3 = 3 + 6 = 9 points; a horizontal 4, vertical 3, diagonal 4 and diagonal 6 = 4 + 3 + 8 + 12 = 27 points.",
    ]),
    H("Announce (option)"),
    P("At the table everyone announces their own lines: over-claims are corrected, missed lines are lost. With the “announce” option you mark your lines yourself (tap the first and the last field); a wrong claim is refused, lines not announced do not score."),
    H("End"),
    P("When all 48 cards lie, the highest score wins; equal best scores share the win."),
    H("In this app"),
    L(&[
        "Tap a card, turn it with ⇅, tap a marked place: the card shows there with the lines and points it would make; tap again or “Lay”.",
        "After every card its lines stay drawn with their points. Every colour carries its own sign (circle, triangle, square, diamond).",
        "Fields are named by row (A from the top) and column (1 from the left), e.g. C4–C7.",
    ]),
    Note("Reconstructed: the rulebook gives neither the exact card set nor the colours; the app uses the deck from the clarifications."),
];
