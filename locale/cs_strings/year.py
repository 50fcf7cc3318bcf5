"""Issue 25: the year around the championship — persons, kinds of tournament, rule sets,
local qualifiers, the rating, the archive by person."""

CS = {
    "championship": "mistrovství",
    "local qualifier": "místní kvalifikace",
    "club tournament": "klubový turnaj",
    "the championship's rules": "pravidla mistrovství",
    "casual scoring": "hra pro zábavu (body za nejvíc slov a nejdelší slovo)",
    "Syllabatim 2 (action cards)": "Syllabatim 2 (akční karty)",
    "kind of tournament": "druh turnaje",
    "rule set": "pravidla",
    "rated": "započítává se do ratingu",
    "Its games update the players' rating (shown only, never used by a rule).": "Jeho partie mění rating hráčů (jen se zobrazuje, žádné pravidlo ho nepoužívá).",
    "person": "osoba",
    "persons": "osoby",
    "recorded at": "zaznamenáno",
}
