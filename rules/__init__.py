"""The rules of Syllabatim championships as plain Python: no Django, no database.

Every number of RULES.md lives in ``championship.py`` (or in the card data) once; the rest of
the project asks these modules.

What is where (the README's map in detail): The rules as plain Python (no Django): every number
of the regulations once (``championship.py``), the stages (``stages.py``), the round score and
the result fields (``score.py``; a club rule set's line carries its table's score:
``ScoredEntry``), the tie-break chain and ranking, quotas and advancement, who may sit in which
final, the organiser's replacements and lots that contradict each other (``finals.py``), medals,
teams, every check of a sheet (``sheet.py``: seated, missing, twice, then the rules), sanctions,
when a stage is over (``progress.py``), the draws, commitments and decision names and the one
check of a draw's or lot's record that the import and ``verify`` share (``commitment.py``), the
check anyone can run on an exported tournament (``verify.py``), eligibility; who a local
qualifier sends to the championship (``local_qualifiers.py``: the best N overall or per
category, everyone tied at the last place included); the rule sets a tournament can choose
(``rulesets.py``: the championship's, the casual scoring and Syllabatim 2, whose rules are in
``club.py``, with the club standings by points alone, ``club_rank``) and the rating of persons
(``rating.py``, a least-squares fit of skill from each game's points against its table and
deal: shown, never used by a rule); the association's other games (issue 37): Slovní poker
(``word_poker.py``: a deal's result and winners, a game's end at N deal wins or a points limit,
the sheet bounded by the deck, the standings in the organiser's order; offered as the rule set
``word_poker``) and Scrabble (``scrabble.py``: the end of a game, the sheet bounded by the tiles,
the standings by wins, spread and scores, the Swiss pairing with a bye and king of the hill,
seeded like a draw). Card values are data: ``rules/data/cards.csv``, Slovní poker's deck
``rules/data/slovni-poker-cards.csv``, Scrabble's tiles ``rules/data/scrabble-tiles.csv``.
"""
