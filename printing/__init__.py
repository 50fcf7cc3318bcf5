"""What is where (the README's map in detail): Printouts (``/sprava/<slug>/tisk/`` for the
organiser, ``/turnaj/<slug>/ke-stazeni/`` for everyone): PDF score sheets (also blank), seating
(large-print list and a plan of each table), standings, results, certificates and each player's
card (``/sprava/<slug>/tisk/``: everybody's at once, a page a player; one player's linked from
their public page, ``/turnaj/<slug>/ke-stazeni/hrac/<number>/pdf|large-pdf|html|brf|txt/``, held
results left out: every round of every game, the totals per game and stage, closes, best round,
places and sanctions, read from the standings' rows: ``scoring/cards.py``), in DejaVu Sans
shipped in ``printing/fonts/`` with its licence; the standings also in large print (18 pt);
beside each public PDF its accessible twin, the same document as a web page (``twin.py``:
reportlab writes no tagged PDF); Braille (BRF and Unicode Braille) through liblouis' Czech
table; the ceremony's order as a handout (large print and Braille, the organiser's only); the
championship workbook. The registration spreadsheet lives in ``tournament/registration.py``.
"""
