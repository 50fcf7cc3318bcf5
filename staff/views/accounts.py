"""The staff's accounts: roles, passwords, deactivation."""

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from accounts import services as account_services
from accounts.access import organiser_required
from tournament.lookups import who
from ui.refusals import refusal_text, show_refusal
from ui.views import BAD_REQUEST

from .. import selectors
from ..forms import (
    AccountChangeForm,
    AccountForm,
    PasswordForm,
)
from .common import StaffConfirmView


@organiser_required
@require_safe
def accounts(request):
    return render(request, "staff/accounts.html", {"accounts": selectors.account_rows()})


def _password_shown(request, user, password):
    """A generated password, shown once: the page is not stored anywhere."""
    response = render(request, "staff/password_shown.html", {"account": user, "password": password})
    response["Cache-Control"] = "no-store"
    return response


@never_cache
@organiser_required
def account_new(request):
    form = AccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        password = data["password"] or account_services.generate_password()
        try:
            user = account_services.create_staff_account(
                username=data["username"],
                role=data["role"],
                password=password,
                first_name=data["first_name"],
                last_name=data["last_name"],
                gender=data["gender"],
                created_by=who(request.user),
            )
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(
                request, _("The account %(username)s is created.") % {"username": user.username}
            )
            if not data["password"]:
                return _password_shown(request, user, password)
            return redirect("staff:accounts")
    return render(
        request,
        "staff/account_new.html",
        {"form": form},
        status=BAD_REQUEST if form.errors else 200,
    )


def _account_page(request, user, form=None, password_form=None, status=200):
    role = account_services.role_of(user)
    return render(
        request,
        "staff/account.html",
        {
            "account": user,
            "role": role,
            "form": form
            or AccountChangeForm(
                initial={
                    "first_name": user.first_name,
                    "last_name": user.last_name,
                    "gender": account_services.gender_of(user),
                    "role": role,
                }
            ),
            "password_form": password_form or PasswordForm(),
        },
        status=status,
    )


@organiser_required
def account(request, account):
    user = get_object_or_404(User, pk=account)
    if request.method != "POST":
        return _account_page(request, user)
    form = AccountChangeForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            account_services.set_name(
                user=user, first_name=data["first_name"], last_name=data["last_name"]
            )
            account_services.set_gender(user=user, gender=data["gender"])
            account_services.set_role(user=user, role=data["role"], by=request.user)
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(
                request, _("The account %(username)s is saved.") % {"username": user.username}
            )
            return redirect("staff:account", account=user.pk)
    user.refresh_from_db()
    return _account_page(request, user, form=form, status=BAD_REQUEST)


@never_cache
@organiser_required
@require_POST
def account_password(request, account):
    user = get_object_or_404(User, pk=account)
    form = PasswordForm(request.POST)
    if form.is_valid():
        typed = form.cleaned_data["password"]
        password = typed or account_services.generate_password()
        try:
            account_services.set_password(user=user, password=password)
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(
                request,
                _("The password of %(username)s is changed.") % {"username": user.username},
            )
            if not typed:
                return _password_shown(request, user, password)
            return redirect("staff:account", account=user.pk)
    return _account_page(request, user, password_form=form, status=BAD_REQUEST)


class AccountDeactivate(StaffConfirmView):
    def get_object(self):
        return get_object_or_404(User, pk=self.kwargs["account"])

    def back_url(self):
        return reverse("staff:account", kwargs={"account": self.object.pk})

    def confirmation(self):
        problem = None
        try:
            account_services.deactivation_check(user=self.object, by=self.request.user)
        except ValidationError as refusal:
            problem = refusal_text(refusal)
        return {
            "title": _("Deactivate the account %(username)s?") % {"username": self.object.username},
            "consequence": _(
                "The account can no longer sign in; its name stays on the sheets, draws and "
                "decisions it recorded. An organiser can make it active again."
            ),
            "problem": problem,
            "action": _("Deactivate the account"),
            "back": self.back_url(),
        }

    def perform(self):
        account_services.set_active(user=self.object, active=False, by=self.request.user)

    def success_message(self):
        return _("The account %(username)s is deactivated.") % {"username": self.object.username}


account_deactivate = organiser_required(AccountDeactivate.as_view())


@organiser_required
@require_POST
def account_activate(request, account):
    user = get_object_or_404(User, pk=account)
    account_services.set_active(user=user, active=True, by=request.user)
    messages.success(
        request, _("The account %(username)s is active again.") % {"username": user.username}
    )
    return redirect("staff:account", account=user.pk)
