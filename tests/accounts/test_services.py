"""Accounts of the staff: created in a role, a new password, a role or name changed, an account
deactivated; the championship always keeps an active organiser."""

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils import translation

from accounts import services
from accounts.roles import ORGANISER, REFEREE, create_account, has_role

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def organiser():
    return create_account(username="org", role=ORGANISER, password="heslo-organizatora")


@pytest.fixture
def referee():
    return create_account(username="ref", role=REFEREE, password="heslo-rozhodciho")


def test_an_account_is_created_in_its_role_with_its_name():
    user = services.create_staff_account(
        username="jana", role=REFEREE, password="dlouhe-heslo", first_name="Jana", last_name="Nová"
    )
    assert user.check_password("dlouhe-heslo") and user.get_full_name() == "Jana Nová"
    assert has_role(user, REFEREE) and not has_role(user, ORGANISER) and not user.is_staff
    assert services.role_of(user) == REFEREE


@pytest.mark.parametrize(
    ("username", "role", "password", "field"),
    [
        ("jana", REFEREE, "krátké", "password"),
        ("jana nová", REFEREE, "dlouhe-heslo", "username"),
        ("", REFEREE, "dlouhe-heslo", "username"),
        ("jana", "judge", "dlouhe-heslo", "role"),
        ("org", REFEREE, "dlouhe-heslo", "username"),
    ],
)
def test_a_wrong_account_is_refused(organiser, username, role, password, field):
    count = User.objects.count()
    with pytest.raises(ValidationError) as raised:
        services.create_staff_account(username=username, role=role, password=password)
    assert field in raised.value.message_dict
    assert User.objects.count() == count


def test_a_password_is_set_or_generated(referee):
    services.set_password(user=referee, password="nove-heslo-1")
    referee.refresh_from_db()
    assert referee.check_password("nove-heslo-1")
    generated = services.generate_password()
    assert len(generated) == 19 and generated.count("-") == 3
    assert generated != services.generate_password()
    services.set_password(user=referee, password=generated)
    referee.refresh_from_db()
    assert referee.check_password(generated)
    with pytest.raises(ValidationError) as raised:
        services.set_password(user=referee, password="short")
    assert "password" in raised.value.message_dict
    referee.refresh_from_db()
    assert referee.check_password(generated)


def test_a_role_is_changed_but_the_last_organiser_stays_one(organiser, referee):
    with pytest.raises(ValidationError) as raised:
        services.set_role(user=organiser, role=REFEREE, by=organiser)
    assert "last active organiser" in raised.value.message_dict["role"][0]
    assert has_role(organiser, ORGANISER)
    services.set_role(user=referee, role=ORGANISER, by=organiser)
    referee.refresh_from_db()
    assert has_role(referee, ORGANISER) and referee.is_staff
    services.set_role(user=organiser, role=REFEREE, by=referee)  # now there is another
    organiser.refresh_from_db()
    assert not has_role(organiser, ORGANISER) and has_role(organiser, REFEREE)
    assert not organiser.is_staff


def test_a_deactivated_organiser_does_not_count(organiser, referee):
    second = create_account(username="org2", role=ORGANISER, password="heslo-organizatora")
    services.set_active(user=second, active=False, by=organiser)
    with pytest.raises(ValidationError):
        services.set_role(user=organiser, role=REFEREE, by=organiser)


def test_an_account_is_deactivated_and_active_again(organiser, referee):
    services.set_active(user=referee, active=False, by=organiser)
    referee.refresh_from_db()
    assert not referee.is_active
    services.set_active(user=referee, active=True, by=organiser)
    referee.refresh_from_db()
    assert referee.is_active


def test_nobody_deactivates_the_last_organiser_or_their_own_account(organiser, referee):
    with pytest.raises(ValidationError) as raised:
        services.set_active(user=organiser, active=False, by=referee)
    assert "last active organiser" in raised.value.messages[0]
    with pytest.raises(ValidationError) as raised:
        services.set_active(user=organiser, active=False, by=organiser)
    assert "own account" in raised.value.messages[0]
    organiser.refresh_from_db()
    assert organiser.is_active


def test_a_superuser_counts_as_an_organiser(organiser):
    User.objects.create_superuser("root", password="heslo-spravce")
    services.set_active(user=organiser, active=False, by=User.objects.get(username="root"))
    root = User.objects.get(username="root")
    assert services.role_of(root) == ORGANISER
    with pytest.raises(ValidationError):
        services.set_role(user=root, role=REFEREE, by=root)
    with pytest.raises(ValidationError):
        services.set_active(user=root, active=False, by=organiser)


