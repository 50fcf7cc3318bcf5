"""Czech of issue 33's venue points: the phones' address checked, the hall, the finals' draws
by the referee, the ceremony's team places."""

CS = {
    "The phones' address does not reach this server yet: %(problem)s": "Adresa pro telefony zatím nevede na tento server: %(problem)s",
    "This server could not reach %(url)s: check the address, and that the server listens in the hall's network.": "Tento server se na adresu %(url)s nedostal: zkontrolujte adresu a to, že server naslouchá v síti sálu.",
    "%(url)s answers, but it is not this application (answer %(status)s).": "Na adrese %(url)s něco odpovídá, ale není to tato aplikace (odpověď %(status)s).",
    "%(url)s is another server of this application, not this one.": "Na adrese %(url)s běží jiný server této aplikace, ne tento.",
    "Checked: this address reaches this server.": "Ověřeno: tato adresa vede na tento server.",
    "It is not checked that this address reaches this server: saving the settings asks it from here.": "Není ověřeno, že tato adresa vede na tento server: uložení nastavení to odtud vyzkouší.",
    "This server listens on this computer only: no phone can reach it. Start it for the hall's network, e.g. BIND=0.0.0.0:8000 make serve.": "Tento server naslouchá jen na tomto počítači: žádný telefon se k němu nedostane. Spusťte ho pro síť sálu, např. BIND=0.0.0.0:8000 make serve.",
    "The phones would open %(url)s, not yet checked to reach this server: save the settings, which ask it from here.": "Telefony by otevřely %(url)s, zatím neověřeno, že adresa vede na tento server: uložte nastavení, které to odtud vyzkouší.",
    "Round %(round)s: table %(tables)s has finished and waits for the referee's confirmation.": (
        "Kolo %(round)s: stůl %(tables)s dohrál a čeká na potvrzení rozhodčího.",
        "Kolo %(round)s: stoly %(tables)s dohrály a čekají na potvrzení rozhodčího.",
        "Kolo %(round)s: stoly %(tables)s dohrály a čekají na potvrzení rozhodčího.",
    ),
    "%(heading)s, %(place)s: %(name)s": "%(heading)s, %(place)s: %(name)s",
    "Round %(round)s": "Kolo %(round)s",
}
