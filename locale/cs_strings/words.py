"""Czech of issue 33's words: the 404 page, words that agree with a person's gender, the
accounts' gender, the wording of reports, certificates and dates."""

CS = {
    "There is no page at this address. Check the address, or start from the front page.": "Na této adrese žádná stránka není. Zkontrolujte adresu, nebo začněte na úvodní stránce.",
}
CS |= {
    "There is no terminal to ask for the password: give it with --password (e.g. --password k7pm-3xqa-v9tr-w2cd), or run the command at a terminal.": "Není terminál, kde by se dalo zeptat na heslo: zadejte ho volbou --password (např. --password k7pm-3xqa-v9tr-w2cd), nebo příkaz spusťte v terminálu.",
}