def test_a_name_is_recorded(referee):
    services.set_name(user=referee, first_name=" Petr ", last_name="Malý ")
    referee.refresh_from_db()
    assert referee.get_full_name() == "Petr Malý"


def test_deactivating_an_account_ends_its_sessions(organiser, referee):
    """Made active again, the account gets none of its old sessions back; other accounts'
    sessions stay."""
    from django.test import Client

    phone, laptop, other = Client(), Client(), Client()
    phone.force_login(referee)
    laptop.force_login(referee)
    other.force_login(organiser)
    services.set_active(user=referee, active=False, by=organiser)
    services.set_active(user=referee, active=True, by=organiser)
    for client in (phone, laptop):
        response = client.get("/sprava/")
        assert response.status_code == 302 and "/ucet/prihlaseni/" in response.url
    assert other.get("/sprava/").status_code == 200


def test_the_command_makes_an_account_with_the_staff_pages_checks(db):
    """``create_account`` goes through ``create_staff_account``: a weak password, a taken or
    malformed name are refused (in the language in force: English in this module), and a good
    account gets its role."""
    from django.core.management import CommandError, call_command

    from accounts.services import role_of

    call_command("create_account", "rozhodci1", role="referee", password="k7pm-3xqa-v9tr-w2cd")
    assert role_of(User.objects.get(username="rozhodci1")) == "referee"
    with pytest.raises(CommandError, match="too short"):
        call_command("create_account", "rozhodci2", role="referee", password="heslo")
    with pytest.raises(CommandError, match="already exists"):
        call_command("create_account", "rozhodci1", role="referee", password="k7pm-3xqa-v9tr-w2cd")
    with pytest.raises(CommandError, match="valid username"):
        call_command("create_account", "a b", role="organiser", password="k7pm-3xqa-v9tr-w2cd")
    assert not User.objects.filter(username__in=["rozhodci2", "a b"]).exists()


@pytest.mark.parametrize(
    ("password", "words"),
    [
        ("password", "Heslo je příliš běžné."),
        ("12345678", "Heslo se skládá pouze z čísel."),
        ("krakonos", "Heslo je příliš podobné obsahu pole uživatelské jméno."),
        ("syllabatim", "Toto je zveřejněné heslo ukázky"),
    ],
)
def test_the_command_refuses_a_guessable_password_in_czech(db, password, words):
    """``create_account`` in the interface's language (as ``manage.py`` runs it): Django's
    password validators with their Czech, for an organiser as for a referee."""
    from django.core.management import CommandError, call_command

    with translation.override("cs"), pytest.raises(CommandError, match=words):
        call_command("create_account", "krakonos", role="organiser", password=password)
    assert not User.objects.filter(username="krakonos").exists()


def test_a_password_like_the_name_is_refused_with_or_without_its_accents(referee):
    services.set_name(user=referee, first_name="Jana", last_name="Nováková")
    for password in ("Nováková2026", "novakova2026", "NOVAKOVA-2026"):
        with pytest.raises(ValidationError) as raised:
            services.set_password(user=referee, password=password)
        assert "too similar to the last name" in raised.value.message_dict["password"][0]
    services.set_password(user=referee, password="k7pm-3xqa-v9tr-w2cd")


def test_the_command_without_a_password_and_without_a_terminal_says_what_to_pass(db, monkeypatch):
    """Run from a script or CI: no terminal to ask, so no EOFError traceback but a refusal
    that names --password (in Czech, the interface's language)."""
    import io

    from django.core.management import CommandError, call_command
    from django.utils import translation

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with translation.override("cs"), pytest.raises(CommandError, match="--password") as refused:
        call_command("create_account", "rozhodci3", role="referee")
    assert "terminál" in str(refused.value)
    assert not User.objects.filter(username="rozhodci3").exists()


def test_the_command_says_the_role_in_czech_and_records_the_name_and_gender(db):
    """Issue 33: "Účet organizator vytvořen (organiser)." said the role's code."""
    import io

    from django.core.management import call_command
    from django.utils import translation

    from accounts.services import gender_of

    out = io.StringIO()
    with translation.override("cs"):
        call_command(
            "create_account",
            "organizatorka",
            role="organiser",
            password="k7pm-3xqa-v9tr-w2cd",
            first_name="Věra",
            last_name="Doležalová",
            gender="feminine",
            stdout=out,
        )
    assert out.getvalue().strip() == "Účet organizatorka vytvořen (organizátor)."
    user = User.objects.get(username="organizatorka")
    assert user.get_full_name() == "Věra Doležalová" and gender_of(user) == "feminine"
