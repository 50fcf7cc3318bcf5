"""The documented production settings pass Django's deployment checks, and the app serves with
debug off (static files through whitenoise)."""

import os
import subprocess
import sys

import pytest
from django.conf import settings

PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "x9-" + "k3Lq8vZp2Wm7Rt5Yn1Bc4Hd6Gf0Js" * 2,
    "DJANGO_ALLOWED_HOSTS": "mcr.example.cz",
    "DJANGO_HTTPS": "1",
}


def run(*args, **env):
    # The production process starts from a clean slate: nothing a test set for itself
    # (such as the browser tests' DJANGO_ALLOW_ASYNC_UNSAFE) reaches it.
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        env={**inherited, **PRODUCTION, **env},
    )


def test_check_deploy_passes_with_the_production_settings():
    done = run("check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr


def test_without_a_secret_key_debug_off_refuses_to_start():
    done = run("check", DJANGO_SECRET_KEY="")
    assert done.returncode != 0 and "DJANGO_SECRET_KEY" in done.stderr


@pytest.mark.parametrize(
    "key",
    [
        "kratky-klic-2026",  # under 50 characters
        "ab" * 40,  # long, but 2 different characters
        "django-insecure-" + "x9k3Lq8vZp2Wm7Rt5Yn1Bc4Hd6Gf0Jsx9k3Lq8vZp2Wm7Rt5Yn1",
    ],
)
def test_a_weak_secret_key_without_debug_refuses_to_start(key):
    """Django's deployment check only warns about such a key; without debug it signs the
    sessions and the table links, so the server does not start."""
    done = run("check", DJANGO_SECRET_KEY=key)
    assert done.returncode != 0 and "DJANGO_SECRET_KEY is too weak" in done.stderr
    assert run("check", DJANGO_SECRET_KEY=key, DJANGO_DEBUG="1").returncode == 0
