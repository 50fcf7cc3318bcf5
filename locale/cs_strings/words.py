"""Czech of issue 33's words: the 404 page, words that agree with a person's gender, the
accounts' gender, the wording of reports, certificates and dates."""

CS = {
    "There is no page at this address. Check the address, or start from the front page.": "Na této adrese žádná stránka není. Zkontrolujte adresu, nebo začněte na úvodní stránce.",
}
