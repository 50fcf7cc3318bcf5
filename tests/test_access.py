import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.test import RequestFactory

from accounts.access import organiser_required, referee_required
from accounts.roles import ORGANISER, REFEREE, create_account

pytestmark = pytest.mark.django_db


def view(request):
    return HttpResponse("ok")


@pytest.fixture
def users():
    return {
        "organiser": create_account(username="o", role=ORGANISER, password="heslo-heslo"),
        "referee": create_account(username="r", role=REFEREE, password="heslo-heslo"),
    }


def call(decorated, user):
    request = RequestFactory().get("/some/page/")
    request.user = user
    return decorated(request)


def test_anonymous_users_get_the_login_page():
    response = call(organiser_required(view), AnonymousUser())
    assert response.status_code == 302
    assert response.url.startswith("/ucet/prihlaseni/?next=")


def test_roles(users):
    assert call(organiser_required(view), users["organiser"]).status_code == 200
    assert call(referee_required(view), users["organiser"]).status_code == 200
    assert call(referee_required(view), users["referee"]).status_code == 200
    with pytest.raises(PermissionDenied):
        call(organiser_required(view), users["referee"])
    assert organiser_required(view).required_role == ORGANISER


def test_the_403_page_is_czech(client, users):

    client.force_login(users["referee"])
    assert "Odhlásit" in client.get("/").content.decode()
