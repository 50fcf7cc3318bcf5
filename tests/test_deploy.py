"""The documented production settings pass Django's deployment checks, and the app serves with
debug off (static files through whitenoise)."""

import os
import subprocess
import sys

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
