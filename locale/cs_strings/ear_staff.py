"""Czech of issue 34, point 7: the staff side by ear (the sheet's rare fields, presence and
fees saved from the top, the draw's swaps, the ceremony's control page, merges and lots)."""

CS = {
    "Disqualify a player from the whole game, or expel": "Diskvalifikovat hráče z celé partie nebo vyloučit",
    "Enter on a tick saves the whole list at once.": "Enter na zaškrtávacím políčku uloží celý seznam najednou.",
}
