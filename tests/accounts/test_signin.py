"""The limit on sign-in guesses (accounts.signin, django-axes): per address and per account
across addresses, in the database, on the staff's sign-in and the admin's, with a Czech page
that says how long and what is locked; guesses from one address never lock the owner out."""

from io import StringIO

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.test import Client

from accounts.demo_account import DEMO_LOGIN, DEMO_PASSWORD
from accounts.roles import ORGANISER, create_account

pytestmark = pytest.mark.django_db

STAFF = "/ucet/prihlaseni/"
ADMIN = "/admin/login/"
LIMIT = 10  # the default of DJANGO_SIGNIN_FAILURES: one address
ACCOUNT_LIMIT = 30  # the default of DJANGO_SIGNIN_ACCOUNT_FAILURES: one account, any addresses


@pytest.fixture
def jana(db):
    return create_account(username="jana", role=ORGANISER, password="spravne-heslo-1")


def sign_in(client: Client, username: str, password: str, url: str = STAFF):
    return client.post(url, {"username": username, "password": password})


def from_address(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def locked(response) -> bool:
    return response.status_code == 429 and "Příliš mnoho nepovedených přihlášení" in (
        response.content.decode()
    )


def test_a_right_password_signs_in(jana):
    response = sign_in(from_address("10.0.0.1"), "jana", "spravne-heslo-1")
    assert response.status_code == 302 and response.url == "/sprava/"


@pytest.mark.parametrize("url", [STAFF, ADMIN])
def test_ten_wrong_passwords_lock_the_address_not_the_owner(jana, url):
    """Issue 31: ten wrong passwords from one address lock that address, with the time to
    wait; the owner signs in from another at once, on the staff's sign-in and the admin's."""
    attacker = from_address("10.0.0.66")
    for _ in range(LIMIT - 1):
        response = sign_in(attacker, "jana", "hadam", url)
        assert response.status_code == 200  # the form again, with its error
    response = sign_in(attacker, "jana", "hadam", url)
    assert locked(response)
    html = response.content.decode()
    assert "Zkuste to znovu za 15 minut" in html and 'lang="cs"' in html
    assert "z tohoto zařízení" in html and "unlock_account" in html
    # the right password does not get through the lock from the attacker's address
    assert locked(sign_in(attacker, "jana", "spravne-heslo-1", url))
    assert "_auth_user_id" not in attacker.session
    owner = from_address("10.0.0.2")
    assert sign_in(owner, "jana", "spravne-heslo-1", url).status_code == 302
    assert "_auth_user_id" in owner.session


def test_thirty_wrong_from_one_address_are_refused_before_the_thirtieth(jana):
    """One address never reaches the account's own limit: its guesses are refused from the
    tenth on, and those refused are not counted."""
    attacker = from_address("10.0.0.66")
    answers = [sign_in(attacker, "jana", f"hadam-{n}").status_code for n in range(ACCOUNT_LIMIT)]
    assert answers == [200] * (LIMIT - 1) + [429] * (ACCOUNT_LIMIT - LIMIT + 1)
    assert sum(AccessAttempt.objects.values_list("failures_since_start", flat=True)) == LIMIT
    assert sign_in(from_address("10.0.0.2"), "jana", "spravne-heslo-1").status_code == 302


def test_many_addresses_lock_the_account_except_where_it_signed_in(jana):
    """Thirty wrong passwords from several addresses lock the account for every address it
    has not signed in from lately; the owner's known address still signs in, and
    ``unlock_account`` lifts the lock at once."""
    known = from_address("10.0.0.1")
    assert sign_in(known, "jana", "spravne-heslo-1").status_code == 302
    known.post("/ucet/odhlaseni/")
    attackers = [from_address(f"192.0.2.{n}") for n in range(ACCOUNT_LIMIT // LIMIT)]
    for attacker in attackers:
        for _ in range(LIMIT):
            sign_in(attacker, "jana", "hadam")
    newcomer = sign_in(from_address("10.0.0.3"), "jana", "spravne-heslo-1")
    assert locked(newcomer)
    assert "z více zařízení" in newcomer.content.decode()
    assert sign_in(known, "jana", "spravne-heslo-1").status_code == 302
    out = StringIO()
    call_command("unlock_account", "jana", stdout=out)
    assert out.getvalue().strip() == (
        f"Účet jana je odemčen. Zapomenutá nepovedená přihlášení: {ACCOUNT_LIMIT}, počet adres: 3."
    )
    assert sign_in(from_address("10.0.0.3"), "jana", "spravne-heslo-1").status_code == 302


def test_one_client_guessing_many_accounts_is_locked(jana):
    attacker = from_address("10.0.0.66")
    for number in range(LIMIT):
        response = sign_in(attacker, f"ucet{number}", "hadam")
    assert locked(response)
    assert locked(sign_in(attacker, "jana", "spravne-heslo-1"))
    # another client signs in to the account the attacker did not try
    assert sign_in(from_address("10.0.0.2"), "jana", "spravne-heslo-1").status_code == 302


def test_the_count_is_kept_in_the_database_and_the_organiser_lifts_it(jana):
    attacker = from_address("10.0.0.66")
    for _ in range(LIMIT):
        sign_in(attacker, "jana", "hadam")
    assert AccessAttempt.objects.filter(username="jana").exists()  # every worker sees it
    assert locked(sign_in(attacker, "jana", "spravne-heslo-1"))
    out = StringIO()
    call_command("unlock_account", "jana", stdout=out)
    assert "nepovedená přihlášení: 10, počet adres: 1." in out.getvalue()
    assert sign_in(attacker, "jana", "spravne-heslo-1").status_code == 302
    out = StringIO()
    call_command("unlock_account", "jana", stdout=out)
    assert "nic nebylo zamčeno" in out.getvalue()


def test_behind_a_proxy_the_client_is_the_last_forwarded_hop(jana, settings):
    settings.BEHIND_PROXY = True
    proxy = "10.0.0.254"
    for number in range(LIMIT):
        client = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR=f"1.2.3.{number}, 192.0.2.7")
        response = sign_in(client, f"ucet{number}", "hadam")
    assert locked(response)
    assert AccessAttempt.objects.filter(ip_address="192.0.2.7").count() == LIMIT
    other = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="192.0.2.8")
    assert sign_in(other, "jana", "spravne-heslo-1").status_code == 302


def test_signing_in_in_english_says_it_in_english(jana):
    attacker = from_address("10.0.0.66")
    for _ in range(LIMIT):
        response = sign_in(attacker, "jana", "hadam", "/en/ucet/prihlaseni/")
    assert response.status_code == 429
    assert "Try again in 15 minutes" in response.content.decode()


@pytest.fixture
def demo_organiser(db):
    return create_account(username=DEMO_LOGIN, role=ORGANISER, password=DEMO_PASSWORD)


def test_without_debug_the_published_password_signs_nobody_in(demo_organiser, settings):
    """However the server was started: the demo's published password is a wrong guess there."""
    settings.DEBUG = False
    client = from_address("10.0.0.1")
    response = sign_in(client, DEMO_LOGIN, DEMO_PASSWORD)
    assert response.status_code == 200 and "_auth_user_id" not in client.session
    assert AccessAttempt.objects.get(username=DEMO_LOGIN).failures_since_start == 1
    assert sign_in(client, DEMO_LOGIN, DEMO_PASSWORD, ADMIN).status_code == 200
    settings.DEBUG = True  # make run, on a laptop
    assert sign_in(client, DEMO_LOGIN, DEMO_PASSWORD).status_code == 302
