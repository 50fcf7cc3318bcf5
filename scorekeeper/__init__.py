"""What is where (the README's map in detail): The table's page for the scorekeeper's phone
(``/stul/<code>-<secret>/``, English under ``/en/``): the table's players in seating order, the
next round with its deal and who starts, the desk's row form (laid, unused, closed) saved
through ``save_sheet(at_table=True)``; a draft kept in the browser; the move clock where the
referee ordered one (``static/scorekeeper/clock.js``; one ordered, changed or switched off later
is noticed within 20 s through ``/stul/<code>-<secret>/hodiny/``); the ``table_links`` command.
The links themselves (``TableLink``, ``scoring/links.py``) live in ``scoring``.
"""
