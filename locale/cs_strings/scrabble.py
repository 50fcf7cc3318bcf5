"""Issue 37, point 2: Scrabble as a club tournament's rule set (its settings, its sheet and
its pairing). A Scrabble round is an "kolo", a board a "stolek" (deska), a bye "volno"."""

CS = {
    "Scrabble": "Scrabble",
    "by rating (the top half against the bottom half)": "podle ratingu (horní polovina proti dolní)",
    "by lot": "losem",
    "spread of a Scrabble bye": "rozdíl skóre za volno ve Scrabblu",
    "A bye counts as a win by this many points.": "Volno se počítá jako výhra o tolik bodů.",
    "the first Scrabble round is paired": "první kolo Scrabblu se páruje",
    "the last Scrabble round king of the hill": "poslední kolo Scrabblu jako „král kopce“",
    "The last round pairs 1 against 2, 3 against 4, … as they stand.": "Poslední kolo páruje 1. proti 2., 3. proti 4., … podle průběžného pořadí.",
    "A round is paired already: Scrabble's settings are fixed at the first pairing and cannot change now.": "Kolo je už spárované: nastavení Scrabblu se určuje při prvním párování a teď se změnit nedá.",
    "The championship is played by its own rules; a local qualifier or a club tournament may choose the casual scoring, Syllabatim 2, Slovní poker or Scrabble. Fixed at the first draw.": "Mistrovství se hraje podle svých pravidel; místní kvalifikace nebo klubový turnaj si může zvolit hru pro zábavu, Syllabatim 2, Slovní poker nebo Scrabble. Pravidla se určí při prvním losování.",
    "Scrabble (only when the tournament plays it)": "Scrabble (jen když jej turnaj hraje)",
    "score when play stopped": "skóre na konci hry",
    "points of the tiles left": "body zbylých kamenů",
    "went out": "dohrál všechny kameny",
    "Scrabble is played by %(least)s to %(most)s players a board, not %(players)s": "Scrabble hrají %(least)s až %(most)s hráči u jedné desky, ne %(players)s",
    "„went out“ is yes or no": "„dohrál všechny kameny“ je ano, nebo ne",
    "went out, so no tiles are left: the tiles left cannot be worth %(tiles_left)s": "dohrál všechny kameny, žádné mu nezbyly: zbylé kameny nemohou mít hodnotu %(tiles_left)s",
    "no rack of up to %(rack)s tiles of the set is worth %(tiles_left)s points (at most %(most)s)": "žádný stojánek nejvýše %(rack)s kamenů sady nemá hodnotu %(tiles_left)s bodů (nejvýše %(most)s)",
    "player %(first)s went out already: the game ended then, only one goes out": "všechny kameny dohrál už hráč %(first)s: tím hra skončila, dohrát může jen jeden",
    "the tiles left are worth %(together)s together, more than the set's %(most)s on these racks": "zbylé kameny mají dohromady hodnotu %(together)s, víc než %(most)s, které sada na těchto stojáncích může mít",
}
