"""What is where (the README's map in detail): The public pages (``/turnaj/<slug>/…``, English
under ``/en/``): standings with the cut, medals and titles, every podium, teams, where do I sit,
players, archive; cached until the tournament's next change, keyed by the query parameters each
page uses, each value written one way, so that one page is one entry (``ui/page_cache.py``;
numbers in addresses have no leading zeros, ``ui/converters.py``); the live refresh of
the standings (``live.py``: computed once per change, one sentence of what changed; htmx and
idiomorph vendored in ``static/vendor/``, ``static/public/live.js`` keeps the reader's place and
offers a pause); the ceremony as it goes (``/turnaj/<slug>/vyhlaseni/``: only what is revealed,
a status region announcing each new place; one place in large print is
``ui/templates/ui/_ceremony_reveal.html``); JSON per stage; each person's page
(``/osoby/<id>/``: every tournament played with places, medals, titles, points, best round and
closes, never the birth date; linked from the player's page) and the archive (``/archiv/``:
champions by year, the records by person: best round, most closes, most titles), both read from
the stored summary in a fixed number of queries; the hall display (``/turnaj/<slug>/sal/``,
``hall.py``: a projector's full-screen page in large print that follows the day by itself: the
seats before a game, the tables' rounds during it, the standings with the cut between games, a
draw's or lot's commitment and revealed seed; the ceremony's place on screen first, from
``scoring.ceremony.current_reveal``; the choice is the plain function ``hall_view``, its content
refreshed once per change by ``sal/obsah/``, pages turned and paused with the keyboard by
``static/public/hall.js``).; the rating of persons (``rating.py``: ``/hodnoceni/``, the B1, VS
and combined lists; ``/hodnoceni/<person id>/``, a person's history as a chart with its table;
cached like the tournaments' pages, under the state of every tournament and person). Every
public view is cached whole or says why not (``not_cached_whole``,
``tests/public/test_caching.py``).
"""
