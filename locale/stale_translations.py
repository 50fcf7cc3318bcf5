"""List, or with ``--remove`` delete, the Czech translations in ``locale/cs_strings/`` whose
English source string no longer occurs in the code or the templates: those that are no msgid
of ``locale/cs/LC_MESSAGES/django.po``. Run it after ``make messages`` (which makes the .po
from the code and templates), then ``make messages`` again.
"""

import ast
import sys
from pathlib import Path

import polib

HERE = Path(__file__).resolve().parent


def known() -> tuple[set[str], set[tuple[str | None, str]]]:
    """The .po's msgids, and its (context, msgid) pairs."""
    po = polib.pofile(str(HERE / "cs" / "LC_MESSAGES" / "django.po"))
    return {entry.msgid for entry in po}, {(entry.msgctxt, entry.msgid) for entry in po}


def stale_entries(path: Path) -> list[tuple[object, int, int]]:
    """The stale entries of one table: (key, first line, last line), lines from 1."""
    msgids, with_context = known()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # every dict of the table: CS = {…}, and CS |= {…} or CS.update({…}) where it grew in parts
    tables = [node for node in ast.walk(tree) if isinstance(node, ast.Dict)]
    found = []
    pairs = [pair for table in tables for pair in zip(table.keys, table.values, strict=True)]
    for key_node, value_node in pairs:
        key = ast.literal_eval(key_node)
        used = key in with_context if isinstance(key, tuple) else key in msgids
        if not used:
            found.append((key, key_node.lineno, value_node.end_lineno))
    return found


def main(remove: bool) -> int:
    count = 0
    for path in sorted((HERE / "cs_strings").glob("*.py")):
        stale = stale_entries(path)
        for key, _first, _last in stale:
            print(f"{path.name}: {key!r}")
        count += len(stale)
        if remove and stale:
            lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
            gone = {n for _key, first, last in stale for n in range(first, last + 1)}
            path.write_text(
                "".join(line for n, line in enumerate(lines, start=1) if n not in gone),
                encoding="utf-8",
            )
    return 1 if count and not remove else 0


if __name__ == "__main__":
    raise SystemExit(main(remove="--remove" in sys.argv[1:]))
