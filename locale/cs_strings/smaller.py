"""Issue 21, point 10: the early end's reason and undo, the desk's words for rounds from the
table, the draw report's least possible, the finals' rounds, team certificates, the
registration upload on the players' page."""

CS = {
    "Drawn in the B-final already: the player takes part in it (M).": "Už je nalosován do finále B: hráč se ho účastní (M).",
    (
        "feminine",
        "Drawn in the B-final already: she takes part in it (M).",
    ): "Už je nalosována do finále B: hráčka se ho účastní (M).",
    # ending a final game early: a reason, and undo
    "reason for ending early": "důvod předčasného ukončení",
    "Why the referee ended the game early; for the staff, never published.": "Proč rozhodčí partii předčasně ukončil; jen pro pořadatele a rozhodčí, nikdy se nezveřejňuje.",
    "Say why the game is ended early.": "Uveďte, proč se partie předčasně ukončuje.",
    "The game has not been ended early.": "Partie nebyla předčasně ukončena.",
    "A sheet of the game has been saved since it was ended early: the early end can no longer be undone.": "Od předčasného ukončení byl uložen další zápis této partie: ukončení už nelze vrátit.",
    "%(stage)s, game %(game)s: the early end undone, rounds %(rounds)s back": "%(stage)s, partie %(game)s: předčasné ukončení vráceno, kola %(rounds)s se vracejí",
    "Reason for ending the game early": "Důvod předčasného ukončení",
    "Kept in the history for the staff; never published.": "Zůstane v historii pro pořadatele a rozhodčí; nikdy se nezveřejňuje.",
    "The early end is undone: the game's rounds are back.": "Předčasné ukončení je vráceno: kola partie jsou zpět.",
    "Until another sheet of this game is saved, the early end can be undone: the dropped rounds come back for every table.": "Dokud se neuloží další zápis této partie, lze předčasné ukončení vrátit: vypuštěná kola se vrátí všem stolům.",
    "Undo the early end": "Vrátit předčasné ukončení",
    "It can be undone until another sheet of this game is saved.": "Vrátit to lze, dokud se neuloží další zápis této partie.",
    "Reason, and undoing it": "Důvod a vrácení ukončení",
    # the desk's words for rounds from the table where the stage needs no confirmation
    "Each table enters its rounds on a phone through its own address (also a QR code on the table's score sheet). This stage needs no confirmation: a round from the table counts at once, marked as the table's, and you may still correct it; penalties and disqualifications stay yours. Keep the addresses to the tables: whoever has one can enter that table's rounds until the game is complete.": "Každý stůl zapisuje svá kola na telefonu přes vlastní adresu (také QR kód na zápisu stolu). Tato část turnaje potvrzení nevyžaduje: kolo ze stolu platí hned, označené jako zápis stolu, a můžete ho ještě opravit; trestné body a diskvalifikace zůstávají na vás. Adresy dejte jen stolům: kdo nějakou má, může zapisovat kola toho stolu, dokud partie není úplná.",
    # the draw report
    "pairs who met before: %(count)s (the least possible: %(bound)s; each table takes its players from the earlier game's tables, so some of them sat together)": "dvojic, které se už potkaly: %(count)s (nejméně možných: %(bound)s; každý stůl bere hráče od stolů předchozí partie, takže někteří z nich už spolu seděli)",
    "pairs who met before: %(count)s (no seating has fewer than %(bound)s: each table takes its players from each earlier game's tables, so some of them sat together; the least possible after %(games)s games may be higher)": "dvojic, které se už potkaly: %(count)s (žádné rozsazení jich nemá méně než %(bound)s: každý stůl bere hráče od stolů každé předchozí partie, takže někteří z nich už spolu seděli; po %(games)s partiích může být nejmenší možný počet i vyšší)",
    # the finals' draw form
    "A final deals rounds {first} to {last} in ascending order (rule F). To shorten the game, type the rounds in ascending order, e.g. 1, 2, 3, 4, 5. Empty: rounds {first} to {last}.": "Ve finále se rozdávají kola {first} až {last} vzestupně (pravidlo F). Ke zkrácení partie napište kola vzestupně, např. 1, 2, 3, 4, 5. Prázdné: kola {first} až {last}.",
    # team certificates
    # the registration upload on the players' page
    "The filled-in registration sheet is uploaded on the players' page.": "Vyplněná tabulka přihlášek se nahrává na stránce hráčů.",
}
