"""Start-up (issue 23): what every command and every server worker pays before it does anything.

Each figure is a fresh Python process, the median of several: ``manage.py check`` (Django set up,
every page's module imported by the URL checks), a command of the day (``manage.py help
results``: set up without the checks, as the project's commands run), the server's application
(``syllabatim.asgi`` imported and the URLconf loaded with every page's module: what a worker
pays before its first answer), and the modules that cost most in
``python -X importtime`` of the check. Target: at most 1 s each on a quiet machine.
"""

import os
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 5
WORKER = "import syllabatim.asgi\nfrom django.urls import get_resolver\nget_resolver().url_patterns"


def _environment() -> dict:
    environment = dict(os.environ)
    # The bench's own process set these for its throw-away database; a child sets up anew.
    environment.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return environment


def _wall(arguments: list[str]) -> float:
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, *arguments],
            cwd=ROOT,
            env=_environment(),
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def costliest_imports(top: int = 6) -> list[tuple[str, float]]:
    """The packages whose own import time is largest in ``manage.py check``, in seconds."""
    finished = subprocess.run(
        [sys.executable, "-X", "importtime", "manage.py", "check"],
        cwd=ROOT,
        env=_environment(),
        check=True,
        capture_output=True,
        text=True,
    )
    by_package: Counter = Counter()
    for line in finished.stderr.splitlines():
        match = re.match(r"import time:\s+(\d+) \|\s+\d+ \| \s*([\w.]+)", line)
        if match:
            by_package[match.group(2).split(".")[0]] += int(match.group(1))
    return [(name, micro / 1e6) for name, micro in by_package.most_common(top)]


def run() -> None:
    bare = _wall(["-c", "pass"])
    check = _wall(["manage.py", "check"])
    command = _wall(["manage.py", "help", "results"])
    worker = _wall(["-c", WORKER])
    print(
        f"start-up, medians of {REPEAT} fresh processes (target at most 1 s): "
        f"`manage.py check` {check:.2f} s, a command (`manage.py help results`) {command:.2f} s, "
        f"a server worker (the application and its pages loaded) {worker:.2f} s; "
        f"Python alone {bare:.2f} s"
    )
    costly = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in costliest_imports())
    print(f"costliest imports of `manage.py check` (python -X importtime, own time): {costly}")
