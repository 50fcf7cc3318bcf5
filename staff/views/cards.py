"""The card table (values of the cards)."""

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.access import organiser_required
from tournament import services
from tournament.models import Card
from ui.views import ServiceFormView

from .. import selectors
from ..forms import (
    CardForm,
)
from .common import StaffConfirmView


def _card_values(form: CardForm) -> dict:
    data = form.cleaned_data
    return {"letters": data["letters"], "value": data["value"], "count": data["count"]}


class Cards(ServiceFormView):
    """The card table with the form of a new card."""

    template_name = "staff/cards.html"
    form_class = CardForm
    prefix = "new"

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "table": selectors.card_table()}

    def perform(self, form):
        return services.save_card(**_card_values(form))

    def success_message(self, form, result):
        return _("The card %(card)s is added.") % {"card": result}

    def success_url_for(self, form, result):
        return reverse("staff:cards")


cards = organiser_required(Cards.as_view())


class CardChange(Cards):
    template_name = "staff/card.html"
    prefix = None

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.card = get_object_or_404(Card, pk=kwargs["card"])

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "instance": Card.objects.get(pk=self.card.pk)}

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "card": self.card}

    def perform(self, form):
        return services.save_card(card=self.card, **_card_values(form))

    def success_message(self, form, result):
        return _("The card %(card)s is saved.") % {"card": result}


card = organiser_required(CardChange.as_view())


class CardDelete(StaffConfirmView):
    def get_object(self):
        return get_object_or_404(Card, pk=self.kwargs["card"])

    def back_url(self):
        return reverse("staff:card", kwargs={"card": self.object.pk})

    def confirmation(self):
        return {
            "title": _("Delete the card %(card)s?") % {"card": self.object},
            "consequence": _(
                "The card is deleted from the table; the card-value bound then comes from the "
                "cards that remain. This cannot be undone."
            ),
            "problem": None,
            "action": _("Delete the card"),
            "back": self.back_url(),
        }

    def perform(self):
        services.delete_card(card=self.object)

    def success_message(self):
        return _("The card %(card)s is deleted.") % {"card": self.object}

    def success_url(self):
        return reverse("staff:cards")


card_delete = organiser_required(CardDelete.as_view())
