"""Issue 37, the review's mending: a Scrabble round's bye gets no table link."""

CS = {
    "Table %(table)s is a bye, a win without a game: it has no sheet and no link.": "Stůl %(table)s je volno, výhra bez hry: nemá zápis ani odkaz.",
}
