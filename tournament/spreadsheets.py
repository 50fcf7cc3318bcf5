"""Workbooks in and out, for every spreadsheet the project writes or reads (the registration
sheet, the referee's game workbook, the championship export).

Out: a text is always stored as a text cell (``t="inlineStr"``), whatever it begins with, so
that a name such as ``=HYPERLINK(…)`` or ``=cmd|' /C calc'!A0`` is never a formula in the
organiser's Excel or LibreOffice, and reads back as exactly the name. The project writes no
formula of its own.

In: an upload is checked before openpyxl parses it: its size, what its zip archive unpacks to,
and how many rows, columns and cells its sheets declare, against bounds no championship
reaches (a few hundred players); then it is read in openpyxl's read-only mode, within the same
bounds. A file over a bound is refused with a message that says which, before any parsing.

openpyxl is imported where a workbook is written or read, not with this module: the import
costs a tenth of a second that every command and worker would pay.
"""

import io
import re
import zipfile
from dataclasses import dataclass
from itertools import islice

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from refusals import Refused

MAX_ROWS = 2000  # of one sheet; a championship has a few hundred players
MAX_COLUMNS = 50  # AX
MAX_CELLS = 25_000  # of the whole workbook, filled or formatted (a 300-player game: 17,000)
MAX_STYLES = 5_000  # cell formats (a real workbook has dozens)
MAX_UNPACKED = 8 * 1024 * 1024  # what the zip archive unpacks to, in bytes
MAX_PARTS = 500  # files in the zip archive

CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


# Writing ---------------------------------------------------------------------------------------


def put(sheet, row: int, column: int, value):
    """Write ``value`` into a cell; a text is stored as a text cell, never as a formula, an
    error value or anything else it may look like. Characters a workbook cannot hold (control
    characters) become U+FFFD rather than making the whole export fail."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    cell = sheet.cell(row, column)
    if isinstance(value, str):
        cell.value = ILLEGAL_CHARACTERS_RE.sub("\ufffd", value)
        cell.data_type = "s"  # openpyxl took a leading "=" for a formula, "#N/A" for an error
    else:
        cell.value = value
    return cell


def column_letter(column: int) -> str:
    """Excel's letters of a 1-based column number (1 → A, 27 → AA)."""
    from openpyxl.utils import get_column_letter

    return get_column_letter(column)


def put_row(sheet, row: int, values) -> None:
    for column, value in enumerate(values, start=1):
        put(sheet, row, column, value)


def saved(book) -> bytes:
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


# Reading ---------------------------------------------------------------------------------------


class WorkbookRefused(Refused):
    """An upload that is not read: not a workbook, or beyond the bounds. The message is in the
    interface's language."""


@dataclass
class Sheet:
    """A worksheet's values within the bounds: ``value(row, column)`` (1-based, as in Excel)."""

    title: str
    rows: list[tuple]

    def value(self, row: int, column: int):
        if 1 <= row <= len(self.rows) and 1 <= column <= len(self.rows[row - 1]):
            return self.rows[row - 1][column - 1]
        return None

    @property
    def max_row(self) -> int:
        return len(self.rows)

    def address(self, row: int, column: int) -> str:
        return f"{column_letter(column)}{row}"


@dataclass
class Book:
    sheets: list[Sheet]

    @property
    def sheetnames(self) -> list[str]:
        return [sheet.title for sheet in self.sheets]

    def __getitem__(self, title: str) -> Sheet:
        for sheet in self.sheets:
            if sheet.title == title:
                return sheet
        raise KeyError(title)


def max_bytes() -> int:
    return settings.SPREADSHEET_MAX_BYTES


def size_words(size: int) -> str:
    """A file size for people: kB under a megabyte, else MB with one decimal."""
    if size < 1024 * 1024:
        return _("%(size)s kB") % {"size": max(1, round(size / 1024))}
    return _("%(size)s MB") % {"size": f"{size / 1024 / 1024:.1f}".replace(".", ",")}


def too_large_message(size: int | None = None) -> str:
    if size is None:
        return _("The file is larger than a spreadsheet may be (%(limit)s).") % {
            "limit": size_words(max_bytes())
        }
    return _("The file has %(size)s; a spreadsheet may have at most %(limit)s.") % {
        "size": size_words(size),
        "limit": size_words(max_bytes()),
    }


def not_a_workbook_message() -> str:
    return _("The file is not an Excel workbook (.xlsx).")


def content_of(upload) -> bytes:
    """The bytes of an upload (a file, or bytes), refused when over the size limit; no more
    than the limit is read."""
    if isinstance(upload, bytes | bytearray):
        if len(upload) > max_bytes():
            raise WorkbookRefused(too_large_message(len(upload)))
        return bytes(upload)
    size = getattr(upload, "size", None)
    if size is not None and size > max_bytes():
        raise WorkbookRefused(too_large_message(size))
    if hasattr(upload, "seek"):
        upload.seek(0)
    data = upload.read(max_bytes() + 1)
    if len(data) > max_bytes():
        raise WorkbookRefused(too_large_message())
    return data


