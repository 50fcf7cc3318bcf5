"""Fill locale/cs from the tables in locale/cs_strings/: ``make messages``.

The code's strings are English (Django's convention); their Czech wording is kept and reviewed
in ``locale/cs_strings/<area>.py``, each a dict ``CS`` of msgid -> Czech (for a plural, a
tuple of the three Czech forms; a message with a context, e.g. ``pgettext("feminine", …)``, may
be keyed ``(context, msgid)``). One file per area of the application.
"""

import runpy
import sys
from pathlib import Path

import polib

HERE = Path(__file__).resolve().parent


def czech() -> dict[str, str]:
    table: dict[str, str] = {}
    for path in sorted((HERE / "cs_strings").glob("*.py")):
        for msgid, msgstr in runpy.run_path(str(path))["CS"].items():
            if table.get(msgid, msgstr) != msgstr:
                raise SystemExit(f"{path.name}: {msgid!r} is translated differently elsewhere")
            table[msgid] = msgstr
    return table


def main() -> int:
    table = czech()
    po = polib.pofile(str(HERE / "cs" / "LC_MESSAGES" / "django.po"))
    missing = []
    for entry in po:
        # A message with a context ("feminine", "medal") is kept under (context, msgid) when
        # its Czech differs from the message without one.
        key = (entry.msgctxt, entry.msgid) if (entry.msgctxt, entry.msgid) in table else entry.msgid
        if key in table:
            wording = table[key]
            if entry.msgid_plural:  # Czech has three forms: 1, 2–4, 5 and more
                if not (isinstance(wording, tuple) and len(wording) == 3):
                    raise SystemExit(f"{entry.msgid!r} needs three Czech plural forms")
                entry.msgstr_plural = dict(enumerate(wording))
            else:
                entry.msgstr = wording
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
        else:
            missing.append(entry.msgid)
    po.metadata["Language"] = "cs"
    po.metadata["Plural-Forms"] = "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"
    po.metadata["Content-Type"] = "text/plain; charset=UTF-8"
    po.save()
    po.save_as_mofile(str(HERE / "cs" / "LC_MESSAGES" / "django.mo"))
    for msgid in missing:
        print(f"untranslated: {msgid!r}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
