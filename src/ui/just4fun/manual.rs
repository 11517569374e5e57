//! Just 4 Fun rules in our own words.

use crate::ui::i18n::is_de;
use leptos::prelude::*;

#[component]
pub fn RulesText() -> impl IntoView {
    if is_de() {
        view! {
            <h2>"Worum es geht"</h2>
            <p>"Zwei bis vier Spieler setzen Steine auf einen Plan mit den Zahlen 1 bis 36. Wer auf vier Feldern, die in einer geraden Linie direkt aneinandergrenzen (waagerecht, senkrecht oder schräg), jeweils die meisten Steine hat, gewinnt sofort."</p>
            <h2>"Material"</h2>
            <p>"55 Karten: die Werte 1 bis 12 je viermal, 13 bis 19 je einmal. Jeder hat 20 Steine seiner Farbe und 4 Karten auf der Hand."</p>
            <h2>"Ein Zug"</h2>
            <ul>
                <li>"Lege 1 bis 4 Karten ab. Ihre Summe ist die Zahl des Feldes, auf das du genau einen Stein setzt."</li>
                <li>"Danach ziehst du wieder auf 4 Karten auf. Ist der Stapel leer, wird die Ablage gemischt und bildet den neuen Stapel."</li>
                <li>"Wer spielen kann, muss spielen. Passt keine Kombination auf ein erlaubtes Feld, wirfst du alle 4 Karten ab, ziehst 4 neue, und dein Zug ist vorbei."</li>
                <li>"Auf einem Feld dürfen mehrere Farben stehen; eigene Steine werden gestapelt. Deine Steine stehen auf der Seite des Feldes, die zu deinem Platz zeigt."</li>
            </ul>
            <h2>"Zwei Steine Vorsprung"</h2>
            <ul>
                <li>"Hat ein anderer auf einem Feld mindestens zwei Steine mehr als du, darfst du dort nicht setzen."</li>
                <li>"Hast du nach deinem Zug auf einem Feld zwei Steine mehr als jeder andere, gehört es dir sicher: deine Steine rücken in die Mitte, alle fremden Steine dort kommen in die Schachtel (sie sind verbraucht)."</li>
            </ul>
            <h2>"Spielende"</h2>
            <ul>
                <li>"Vier in einer Reihe mit Mehrheit (mehr Steine als jeder andere; ein einzelner Stein genügt, wenn sonst niemand dort steht) gewinnt sofort."</li>
                <li>"Wer keine Steine mehr hat, setzt aus. Haben alle ihre 20 Steine verbraucht, wird abgerechnet: auf jedem Feld bleibt nur die Farbe mit den meisten Steinen, bei Gleichstand wird das Feld geräumt. Jeder zählt die Zahlen seiner Felder zusammen; die höchste Summe gewinnt. Bei gleicher Summe gewinnt, wem das höchste Feld gehört."</li>
            </ul>
            <h2>"In dieser App"</h2>
            <p>"Tippe Karten an: Summe und Zielfeld werden angezeigt. Oder tippe ein markiertes Feld: die App wählt passende Karten; ein zweiter Tipp setzt den Stein. Option: zufällige Anordnung der Zahlen."</p>
            <p class="note">"Rekonstruiert: Die Anordnung der Zahlen auf dem gedruckten Plan ist nicht veröffentlicht; der Standardplan hier ist ein magisches Quadrat."</p>
        }
        .into_any()
    } else {
        view! {
            <h2>"The idea"</h2>
            <p>"Two to four players place stones on a board numbered 1 to 36. Whoever has the most stones on each of four fields that touch in a straight line (across, down or diagonally) wins at once."</p>
            <h2>"Material"</h2>
            <p>"55 cards: values 1 to 12 four times each, 13 to 19 once each. Everyone has 20 stones of their colour and 4 cards in hand."</p>
            <h2>"A turn"</h2>
            <ul>
                <li>"Play 1 to 4 cards. Their total is the number of the field where you put exactly one stone."</li>
                <li>"Then draw back up to 4 cards. When the draw pile runs out, the discards are shuffled into a new one."</li>
                <li>"If you can play, you must. If no combination fits a field you may use, discard all 4 cards, draw 4 new ones, and your turn ends."</li>
                <li>"Several colours may share a field; your own stones stack. Your stones sit on the side of the field facing your seat."</li>
            </ul>
            <h2>"Two stones ahead"</h2>
            <ul>
                <li>"If another player has at least two stones more than you on a field, you may not place there."</li>
                <li>"If after your move you have two stones more than everyone else on a field, it is safely yours: your stones move to the centre and all other stones there go to the box (they are used up)."</li>
            </ul>
            <h2>"End of the game"</h2>
            <ul>
                <li>"Four in a line with a majority (more stones than anyone else; a single stone is enough when nobody else is there) wins immediately."</li>
                <li>"A player without stones is skipped. When everyone has used all 20, each field goes to the colour with the most stones; a tie clears it. Everyone adds up the numbers of their fields; the highest total wins. With equal totals, the owner of the highest field wins."</li>
            </ul>
            <h2>"In this app"</h2>
            <p>"Tap cards to see their total and target field. Or tap a marked field: the app picks matching cards; a second tap places the stone. Option: random arrangement of the numbers."</p>
            <p class="note">"Reconstructed: the printed board's arrangement of the numbers is not published; the standard board here is a magic square."</p>
        }
        .into_any()
    }
}
