"""Helper "attack": a Scrabble score over any possible refused with its place."""

CS = {
    "no game of Scrabble scores %(score)s: no score exceeds %(most)s": "skóre %(score)s žádná hra Scrabble nedá: žádné skóre nepřesáhne %(most)s",
}
