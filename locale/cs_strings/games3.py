"""Issue 37: a Slovní poker game's deals past round 7 (the draws, the formats' check).

A deal is a "hra", the play to the deal wins at a table a "partie" (as in games.py)."""

CS = {
    "A Slovní poker game is played deal after deal until a player has won the deals the tournament sets: its rounds are not typed.": "Partie Slovního pokeru se hraje hru za hrou, dokud některý hráč nevyhraje tolik her, kolik turnaj stanoví: její kola se nezadávají.",
    "A Slovní poker game's rounds are its deals until a player has won the deals the tournament sets: they are not typed nor drawn.": "Kola partie Slovního pokeru jsou její hry, dokud některý hráč nevyhraje tolik her, kolik turnaj stanoví: nezadávají se ani nelosují.",
    "a game has rounds %(first)s to %(last)s, not %(rounds)s": "partie má kola %(first)s až %(last)s, ne %(rounds)s",
    "not played: the game was won": "nehraje se: partie už skončila",
    "games won": "vyhrané partie",
    "deals won": "vyhrané hry",
    "Slovní poker (only when the tournament plays it)": "Slovní poker (jen když jej turnaj hraje)",
    "A game is drawn already: Slovní poker's settings are fixed at the first draw and cannot change now.": "Partie je už vylosovaná: nastavení Slovního pokeru se určuje při prvním losování a teď se změnit nedá.",
    "A Slovní poker game is drawn with every deal its largest table can need; a table's game ends when a player has won the deals the tournament sets.": "Partie Slovního pokeru se losuje se všemi hrami, které může potřebovat její největší stůl; partie u stolu skončí, jakmile některý hráč vyhraje tolik her, kolik turnaj stanoví.",
}
