"""Issue 37 review (helper poker2): Slovní poker to a points limit, its printed sheets.

A deal is a "hra", the play at a table to its end a "partie" (as in games.py)."""

CS = {
    "the most deals of a game to a points limit": "nejvíc her partie na bodový limit",
    "A game to a points limit is drawn with this many deals; when nobody has reached the limit after the last of them, the most points win the game.": "Partie na bodový limit se losuje s tolika hrami; když po poslední z nich nikdo limitu nedosáhl, partii vyhrává ten, kdo má nejvíc bodů.",
    "A Slovní poker game to %(limit)s points is drawn with the %(deals)s deal the tournament sets; a table's game ends when a player reaches the limit, or after the last deal to the most points.": (
        "Partie Slovního pokeru na %(limit)s bodů se losuje s %(deals)s hrou, kterou turnaj stanoví; partie u stolu skončí, jakmile některý hráč dosáhne limitu, nebo po poslední hře a vyhrává ji ten, kdo má nejvíc bodů.",
        "Partie Slovního pokeru na %(limit)s bodů se losuje s %(deals)s hrami, které turnaj stanoví; partie u stolu skončí, jakmile některý hráč dosáhne limitu, nebo po poslední hře a vyhrává ji ten, kdo má nejvíc bodů.",
        "Partie Slovního pokeru na %(limit)s bodů se losuje s %(deals)s hrami, které turnaj stanoví; partie u stolu skončí, jakmile některý hráč dosáhne limitu, nebo po poslední hře a vyhrává ji ten, kdo má nejvíc bodů.",
    ),
    "The game at this table was won in deal %(number)s: its later deals are not played.": "Partie u tohoto stolu skončila ve %(number)s. hře: další hry se u něj nehrají.",
    "Word's points": "Body slova",
    "Points left in hand": "Body karet v ruce",
    "Deal result": "Výsledek hry",
    "the table has %(size)s players; a table of Slovní poker holds at most %(maximum)s": "u stolu je %(size)s hráčů; stůl Slovního pokeru má nejvýš %(maximum)s míst",
    "The tournament is not over yet: the order below is provisional, and ties are drawn only when it is over.": "Turnaj ještě neskončil: pořadí níže je předběžné a shody se losují až po jeho skončení.",
}
