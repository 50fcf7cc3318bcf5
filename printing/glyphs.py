"""The characters the printouts' font (DejaVu Sans, regular and bold) has, read from the font
files once a process and only when first asked (reportlab's font parser is not imported at
start-up)."""

from functools import cache
from pathlib import Path

FONT_FILES = [
    Path(__file__).resolve().parent / "fonts" / name
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
]
REPLACEMENT = "\ufffd"  # what a character the font lacks is printed as


@cache
def font_characters() -> frozenset[int]:
    """Code points both fonts have a glyph for."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    found = None
    for path in FONT_FILES:
        characters = frozenset(TTFontFile(str(path)).charToGlyph)
        found = characters if found is None else found & characters
    return found


def printable(character: str) -> bool:
    return ord(character) in font_characters()
