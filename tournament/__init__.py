"""What is where (the README's map in detail): People and structure: tournament, players, teams,
stages, games, rounds, tables, seats, cards; their writes with the rules' checks (``services.py``:
settings and what freezes when, the kind of tournament and its rule set at the first draw, players,
presence and fees, teams, the card table); eligibility in words (``words.py``); local qualifiers
feeding the championship (``local_qualifiers.py``: the announcement, frozen at the first confirmed
draw (who a qualifier sends is ``season.local_qualifiers``'s);
``apply_local_qualification(player)``, which sets a championship player's "qualified locally" and
its source from the person's ``LocalQualification``, to be called wherever a player gets its person;
the tick by hand with a reason); the back office (Django admin, read-only: not linked from any page
of the day); names of stages and categories (``labels.py``), finding a tournament from a command's
argument (``lookups.py``; from an address, ``ui.lookups``), the characters a name may hold
(``characters.py``), Czech alphabetical order and the folding of names without accents and case that
the search and the matching of persons share (``collation.py``), persons across tournaments
(``persons.py``: a player's person found by the folded name and the birth date, one certain match or
a new person; the stable id a document or a registration sheet carries is a claim, not a key (the
ids are public in the persons' addresses): it is taken only when that person's folded name and birth
date agree, or when the same tournament linked that person before (``honours_claim``, the one rule
of the import, the push and the sheet), and it never renames or re-dates a person; a player whose
claim is not taken becomes a new person that records the person claimed (``Person.claimed``); the
possible duplicates and the merge are ``season.merges``'s), workbooks written and read within bounds
(``spreadsheets.py``, ``uploads.py``), the change stamp and the state of the data pages are cached
under (``changes.py``, ``cache.py``; the page cache is ``ui.page_cache``), Czech text marked Czech
(``czech.py``), the registries the apps above fill (``registry.py``), the published commitments of
draws and lots (``commitments.py``), and the disk the data lives on (``disk.py``: a full disk
recognised and remembered, free space running low)."""
