"""What is where (the README's map in detail): The organiser's own pages (``/sprava/``) and the
``demo`` command (the demo championship and its organiser's account, ``management/``): the
staff's start with each tournament's steps of the day and their state, persons
(``/sprava/osoby/``: the list, each person's record and tournaments with its history, the
possible duplicates (merged, or kept apart as different people of one name), the merge of two
persons; the player's form asks which person a new player of a known name is), a new tournament
and its settings (its kind and rule set among them; those the rules have frozen shown with the
reason), players (search, filters, presence and fees ticked at once, eligibility in words,
sanctions), teams, replacements in the A-final, accounts, the card table; the staff navigation
in the header of every staff page (``context_processors.py``); local qualifiers
(``/sprava/<slug>/mistni-kvalifikace/``: the announcement, then who qualifies and the button
that records them; ``/sprava/<slug>/hraci/mistni-kvalifikace/``: a championship's players
qualified locally with the source, ticked or unticked by hand with a reason); the ceremony's
control page (``/sprava/<slug>/vyhlaseni/prubeh/``: forms, and the keys a presenter's clicker
sends through ``static/staff/ceremony.js``). The views are a package, one module per section
(``staff/views/``: ``day``, ``tournament_settings``, ``players``, ``teams``, ``replacements``,
``accounts``, ``cards``, ``announcement``; ``local_qualifiers``; ``common`` for what they
share).
"""
