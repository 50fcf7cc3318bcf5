"""Issue 35: the rating from the points against the table; a field the rules do not ask is
refused, not left out."""

CS = {
    "Every complete game at a table of a rated tournament counts: each player's points against the mean points of the others at the table, and the others' ratings (the same points against a stronger table count for more). The rating is a cautious estimate of a player's skill: it grows as the games show more of it, and a newcomer starts at %(base)s.": "Počítá se každá dohraná partie u stolu v hodnoceném turnaji: body každého hráče proti průměru bodů ostatních u stolu a rating ostatních (stejné body proti silnějšímu stolu znamenají víc). Rating je opatrný odhad hráčovy dovednosti: roste, jak partie ukazují víc z ní; nováček začíná na %(base)s.",
    "the field %(field)s is not on this tournament's score sheet (its rules do not ask it): it is refused, not left out": "pole %(field)s na zápisu tohoto turnaje není (jeho pravidla ho nežádají): odmítá se, nevynechává se",
    "what the fingerprint is of": "z čeho je otisk",
}
