import os
import shutil

import pytest


def require(available: bool, reason: str) -> None:
    """Skip on a user's machine without the tool; in CI a missing tool fails."""
    if available:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"needed in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture
def louis():
    from printing import braille

    require(braille.available(), "liblouis (Debian liblouis-data, python3-louis) is missing")


@pytest.fixture
def pdftoppm():
    path = shutil.which("pdftoppm")
    require(path is not None, "pdftoppm (Debian poppler-utils) is missing")
    return path
