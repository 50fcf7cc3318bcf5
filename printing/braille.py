"""Braille through liblouis with its Czech table: BRF files for embossers and Braille
notetakers (ASCII Braille, ``PAGE_WIDTH`` cells by ``PAGE_LINES`` lines a page unless set
otherwise) and Unicode Braille text for refreshable displays.

Lines are translated whole, then wrapped between words, so that every wrapped line still
back-translates to its words. liblouis comes from Debian (``liblouis-data``,
``python3-louis``): the ``louis`` on PyPI is an old stub, and the Debian module lives outside
a virtual environment, so it is loaded from its file when ``import louis`` does not give it.
"""

import importlib.util
import sys
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.utils.translation import gettext as _

TABLE = "cs-g1.ctb"
PAGE_WIDTH = 40  # cells a line
PAGE_LINES = 25  # lines a page
DEBIAN_LOUIS = Path("/usr/lib/python3/dist-packages/louis/__init__.py")


@dataclass(frozen=True)
class Output:
    display: str  # liblouis display table: how a cell is written
    blank: str  # the empty cell


BRF = Output("en-us-brf.dis", " ")
UNICODE = Output("unicode.dis", "\u2800")

# Punctuation the Czech table has no cell for, written as what it does have.
PLAIN = str.maketrans({"–": "-", "—": "-", "„": '"', "“": '"', "”": '"', "\u00a0": " ", "…": "..."})


class BrailleUnavailable(RuntimeError):
    pass


@cache
def louis():
    try:
        import louis as module

        if hasattr(module, "translateString"):
            return module
    except ImportError:
        pass
    if DEBIAN_LOUIS.exists():
        spec = importlib.util.spec_from_file_location("louis", DEBIAN_LOUIS)
        module = importlib.util.module_from_spec(spec)
        sys.modules["louis"] = module
        spec.loader.exec_module(module)
        return module
    raise BrailleUnavailable(
        _("Braille needs liblouis: install the Debian packages liblouis-data and python3-louis.")
    )


def available() -> bool:
    try:
        louis()
    except (BrailleUnavailable, OSError):
        return False
    return True


def plain(line: str) -> str:
    """A line as the Czech table can take it; an embosser never receives a control code (a
    control character or a line break inside a line becomes a space, an invisible formatting
    character is dropped: names hold neither, other texts might)."""
    return "".join(
        " "
        if unicodedata.category(character) in ("Cc", "Zl", "Zp")
        else ""
        if unicodedata.category(character) == "Cf"
        else character
        for character in line.translate(PLAIN)
    )


def translate(line: str, output: Output) -> str:
    return louis().translateString([output.display, TABLE], plain(line))


def back_translate(cells: str, output: Output) -> str:
    return louis().backTranslateString([output.display, TABLE], cells)


def wrap(cells: str, width: int, blank: str) -> list[str]:
    """Lines of at most ``width`` cells, broken between words; a word longer than a line is
    cut."""
    lines, current = [], ""
    for word in cells.split(blank):
        while len(word) > width:
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:width])
            word = word[width:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += blank + word
        else:
            lines.append(current)
            current = word
    lines.append(current)
    return lines


def braille_lines(text_lines: list[str], output: Output, width: int) -> list[str]:
    out = []
    for line in text_lines:
        out += wrap(translate(line, output), width, output.blank) if line.strip() else [""]
    return out


def pages(text_lines: list[str], output: Output, width: int, height: int) -> list[list[str]]:
    if width < 10 or height < 1:
        raise ValueError(_("A Braille page needs at least 10 cells a line and 1 line."))
    lines = braille_lines(text_lines, output, width)
    return [lines[start : start + height] for start in range(0, len(lines), height)] or [[]]


def brf(text_lines: list[str], width: int = PAGE_WIDTH, height: int = PAGE_LINES) -> bytes:
    """A BRF file: ASCII Braille, lines ended by CR LF, pages separated by a form feed."""
    return "\f".join(
        "".join(line + "\r\n" for line in page) for page in pages(text_lines, BRF, width, height)
    ).encode("ascii")


def unicode_text(text_lines: list[str], width: int = PAGE_WIDTH) -> str:
    """Unicode Braille (U+2800–U+28FF), lines of at most ``width`` cells."""
    return "".join(line + "\n" for line in braille_lines(text_lines, UNICODE, width))
