"""Czech of issue 36 (the house, part three): the roster freeze worded once."""

CS = {
    "Team rosters are frozen: the first qualifier draw is confirmed (rule B).": "Soupisky družstev jsou zmrazeny: první los kvalifikace je potvrzen (pravidlo B).",
    "A team can still be renamed.": "Přejmenovat družstvo lze i nadále.",
}
