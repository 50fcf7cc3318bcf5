"""What is where (the README's map in detail): Round results, lots and sanctions; their writes, one
module a concept (``sheets.py``: a table's sheet saved, corrected and confirmed, checked by the
tournament's rule set; a club rule set's extra values and the line's score, the table's, are
stored on the line, ``RoundResult.rule_values`` and ``rule_score``; ``lots.py``;
``sanctions.py``; ``finals.py``: B-final participation and replacements in the A-final;
``early_end.py``: a final game ended early and undone; ``clocks.py``: a table's move clock
ordered, changed and switched off); loading a stage or a tournament in a fixed number of queries
(``selectors.py``) and computing standings, advancement, medals and teams from it
(``standings.py``), sanctions applied; the read model that the pages and the printouts share
(``pages.py``: standings with the cut, medals, teams, seating, what is being played); what a
sanction would change, in words (``effects.py``); each player's card from the standings' rows
and the player's rounds (``cards.py``); the championship's log from the history (``log.py``);
what of a tournament is public (``publicity.py``: the one rule every public reader asks, the
pages, JSON, downloads, cards, hall, persons' pages, archive and rating: a stage's results held
for the ceremony are the staff's until released; the rating rates a held stage's games only once
released); the ceremony (``ceremony.py``: the reveals in order, per A-final category third,
second, first with the title, then the B-final's podium and the best team; where it stands, the
``Ceremony`` row; the organiser's moves, the last releasing the held results; ``current_reveal``
for the hall display). The season across tournaments (the rating of persons, the archive's
summary, who a local qualifier sends to the championship) is the ``season`` app's, a level up.
"""
