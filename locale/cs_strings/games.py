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
    "Slovní poker": "Slovní poker",
    "deal wins": "výhry v kolech",
    "a points limit": "bodový limit",
    "a Slovní poker game is played to": "hra Slovního pokeru se hraje na",
    "deal wins that win a game": "výher v kolech k výhře ve hře",
    "points that win a game": "bodů k výhře ve hře",
    "order of the Slovní poker standings": "pořadí kritérií ve výsledcích Slovního pokeru",
    "Games won, deals won and points, in the organiser's order.": "Vyhrané hry, vyhraná kola a body v pořadí, které určil pořadatel.",
    "Order some of games_won, deals_won and points, each once, separated by commas, not „%(value)s“.": "Uveďte některá z games_won, deals_won a points, každé nejvýš jednou, oddělená čárkami, ne „%(value)s“.",
    "Games won": "Vyhrané hry",
    "Deals won": "Vyhraná kola",
}
