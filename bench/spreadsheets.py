"""Uploaded workbooks against the bounds (``tournament.spreadsheets``): how long a file that
is read takes, and how long a file beyond a bound takes to be refused (the target: well under
a second, before openpyxl parses anything)."""

import time

from sample.workbooks import numbered_rows, workbook_of, zip_bomb
from tournament import spreadsheets


def _timed(name: str, content: bytes) -> None:
    start = time.perf_counter()
    try:
        book = spreadsheets.read_workbook(content)
        outcome = f"read, {sum(len(sheet.rows) for sheet in book.sheets)} rows"
    except spreadsheets.WorkbookRefused as refused:
        outcome = f"refused: {str(refused)[:60]}…"
    elapsed = time.perf_counter() - start
    print(f"{name:<44} {len(content) / 1024:8.0f} kB {elapsed:6.3f} s  {outcome}")


def run() -> None:
    _timed("300 players", workbook_of(numbered_rows(300)))
    _timed("2,000 rows (the bound)", workbook_of(numbered_rows(2_000)))
    row = b"<row>" + b'<c t="n"><v>1</v></c>' * 12 + b"</row>"
    _timed("2,000 rows of 12 cells (the cell bound)", workbook_of(row * 2_000))
    _timed("5,000 rows (over the row bound)", workbook_of(numbered_rows(5_000)))
    _timed("100,000 rows", workbook_of(numbered_rows(100_000)))
    _timed("2,000,000 rows in a small file", zip_bomb())
