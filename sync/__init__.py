"""What is where (the README's map in detail): Publishing from the venue: the push API on the
public server (``PUT /api/turnaj/<slug>/``; the tournaments it receives, each created by the
server's organiser with its short name, kind and year, ``PushedTournament``; their keys stored
hashed and bound to them; the last accepted revision), the venue's ``push`` command (once or
``--watch``; it pushes the ceremony's state too, ``{"ceremony": {"shown": N}}`` in
``protocol.py``, so that the public ceremony page on the server moves with the hall's), the
organiser's page ``/sprava/<slug>/zverejneni/``.
"""
