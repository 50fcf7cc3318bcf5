"""The desk's game workbook under Slovní poker and Scrabble: each rule set's own fields.

Slovní poker's deal is a "hra" (as in ``games.py``, after its rules)."""

CS = {
    "The game, %(player)s starts": "Hra, začíná %(player)s",
    "Deal %(number)s, %(player)s starts": "Hra %(number)s, začíná %(player)s",
    "Fill in %(counts)s as whole numbers and %(flags)s as „%(yes)s“ or „%(no)s“ when the game is over; do not move rows or columns.": "Po skončení hry vyplňte %(counts)s celými čísly a %(flags)s jako „%(yes)s“ nebo „%(no)s“; řádky ani sloupce nepřesouvejte.",
    "Fill in %(counts)s as whole numbers. Leave a deal empty until it is played (and after the game is won); do not move rows or columns.": "Vyplňte %(counts)s celými čísly. Hru, která se ještě nehrála (nebo už po výhře v partii nehraje), nechte prázdnou; řádky ani sloupce nepřesouvejte.",
    "%(place)s (%(field)s)": "%(place)s (%(field)s)",
}

# The public standings' legend of a shared place under Slovní poker (its deal is a "hra", its
# game a "partie"), the criteria in the organiser's order.
CS.update(
    {
        ("equal", "games won"): "vyhrané partie",
        ("equal", "deals won"): "vyhrané hry",
        ("equal", "points"): "body",
        ("equal", "%(earlier)s and %(last)s"): "%(earlier)s i %(last)s",
        "A star after the place: the place is shared (equal %(criteria)s).": "Hvězdička za pořadím: místo je dělené (stejné %(criteria)s).",
        "A star after the place: the place is shared (equal %(criteria)s, ranked in this order).": "Hvězdička za pořadím: místo je dělené (stejné %(criteria)s; o pořadí rozhodují v tomto sledu).",
    }
)