_CELL = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s/>]")
_ROW = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?row[\s/>]")
_ROW_NUMBER = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?row\s[^>]*?\br=\"(\d+)\"")
_CELL_REFERENCE = re.compile(rb"\sr=\"([A-Za-z]{1,3})(\d+)\"")
_SHARED_STRING = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?si[\s/>]")
_STYLE = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?xf[\s/>]")
_WORKSHEET = re.compile(r"^xl/worksheets/[^/]+\.xml$")


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters.upper():
        number = number * 26 + letter - ord("A") + 1
    return number


def _check_sheet(xml: bytes, cells_so_far: int) -> int:
    """Rows and columns of one worksheet's XML within the bounds; returns its cell count."""
    references = _CELL_REFERENCE.findall(xml)
    rows = max(
        len(_ROW.findall(xml)),
        max((int(n) for n in _ROW_NUMBER.findall(xml)), default=0),
        max((int(n) for _letters, n in references), default=0),
    )
    if rows > MAX_ROWS:
        raise WorkbookRefused(
            _(
                "A sheet of the file reaches row %(rows)s; a spreadsheet may have at most "
                "%(limit)s rows (delete the rows below, also empty formatted ones)."
            )
            % {"rows": rows, "limit": MAX_ROWS}
        )
    columns = max((_column_number(letters) for letters, _n in references), default=0)
    if columns > MAX_COLUMNS:
        raise WorkbookRefused(
            _(
                "A sheet of the file reaches column %(column)s; a spreadsheet may have at most "
                "%(limit)s columns (up to %(last)s)."
            )
            % {
                "column": column_letter(min(columns, 18278)),
                "limit": MAX_COLUMNS,
                "last": column_letter(MAX_COLUMNS),
            }
        )
    cells = len(_CELL.findall(xml))
    if cells_so_far + cells > MAX_CELLS:
        raise WorkbookRefused(
            ngettext(
                "The file holds more than %(limit)s cell; a spreadsheet may hold at most that.",
                "The file holds more than %(limit)s cells; a spreadsheet may hold at most that.",
                MAX_CELLS,
            )
            % {"limit": MAX_CELLS}
        )
    return cells


def check_archive(data: bytes) -> None:
    """Refuse, before any parsing, a file that is no zip archive, or whose archive unpacks to
    more than the bounds allow (a small file may unpack to millions of rows)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as error:
        raise WorkbookRefused(not_a_workbook_message()) from error
    unpacked = sum(part.file_size for part in parts)
    if len(parts) > MAX_PARTS or unpacked > MAX_UNPACKED:
        raise WorkbookRefused(
            _(
                "The file unpacks to %(size)s; a spreadsheet may unpack to at most %(limit)s "
                "(a championship's sheet is far smaller)."
            )
            % {"size": size_words(unpacked), "limit": size_words(MAX_UNPACKED)}
        )
    cells = 0
    try:
        with archive:
            for part in parts:
                # Each read stops at the size the archive declares (zipfile checks it).
                if _WORKSHEET.match(part.filename):
                    cells += _check_sheet(archive.read(part), cells)
                elif part.filename == "xl/sharedStrings.xml":
                    if len(_SHARED_STRING.findall(archive.read(part))) > MAX_CELLS:
                        raise WorkbookRefused(
                            _("The file holds more than %(limit)s texts.") % {"limit": MAX_CELLS}
                        )
                elif part.filename == "xl/styles.xml":
                    if len(_STYLE.findall(archive.read(part))) > MAX_STYLES:
                        raise WorkbookRefused(
                            _("The file holds more than %(limit)s cell formats.")
                            % {"limit": MAX_STYLES}
                        )
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as error:
        raise WorkbookRefused(not_a_workbook_message()) from error


def _rows(sheet) -> list[tuple]:
    """A read-only sheet's rows within the bounds, without the empty rows at its end (the
    size the sheet declares of itself is not trusted)."""
    sheet.reset_dimensions()
    rows = [
        tuple(row)
        for row in islice(sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True), MAX_ROWS)
    ]
    while rows and all(value is None for value in rows[-1]):
        rows.pop()
    return rows


def read_workbook(upload) -> Book:
    """Every sheet's values of an uploaded workbook (bytes or a file), within the bounds, with
    formulas read as the values Excel saved for them; ``WorkbookRefused`` with the reason."""
    from openpyxl import load_workbook

    data = content_of(upload)
    check_archive(data)
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a file that is not a workbook
        raise WorkbookRefused(not_a_workbook_message()) from error
    try:
        return Book([Sheet(sheet.title, _rows(sheet)) for sheet in book.worksheets])
    except Exception as error:  # a sheet that breaks off or is not a worksheet's XML
        raise WorkbookRefused(not_a_workbook_message()) from error
    finally:
        book.close()
