"""Czech of the move clock at a table (protests 3): the referee's order at the desk, the
table's phone page, the log."""

CS = {
    # the order (scoring/models.py, scoring/clocks.py)
    "seconds a move": "sekund na tah",
    "ordered at": "nařízeno",
    "ordered by": "nařídil(a)",
    "switched off at": "vypnuto",
    "switched off by": "vypnul(a)",
    "move clock of a table": "hodiny u stolu",
    "move clocks of tables": "hodiny u stolů",
    "The table's clock is on already.": "Hodiny u stolu už jsou zapnuté.",
    "Table %(table)s (%(stage)s, game %(game)s)": "Stůl %(table)s (%(stage)s, partie %(game)s)",
    "%(where)s: a limit of %(seconds)s s a move is too short; the regulations allow no less than %(minimum)s s (protests 3).": "%(where)s: limit %(seconds)s s na tah je příliš krátký; Herní řád dovoluje nejméně %(minimum)s s (protesty a reklamace, bod 3).",
    "%(where)s: the game's draw is not confirmed yet.": "%(where)s: los partie ještě není potvrzený.",
    "%(where)s: the clock was switched on meanwhile; look at it again.": "%(where)s: hodiny mezitím zapnul někdo jiný; podívejte se na ně znovu.",
    "%(where)s: the clock is not on.": "%(where)s: hodiny nejsou zapnuté.",
    # the log (scoring/log.py)
    "move clocks": "hodiny na tah",
    "%(stage)s, game %(game)s, table %(table)s: play with a clock ordered, %(seconds)s s a move": "%(stage)s, partie %(game)s, stůl %(table)s: nařízena hra s hodinami, %(seconds)s s na tah",
    "%(stage)s, game %(game)s, table %(table)s: the clock switched off (it was %(seconds)s s a move)": "%(stage)s, partie %(game)s, stůl %(table)s: hodiny vypnuty (bylo %(seconds)s s na tah)",
    # the desk (desk/views/clocks.py, desk/forms.py, templates/desk/clock.html, the game page)
    "Seconds a move": "Sekund na tah",
    "At least %(minimum)s seconds a move (protests 3 of the regulations).": "Nejméně %(minimum)s sekund na tah (Herní řád, protesty a reklamace, bod 3).",
    "Table %(table)s plays with a clock: %(seconds)s s a move. Its phone page shows the clock once it is opened or reloaded.": "Stůl %(table)s hraje s hodinami: %(seconds)s s na tah. Stránka stolu v telefonu ukáže hodiny, jakmile se otevře nebo znovu načte.",
    "Table %(table)s plays without the clock again.": "Stůl %(table)s hraje opět bez hodin.",
    "Clock at table %(table)s": "Hodiny u stolu %(table)s",
    "Where a game drags on because players take too long over their moves, the referee may order the table to play with a clock, a limit on each move of at least a minute (protests 3 of the regulations). The table's phone page then runs the clock: one large button (or the space bar) starts each move, and it sounds and vibrates %(seconds)s seconds before the end and at the end. The log keeps when the table played on the clock and with what limit.": "Probíhá-li partie nepřiměřeně dlouho, protože hráči nad míru otálejí se svými tahy, může rozhodčí nařídit stolu hru s hodinami a limit na tah, nejméně jednu minutu (Herní řád, protesty a reklamace, bod 3). Stránka stolu v telefonu pak hodiny spouští: každý tah začíná jedno velké tlačítko (nebo mezerník) a %(seconds)s sekund před koncem a na konci telefon zazní a zavibruje. Záznam turnaje uchová, kdy stůl hrál s hodinami a s jakým limitem.",
    "The clock is on: %(seconds)s s a move (ordered by %(who)s at %(when)s).": "Hodiny jsou zapnuté: %(seconds)s s na tah (nařídil(a) %(who)s, %(when)s).",
    "The table plays without a clock.": "Stůl hraje bez hodin.",
    "Change the limit": "Změnit limit",
    "Switch the clock on": "Zapnout hodiny",
    "Switch the clock off": "Vypnout hodiny",
    "Move clock": "Hodiny na tah",
    "on, %(seconds)s s a move": "zapnuté, %(seconds)s s na tah",
    ("the move clock", "off"): "vypnuté",
    ("the move clock", "order"): "nařídit",
    "clock at table %(number)s": "hodiny u stolu %(number)s",
    # the table's phone page (templates/scorekeeper/table.html, static/scorekeeper/clock.js)
    "Clock": "Hodiny",
    "The referee ordered play with a clock: %(seconds)s s a move.": "Rozhodčí nařídil hru s hodinami: %(seconds)s s na tah.",
    "Start each move with the button or the space bar; the phone sounds and vibrates %(seconds)s seconds before the end and at the end.": "Každý tah spusťte tlačítkem nebo mezerníkem; telefon zazní a zavibruje %(seconds)s sekund před koncem a na konci.",
    "Start the move": "Spustit tah",
    "Next move": "Další tah",
    "%(seconds)s second left.": (
        "Zbývá %(seconds)s sekunda.",
        "Zbývají %(seconds)s sekundy.",
        "Zbývá %(seconds)s sekund.",
    ),
    "Time is up.": "Čas vypršel.",
}
