"""Issue 35, point 4, the rest: a club tournament's one stage is the tournament, not a
qualification, on the public "how we draw" page and the person's rating history."""

CS = {
    "Tables, the tournament's rounds and the lots for ties are drawn by the computer. So that nobody has to take the draw on trust, every draw is committed first and revealed afterwards.": "Stoly, kola turnaje a losy při shodě losuje počítač. Aby nikdo nemusel losu jen věřit, každý los se nejdřív zaváže a potom odhalí.",
    "the tables of the tournament's game 2 and its rounds (3 to 7 rounds), from one seed;": "stoly 2. partie turnaje a její kola (3 až 7 kol) z jednoho semínka;",
    "the lot for places 6 and 7 of the tournament (all categories in one list).": "los o 6. a 7. místo v turnaji (všechny kategorie v jednom pořadí).",
    "Options that change the draw and are not visible otherwise are part of the name: rounds=typed (the organiser typed the rounds), tables=N (the organiser chose the number of tables), seating=kept (the tournament keeps game 1's seating, only the starting players are drawn), sighted=no, teammates=no, repeats=no (a preference of the draw switched off).": "Volby, které los mění a jinak nejsou vidět, jsou součástí názvu: rounds=typed (kola zadal pořadatel), tables=N (počet stolů zvolil pořadatel), seating=kept (turnaj drží zasedací pořádek 1. partie, losují se jen začínající hráči), sighted=no, teammates=no, repeats=no (vypnutá zásada losu).",
}
