"""The documented production settings pass Django's deployment checks, and the app serves with
debug off (static files through whitenoise); the demo organiser's published password never
reaches a server without debug."""

import os
import signal
import subprocess
import sys

import httpx
import pytest
from django.conf import settings

from accounts.demo_account import DEMO_LOGIN, DEMO_PASSWORD
from tests.sync.conftest import free_port, wait_for

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


def test_check_deploy_passes_with_the_production_settings(tmp_path):
    # a database of its own: the deployment check reads the accounts (accounts.W001)
    done = run(
        "check", "--deploy", "--fail-level", "WARNING", DATABASE_URL=f"sqlite:///{tmp_path}/db"
    )
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


def inherited_environment(**env) -> dict:
    return {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        **env,
    }


def make_serve(environment: dict, log) -> subprocess.Popen:
    with log.open("w") as output:
        return subprocess.Popen(
            ["make", "--no-print-directory", "serve"],
            cwd=settings.BASE_DIR,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # make, the shell and the server: one group, stopped whole
        )


def test_the_readme_order_keeps_the_demo_organiser_off_the_server(tmp_path):
    """The README's order: ``make run`` (migrate, ``demo --organiser`` with debug on), then
    ``make serve`` on the same database. The server does not start while the demo account has
    the published password, and says why and how to fix it; ``check --deploy`` warns; the fix
    it names (``changepassword``) lets it start, and the published password signs nobody in."""
    port = free_port()
    environment = inherited_environment(
        DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
        BIND=f"127.0.0.1:{port}",
        WORKERS="1",
        PYTHONUNBUFFERED="1",
    )
    environment.pop("DJANGO_DEBUG", None)  # make run: debug on, as a newcomer's laptop has it

    def manage(*args, **options):
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=settings.BASE_DIR,
            env=environment,
            capture_output=True,
            text=True,
            check=True,
            **options,
        )

    manage("migrate", "--noinput")
    made = manage("demo", "--organiser")
    assert f"{DEMO_LOGIN}, heslo {DEMO_PASSWORD}" in made.stdout  # make run prints the login
    assert "make serve" in made.stderr

    warned = run("check", "--deploy", DATABASE_URL=environment["DATABASE_URL"])
    assert "accounts.W001" in warned.stderr and f"changepassword {DEMO_LOGIN}" in warned.stderr

    log = tmp_path / "serve.log"
    assert make_serve(environment, log).wait(timeout=300) != 0, log.read_text()
    err = log.read_text()
    assert "Server se nespustí." in err
    assert f"Účet {DEMO_LOGIN} má zveřejněné heslo ukázky ({DEMO_PASSWORD})" in err
    assert f"python manage.py changepassword {DEMO_LOGIN}" in err
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/zdravi/", timeout=1)

    # The fix the refusal names: a password of its own (the published one is refused there).
    new_password = "k7pm-3xqa-v9tr-w2cd"
    changed = manage(
        "changepassword",
        DEMO_LOGIN,
        input=f"{DEMO_PASSWORD}\n{DEMO_PASSWORD}\n{new_password}\n{new_password}\n",
        start_new_session=True,  # no terminal: getpass reads the standard input
    )
    assert "Toto je zveřejněné heslo ukázky" in changed.stderr
    assert (
        run("check", "--deploy", DATABASE_URL=environment["DATABASE_URL"]).stderr.count(
            "accounts.W001"
        )
        == 0
    )

    server = make_serve(environment, log)
    url = f"http://127.0.0.1:{port}"

    def answers():
        if server.poll() is not None:
            raise AssertionError("make serve stopped: " + log.read_text())
        try:
            return httpx.get(f"{url}/zdravi/", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_for(answers, 180, "make serve")
        with httpx.Client(base_url=url, timeout=30) as browser:

            def sign_in(password: str) -> httpx.Response:
                form = browser.get("/ucet/prihlaseni/")
                token = browser.cookies["csrftoken"]
                assert form.status_code == 200
                return browser.post(
                    "/ucet/prihlaseni/",
                    data={
                        "username": DEMO_LOGIN,
                        "password": password,
                        "csrfmiddlewaretoken": token,
                    },
                )

            assert sign_in(DEMO_PASSWORD).status_code == 200  # the form again
            signed_in = sign_in(new_password)
            assert signed_in.status_code == 302 and signed_in.headers["location"] == "/sprava/"
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(timeout=10)
