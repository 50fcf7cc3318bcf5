"""Issue 37: the association's other games, Slovní poker and Scrabble, in club tournaments.

Slovní poker's words follow its rules (pravidla-slovni-poker.txt): a deal is a "hra" (the
rules: "vyhrává tuto hru"), the play to five deal wins at a table is a "partie"."""

CS = {
    "points of the word": "body slova",
    "points left in hand": "body karet v ruce",
    "Slovní poker is played by %(least)s to %(most)s players a table, not %(players)s": "Slovní poker hraje u stolu %(least)s až %(most)s hráčů, ne %(players)s",
    "%(hand)s cards in hand are worth %(most)s points at most, not %(left)s": "karty v ruce (nejvýše %(hand)s) mají nejvýše %(most)s bodů, ne %(left)s",
    "with %(left)s points left in hand the word is worth %(least)s to %(most)s points, not %(word)s": "karty v ruce za %(left)s: slovo pak má %(least)s až %(most)s bodů, ne %(word)s",
    "with %(left)s points left in hand the word's cards alone are worth %(least)s points at least, not %(word)s": "karty v ruce za %(left)s: samotné karty slova pak mají nejméně %(least)s bodů, ne %(word)s",
    "the game was won in deal %(ended_after)s: deal %(deal)s is not played": "partie skončila výhrou v %(ended_after)s. hře: %(deal)s. hra se už nehraje",
    "deal %(deal)s cannot be entered before deal %(next)s": "%(deal)s. hru nelze zapsat před %(next)s. hrou",
    "Slovní poker": "Slovní poker",
    "deal wins": "výhry ve hrách",
    "a points limit": "bodový limit",
    "a Slovní poker game is played to": "partie Slovního pokeru se hraje na",
    "deal wins that win a game": "výher ve hrách k výhře v partii",
    "points that win a game": "bodů k výhře v partii",
    "order of the Slovní poker standings": "pořadí kritérií ve výsledcích Slovního pokeru",
    "Games won, deals won and points, in the organiser's order.": "Vyhrané partie, vyhrané hry a body v pořadí, které určil pořadatel.",
    "Order some of games_won, deals_won and points, each once, separated by commas, not „%(value)s“.": "Uveďte některá z games_won, deals_won a points, každé nejvýš jednou, oddělená čárkami, ne „%(value)s“.",
    "Games won": "Vyhrané partie",
    "Deals won": "Vyhrané hry",
    "%(count)s game won": (
        "%(count)s vyhraná partie",
        "%(count)s vyhrané partie",
        "%(count)s vyhraných partií",
    ),
    "%(count)s deal won": (
        "%(count)s vyhraná hra",
        "%(count)s vyhrané hry",
        "%(count)s vyhraných her",
    ),
    "best deal %(points)s": "nejlepší hra %(points)s",
    "Deals played": "Odehrané hry",
}
