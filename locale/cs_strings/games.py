"""Issue 37: the association's other games, Slovní poker and Scrabble, in club tournaments."""

CS = {
    "points of the word": "body slova",
    "points left in hand": "body karet v ruce",
    "Slovní poker is played by %(least)s to %(most)s players a table, not %(players)s": "Slovní poker hraje u stolu %(least)s až %(most)s hráčů, ne %(players)s",
    "%(hand)s cards in hand are worth %(most)s points at most, not %(left)s": "karty v ruce (nejvýše %(hand)s) mají nejvýše %(most)s bodů, ne %(left)s",
    "with %(left)s points left in hand the word is worth %(least)s to %(most)s points, not %(word)s": "karty v ruce za %(left)s: slovo pak má %(least)s až %(most)s bodů, ne %(word)s",
    "with %(left)s points left in hand the word's cards alone are worth %(least)s points at least, not %(word)s": "karty v ruce za %(left)s: samotné karty slova pak mají nejméně %(least)s bodů, ne %(word)s",
    "the game was won in deal %(ended_after)s: deal %(deal)s is not played": "hra skončila výhrou v %(ended_after)s. kole: %(deal)s. kolo se už nehraje",
    "deal %(deal)s cannot be entered before deal %(next)s": "%(deal)s. kolo nelze zapsat před %(next)s. kolem",
}
