"""Czech of issue 36 (the house, part three): the roster freeze worded once, a sheet sent twice
at the desk."""

CS = {
    "Team rosters are frozen: the first qualifier draw is confirmed (rule B).": "Soupisky družstev jsou zmrazeny: první los kvalifikace je potvrzen (pravidlo B).",
    "A team can still be renamed.": "Přejmenovat družstvo lze i nadále.",
    "The sheet of table %(table)s, round %(round)s was saved already with these values; nothing changed.": "Zápis stolu %(table)s, kola %(round)s už byl uložen s těmito hodnotami; nic se nezměnilo.",
}
