"""Czech of issue 34, point 7: the staff side by ear (the sheet's rare fields, presence and
fees saved from the top, the draw's swaps, the ceremony's control page, merges and lots)."""

CS = {
    "Disqualify a player from the whole game, or expel": "Diskvalifikovat hráče z celé partie nebo vyloučit",
    "Enter on a tick saves the whole list at once.": "Enter na zaškrtávacím políčku uloží celý seznam najednou.",
    "Swapped: %(first)s now sits at table %(table2)s, seat %(seat2)s; %(second)s at table %(table1)s, seat %(seat1)s.": "Vyměněno: %(first)s teď sedí u stolu %(table2)s na místě %(seat2)s, %(second)s u stolu %(table1)s na místě %(seat1)s.",
    "%(swap)s Not held now: %(rules)s.": "%(swap)s Teď nesplněno: %(rules)s.",
    "The draw is confirmed. Not held: %(rules)s.": "Los je potvrzen. Nesplněno: %(rules)s.",
    "Not held in this draw: %(rules)s.": "V tomto losu nesplněno: %(rules)s.",
    "id %(id)s": "id %(id)s",
    'compare with the first and merge<span class="visually-hidden">: %(name)s, id %(id)s</span>': 'porovnat s první a sloučit<span class="visually-hidden">: %(name)s, id %(id)s</span>',
    "Next: %(reveal)s": "Další: %(reveal)s",
    "The lot decided: %(order)s.": "Los rozhodl: %(order)s.",
    "place %(place)s: %(who)s": "%(place)s. místo: %(who)s",
}
