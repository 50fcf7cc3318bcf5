"""Czech of what keeps the championship safe on the hall's Wi-Fi and on the internet: the
spreadsheets' bounds, the characters of names, sign-in limits, the push API's refusals, draws
raced by two organisers, the error pages."""

CS = {
    # Spreadsheets (tournament.spreadsheets)
    "%(size)s kB": "%(size)s kB",
    "%(size)s MB": "%(size)s MB",
    "The file is larger than a spreadsheet may be (%(limit)s).": "Soubor je větší, než tabulka smí být (%(limit)s).",
    "The file has %(size)s; a spreadsheet may have at most %(limit)s.": "Soubor má %(size)s; tabulka může mít nejvýš %(limit)s.",
    "A sheet of the file reaches row %(rows)s; a spreadsheet may have at most %(limit)s rows (delete the rows below, also empty formatted ones).": "List souboru sahá až na řádek %(rows)s; tabulka může mít nejvýš %(limit)s řádků (smažte řádky pod tím, i prázdné naformátované).",
    "A sheet of the file reaches column %(column)s; a spreadsheet may have at most %(limit)s columns (up to %(last)s).": "List souboru sahá až do sloupce %(column)s; tabulka může mít nejvýš %(limit)s sloupců (po %(last)s).",
    "The file holds more than %(limit)s cell; a spreadsheet may hold at most that.": (
        "Soubor má víc než %(limit)s buňku; víc jich tabulka mít nemůže.",
        "Soubor má víc než %(limit)s buňky; víc jich tabulka mít nemůže.",
        "Soubor má víc než %(limit)s buněk; víc jich tabulka mít nemůže.",
    ),
    "The file unpacks to %(size)s; a spreadsheet may unpack to at most %(limit)s (a championship's sheet is far smaller).": "Soubor se rozbalí na %(size)s; tabulka se smí rozbalit nejvýš na %(limit)s (tabulka mistrovství je mnohem menší).",
    "The file holds more than %(limit)s texts.": "Soubor obsahuje víc než %(limit)s textů.",
    "The file holds more than %(limit)s cell formats.": "Soubor obsahuje víc než %(limit)s formátů buněk.",
    # Names (tournament.characters)
    "a control character": "řídicí znak",
    "an invisible formatting character": "neviditelný formátovací znak",
    "a lone surrogate": "osamocená náhradní polovina znaku (surrogate)",
    "a private-use character": "znak pro soukromé užití",
    "an unassigned code point": "nepřidělený kód znaku",
    "a line separator": "oddělovač řádků",
    "a paragraph separator": "oddělovač odstavců",
    "a character the printouts cannot print (such as an emoji)": "znak, který výtisky neumějí vytisknout (třeba emoji)",
    "character %(position)s, %(shown)s%(code)s, is %(reason)s: a name holds letters, digits, spaces and punctuation.": "%(position)s. znak, %(shown)s%(code)s, je %(reason)s: jméno obsahuje písmena, číslice, mezery a interpunkci.",
}
CS.update(
    {
        # JSON in (interchange.jsontext, the push API, import_tournament)
        "the top level": "nejvyšší úroveň",
        "%(where)s: the text holds a lone surrogate (such as \\udcff), which is no character": "%(where)s: text obsahuje osamocenou náhradní polovinu znaku (například \\udcff), což žádný znak není",
        "the JSON is nested deeper than %(limit)s levels; no document of the format is": "JSON je vnořený hlouběji než do %(limit)s úrovní; žádný dokument formátu takový není",
        "not valid JSON: line %(line)s, column %(column)s: %(error)s": "není platný JSON: řádek %(line)s, sloupec %(column)s: %(error)s",
        "not valid JSON: the text is not UTF-8": "není platný JSON: text není v UTF-8",
        "not valid JSON: %(error)s": "není platný JSON: %(error)s",
        "The body: %(problem)s": "Tělo požadavku: %(problem)s",
        "The file %(path)s: %(problem)s": "Soubor %(path)s: %(problem)s",
        "Send the push with a Content-Length header.": "Pošlete data s hlavičkou Content-Length.",
    }
)
CS.update(
    {
        # Draws raced by two organisers (draws.services)
        "Game %(number)s was drawn meanwhile with this commitment (by %(who)s): it was not drawn again. This is its draft.": "Partie %(number)s už byla mezitím losována s tímto závazkem (losoval %(who)s): znovu losována nebyla. Toto je její návrh.",
        "The draft changed after you opened it (drawn again or changed by hand, last drawn by %(who)s): nothing was confirmed. Check the draft shown now and confirm it again.": "Návrh se změnil poté, co jste ho otevřeli (byl znovu vylosován nebo ručně upraven, naposledy losoval %(who)s): nic nebylo potvrzeno. Zkontrolujte návrh zobrazený teď a potvrďte ho znovu.",
        "version of the draw": "verze losu",
    }
)
CS.update(
    {
        # Sign-in guesses (accounts.signin) and the demo account
        "Too many failed sign-ins": "Příliš mnoho nepovedených přihlášení",
        "The demo organiser account (login %(username)s, a published password) is not made without debug: on a server anyone could sign in as the organiser. Create a real account (create_account), or add --allow-without-debug if this server is only a demonstration.": "Ukázkový účet organizátora (jméno %(username)s, zveřejněné heslo) se bez ladicího režimu nevytváří: na serveru by se jako organizátor mohl přihlásit kdokoli. Vytvořte skutečný účet (create_account), nebo přidejte --allow-without-debug, je-li tento server jen ukázkový.",
    }
)
CS.update(
    {
        # The project's own error pages
        "Page not found": "Stránka nenalezena",
        "There is no page at this address, or it is no longer valid: a table's address works only until its game is complete, or until the organiser renews it.": "Na této adrese žádná stránka není, nebo už neplatí: adresa stolu platí jen do konce jeho partie, nebo dokud ji organizátor neobnoví.",
        "Check the address, scan the QR code on your table's score sheet again, or ask the referee.": "Zkontrolujte adresu, naskenujte znovu QR kód ze zápisu o hře svého stolu, nebo se zeptejte rozhodčího.",
        "Server error": "Chyba serveru",
        "The server could not answer this time. Wait a moment, reload the page and check whether what you sent was saved; if not, send it again. If it happens again, tell the referee or the organiser.": "Server tentokrát nedokázal odpovědět. Chvíli počkejte, načtěte stránku znovu a podívejte se, jestli se to, co jste poslali, uložilo; pokud ne, pošlete to znovu. Stane-li se to znovu, řekněte to rozhodčímu nebo organizátorovi.",
    }
)
