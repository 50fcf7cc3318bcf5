"""Czech of what a blind reader hears on the public pages (issue 34, points 1, 4, 5 and 6):
the medal the ceremony says with each place, the live refresh's words."""

CS = {
    # the ceremony says the medal of each place (scoring/ceremony.py)
    ("ceremony", "gold medal"): "zlatá medaile",
    ("ceremony", "silver medal"): "stříbrná medaile",
    ("ceremony", "bronze medal"): "bronzová medaile",
    # standings: the start number said after the place (public/tables.py)
    # (msgid "start number" is core.py's: "startovní číslo")
    # the player page: the place after each game in words
    "game %(game)s: place %(rank)s": "partie %(game)s: %(rank)s. místo",
    # the standings' live refresh, reloaded while paused (static/public/live.js)
    "The updates are paused: the standings stay as they are until you resume them.": "Obnovování je pozastaveno: pořadí zůstane, jak je, dokud ho znovu nezapnete.",
    # the downloads: each twin linked once, beside the print PDF
    "Their accessible web pages are linked beside the print PDFs.": "Jejich přístupné webové stránky jsou odkázány vedle PDF k tisku.",
    # a chart's image named without the Czech name on a page in another language
    "Running total in the %(stage)s": "Průběžný součet – %(stage)s",
}
