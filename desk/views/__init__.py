"""The referee's desk, one module per section: the day's grid (``grid``), score sheets and
confirmations (``sheets``), advancement, lots and the B-final (``advancement``, ``lots``),
sheets as spreadsheets (``workbooks``), table links and the move clock (``links``,
``clocks``), sanctions (``sanctions``), early ends (``early_end``), the championship's log
(``log``)."""
