"""Czech of issue 33's words: the 404 page, words that agree with a person's gender, the
accounts' gender, the wording of reports, certificates and dates."""

CS = {
    "There is no page at this address. Check the address, or start from the front page.": "Na této adrese žádná stránka není. Zkontrolujte adresu, nebo začněte na úvodní stránce.",
}
CS |= {
    "There is no terminal to ask for the password: give it with --password (e.g. --password k7pm-3xqa-v9tr-w2cd), or run the command at a terminal.": "Není terminál, kde by se dalo zeptat na heslo: zadejte ho volbou --password (např. --password k7pm-3xqa-v9tr-w2cd), nebo příkaz spusťte v terminálu.",
}

# the accounts' names and gender (point 5)
CS |= {
    "the person's first name": "křestní jméno osoby",
    "the person's surname": "příjmení osoby",
    "the grammatical gender of the words about what the account does (default: the one the surname suggests)": "mluvnický rod slov o tom, co účet udělal (výchozí: podle příjmení)",
    "Empty: the one the surname suggests.": "Prázdné: podle příjmení.",
    "The organiser who created the account, or the command line.": "Organizátor, který účet založil, nebo příkazová řádka.",
    "staff profile": "údaje účtu",
    "staff profiles": "údaje účtů",
    "Choose the feminine or the masculine.": "Zvolte ženský, nebo mužský rod.",
    "as the surname suggests": "podle příjmení",
    "feminine (zapsala, losovala)": "ženský (zapsala, losovala)",
    "masculine (zapsal, losoval)": "mužský (zapsal, losoval)",
    "The words about what the account does agree with it: „Zapsala Jana Nováková“.": "Podle něj se píše o tom, co účet udělal: „Zapsala Jana Nováková“.",
}

# words about a woman (point 5): the feminine of what is said about the person
CS |= {
    (
        "feminine",
        "Drawn by %(who)s at %(when)s, seed %(seed)s: the same seed gives the same order.",
    ): "Losovala %(who)s (%(when)s), semínko %(seed)s: stejné semínko dá stejné pořadí.",
    (
        "feminine",
        "Entered by %(who)s at %(when)s (version %(version)s).",
    ): "Zapsala %(who)s v %(when)s (verze %(version)s).",
    ("feminine", "Confirmed by %(who)s."): "Potvrdila %(who)s.",
    (
        "feminine",
        "Table %(table)s, round %(round)s: entered by %(who)s at %(when)s",
    ): "Stůl %(table)s, kolo %(round)s: zapsala %(who)s v %(when)s",
    ("feminine", "entered by %(who)s"): "zapsala %(who)s",
    (
        "feminine",
        "The game was ended early by %(who)s; rounds dropped: %(rounds)s.",
    ): "Partii předčasně ukončila %(who)s; vypuštěná kola: %(rounds)s.",
    (
        "feminine",
        "Ended early by %(who)s at %(when)s; rounds dropped: %(rounds)s.",
    ): "Předčasně ukončila %(who)s (%(when)s); vypuštěná kola: %(rounds)s.",
    (
        "feminine",
        "withdrawn by %(who)s, %(when)s: %(reason)s",
    ): "zrušila %(who)s, %(when)s: %(reason)s",
    (
        "feminine",
        "The clock is on: %(seconds)s s a move (ordered by %(who)s at %(when)s).",
    ): "Hodiny jsou zapnuté: %(seconds)s s na tah (nařídila %(who)s, %(when)s).",
    (
        "feminine",
        "Entered by %(who)s, not confirmed yet: you may still correct it.",
    ): "Zapsala %(who)s, zatím nepotvrzeno: ještě ho můžete opravit.",
    ("feminine", "Saved meanwhile by %(who)s"): "Mezitím uložila %(who)s",
    (
        "feminine",
        "Game %(number)s was drawn meanwhile with this commitment (by %(who)s): it was not drawn again. This is its draft.",
    ): "Partie %(number)s už byla mezitím losována s tímto závazkem (losovala %(who)s): znovu losována nebyla. Toto je její návrh.",
    (
        "feminine",
        "The draft changed after you opened it (drawn again or changed by hand, last drawn by %(who)s): nothing was confirmed. Check the draft shown now and confirm it again.",
    ): "Návrh se změnil poté, co jste ho otevřeli (byl znovu vylosován nebo ručně upraven, naposledy losovala %(who)s): nic nebylo potvrzeno. Zkontrolujte návrh zobrazený teď a potvrďte ho znovu.",
    (
        "feminine",
        "table %(table)s, round %(round)s was already entered differently (by %(who)s); change it at the desk, not by upload",
    ): "stůl %(table)s, kolo %(round)s už byl zapsán jinak (zapsala %(who)s); změňte ho na stole rozhodčího, ne nahráním",
    (
        "feminine",
        "table %(table)s, round %(round)s was entered meanwhile (by %(who)s); nothing of the upload was saved",
    ): "stůl %(table)s, kolo %(round)s mezitím zapsala %(who)s; z nahraného souboru nebylo uloženo nic",
    ("feminine", "closed"): "zavřela",
    ("feminine", "Closed"): "Zavřela",
    ("feminine", "Drawn"): "Losovala",
    ("feminine", "champion"): "mistryně",
    ("feminine", "Player's card"): "Karta hráčky",
    ("feminine", "Player's card: %(number)s. %(name)s"): "Karta hráčky: %(number)s. %(name)s",
}

# wording (point 7)
CS |= {
    "The qualifier has %(planned)s game, fixed in advance (rule B): game %(number)s cannot be drawn.": (
        "Kvalifikace má předem určenou %(planned)s partii (pravidlo B): partii %(number)s nelze losovat.",
        "Kvalifikace má předem určené %(planned)s partie (pravidlo B): partii %(number)s nelze losovat.",
        "Kvalifikace má předem určených %(planned)s partií (pravidlo B): partii %(number)s nelze losovat.",
    ),
}
CS |= {
    "team %(team)s keeps place %(new)s, %(old_points)s points become %(new_points)s (counted: %(counted)s)": "družstvo %(team)s zůstává na %(new)s. místě, body: %(old_points)s → %(new_points)s (započítaní: %(counted)s)",
    "team %(team)s keeps place %(new)s and %(new_points)s points; counted now: %(counted)s": "družstvo %(team)s zůstává na %(new)s. místě s %(new_points)s body; nově započítaní: %(counted)s",
}
CS |= {
    "%(place)s. place in the team competition": "%(place)s. místo v soutěži družstev",
    "Scored for the team: %(names)s": "Za družstvo bodovali: %(names)s",
    "Also in the team: %(names)s": "Dále v družstvu: %(names)s",
}
CS |= {
    "in the registration sheet uploaded %(date)s": "v přihláškovém listu nahraném %(date)s",
    "ticked by hand, without a reason": "zaškrtnuto ručně, bez uvedení důvodu",
    "Stored: %(created)s, %(updated)s, %(unchanged)s, %(teams)s.": "Uloženo: %(created)s, %(updated)s, %(unchanged)s, %(teams)s.",
    "%(count)s unchanged": (
        "%(count)s beze změny",
        "%(count)s beze změny",
        "%(count)s beze změny",
    ),
}
