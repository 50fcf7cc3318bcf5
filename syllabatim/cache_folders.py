"""The cache folder that ``make serve``'s worker processes share (``DJANGO_CACHE_DIR``): one new
folder at each start, named for the serving process, and the folders of servers that are gone.

A server stopped in order removes its folder (``syllabatim.serving``); one killed (``kill -9``,
a power cut) cannot. Its folder's name carries its process id, so the next start removes every
folder whose process no longer runs, and leaves alone those of servers still running (two
servers on one machine, on other ports).
"""

import os
import re
import shutil
import tempfile
from pathlib import Path

PREFIX = "syllabatim-cache-"
# syllabatim-cache-<pid>-<random>; before issue 38 the name had no process id.
NAMED = re.compile(rf"^{re.escape(PREFIX)}(?:(?P<pid>\d+)-)?[^/]*$")


def running(pid: int) -> bool:
    """Whether a process of this id runs (another user's counts too)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def stale_folders(parent: Path | None = None) -> list[Path]:
    """The cache folders in ``parent`` (the system's temporary folder) whose server is gone:
    its process does not run, or the name has no process id (an older version's; those
    servers are gone once this version serves)."""
    parent = Path(parent or tempfile.gettempdir())
    found = []
    for path in parent.glob(f"{PREFIX}*"):
        named = NAMED.match(path.name)
        if named is None or not path.is_dir() or path.is_symlink():
            continue
        pid = named.group("pid")
        if pid is None or not running(int(pid)):
            found.append(path)
    return sorted(found)


def remove_stale(parent: Path | None = None) -> list[Path]:
    """Remove the stale folders; returns those removed."""
    removed = []
    for path in stale_folders(parent):
        shutil.rmtree(path, ignore_errors=True)
        if not path.exists():
            removed.append(path)
    return removed


def new_folder(parent: Path | None = None) -> str:
    """Remove the stale folders, then make this server's own."""
    remove_stale(parent)
    return tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=parent)
