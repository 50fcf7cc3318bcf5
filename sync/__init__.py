"""What is where (the README's map in detail): Publishing from the venue: the push API on the
public server (``PUT /api/turnaj/<slug>/``; the tournaments it receives, each created by the
server's organiser with its short name, kind and year, ``PushedTournament``; their keys stored
hashed and bound to them; the last accepted revision), the venue's ``push`` command (once or
``--watch``), the organiser's page ``/sprava/<slug>/zverejneni/``.
"""
