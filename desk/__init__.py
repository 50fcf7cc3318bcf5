"""What is where (the README's map in detail): The referee's desk (``/rozhodci/<slug>/``): the
day's grid, score sheets by keyboard, confirmations, ties and lots (committed first), B-final
participation, sheets as spreadsheets, sanctions (``/rozhodci/<slug>/tresty/``, shown with what
they change before they are recorded) and ending a final game early (with a reason the staff's
log keeps; undone until another sheet of that game is saved:
``scoring.early_end.early_end_undo_refusal``), a table's move clock (``…/stul-<n>/hodiny/``,
protests 3). The views are a package, one module per section (``desk/views/``: ``grid``,
``sheets``, ``advancement``, ``lots``, ``workbooks``, ``links``, ``clocks``, ``sanctions``,
``log``); writes go through scoring's services, the workbook's layout is ``excel.py``.
"""
