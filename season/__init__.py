"""What is where (the README's map in detail): the season, the year across tournaments, derived
from the tournaments' results and kept up to date from their change stamps. ``refresh.py``:
what a change of a tournament brings up to date, registered in ``SeasonConfig.ready`` with
``tournament.registry.register_on_change`` (no service of ``scoring`` calls it, and no reader
brings anything up to date); the stored rating of persons (``rating.py``: ``RatingEntry`` per
person and rated table's game with the rating before and after, ``PersonRating`` for the lists,
``RatingState`` with the fingerprint of what they were computed from, each of one game: one list
per game, ``rules.games``, the games' names in ``labels.py``; see "The rating" in the
README; the fit itself is ``rules.rating``); ``manage.py rating``; the archive's stored
summary (``archive.py``: each player's place, medal, title, points, best round and closes of a
completed tournament, ``ArchiveEntry``, so that the archive and the persons' pages read rows;
``manage.py rebuild_archive``); who a local qualifier sends to the championship
(``local_qualifiers.py``: its qualified players from its final standings, recorded for the
announced championship year as the persons' ``LocalQualification``; the announcement and
applying a recorded qualification to a player stay ``tournament.local_qualifiers``, which a
registration needs); persons recorded twice (``merges.py``: the possible duplicates, persons of
one name and each person made for an id claim not taken with the person claimed; keeping them
apart; the merge, which moves the players, changes no result and is recorded in both persons'
history; matching a player to a person as it is registered stays ``tournament.persons``).

Its models' tables keep the names they had in ``scoring`` (``db_table``): the models moved
here in issue 36 without moving a row.
"""
