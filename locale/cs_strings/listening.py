"""Czech of what a screen reader says: sort controls, answers and outcomes spoken, the
accessible twins and large print of the downloads (issue 26)."""

CS = {
    # tables: the sort control's description (the header's name is the column's name)
    "Sorts the table by this column.": "Seřadí tabulku podle tohoto sloupce.",
    "The table is sorted by this column; the link reverses the order.": "Tabulka je seřazena podle tohoto sloupce; odkaz pořadí obrátí.",
    # what the provisional standings count
    "provisional standings during game %(game)s of %(planned)s (the rounds entered so far count)": "průběžné pořadí během partie %(game)s z %(planned)s (počítají se dosud zapsaná kola)",
    "provisional standings during game %(game)s (the rounds entered so far count)": "průběžné pořadí během partie %(game)s (počítají se dosud zapsaná kola)",
    # where do I sit: the answer first
    "%(stage)s, game %(game)s, table %(table)s, seat %(seat)s": "%(stage)s, partie %(game)s, stůl %(table)s, místo %(seat)s",
    "no seat in the games being played (%(games)s).": "žádné místo v partiích, které se hrají (%(games)s).",
    "no seat in the last games played (%(games)s).": "žádné místo v naposledy hraných partiích (%(games)s).",
    "Not drawn to a table yet.": "Zatím bez místa u stolu.",
    "Last seat: %(seat)s.": "Naposledy: %(seat)s.",
    "%(count)s player found": (
        "Nalezen %(count)s hráč",
        "Nalezeni %(count)s hráči",
        "Nalezeno %(count)s hráčů",
    ),
    "No seat in the games being played": "Žádné místo v partiích, které se hrají",
    "Nobody found": "Nikdo nenalezen",
    "No player of the tournament has this name or start number.": "Žádný hráč turnaje nemá takové jméno ani startovní číslo.",
    # the desk: outcomes spoken
    "Round score of {player}: {score}": "Body za kolo, {player}: {score}",
    "Disqualification and penalty of every player": "Diskvalifikace a trestné body u všech hráčů",
    # downloads: by kind, the accessible twins, large print, the Braille page size confirmed
    "Print (PDF)": "K tisku (PDF)",
    "Large print (18 pt)": "Velké písmo (18 bodů)",
    "Braille": "Braillovo písmo",
    "PDF in large print (18 pt)": "PDF velkým písmem (18 bodů)",
    "accessible web page (HTML), the same as the PDF": "přístupná webová stránka (HTML), totéž co PDF",
    "PDF, the list by name in large print (18 pt) and a plan of each table": "PDF: seznam podle jmen velkým písmem (18 bodů) a plánek každého stolu",
    "Large print, %(size)s pt": "Velké písmo, %(size)s bodů",
    "Standings: %(stage)s, %(category)s": "Pořadí: %(stage)s, %(category)s",
    "Seating by name: %(where)s": "Zasedací pořádek podle jmen: %(where)s",
    "The Braille files below now have %(width)s cells a line and %(lines)s lines a page.": "Soubory v Braillově písmu níže mají teď %(width)s znaků na řádek a %(lines)s řádků na stranu.",
    "Standings and results of the stages that are over, and the seating of the announced games: to print (PDF), in large print, and in Braille.": "Pořadí a výsledky skončených fází a zasedací pořádek ohlášených partií: k tisku (PDF), velkým písmem a v Braillově písmu.",
    "PDF files cannot be followed well with a screen reader: beside each one is the same document as an accessible web page, with headings and tables.": "Soubory PDF se odečítačem obrazovky špatně čtou: u každého je tentýž dokument jako přístupná webová stránka s nadpisy a tabulkami.",
    "Braille for embossers and notetakers (BRF), and as Unicode Braille text for refreshable displays.": "Pro braillské tiskárny a zápisníky (BRF) a jako text v Braillově písmu Unicode pro braillské řádky.",
    "Large print: 18 pt, for low-vision players.": "Velké písmo: 18 bodů, pro slabozraké hráče.",
    "the same as an accessible web page": "totéž jako přístupná webová stránka",
}
