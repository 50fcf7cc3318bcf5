"""Persons across tournaments (issue 25): the list, each person with their tournaments and
history, the possible duplicates, and the merge of a person recorded twice."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from accounts.access import organiser_required
from season import merges
from tournament import persons as person_services
from tournament.models import Person
from ui.refusals import show_refusal
from ui.views import ServiceFormView

from .. import selectors
from ..forms import KeepApartForm, MergeChoiceForm, MergeForm, PersonSearchForm


@organiser_required
@require_safe
def persons(request):
    search = PersonSearchForm(request.GET or None)
    wanted = search.cleaned_data["hledat"] if search.is_valid() else ""
    return render(
        request,
        "staff/persons.html",
        {
            "search": search,
            "rows": selectors.person_rows(wanted),
            "duplicates": len(merges.possible_duplicates()),
        },
    )


@organiser_required
@require_safe
def person(request, person_id):
    found = get_object_or_404(Person, uuid=person_id)
    if found.merged_into_id is not None:
        return redirect("staff:person", person_id=person_services.resolved(found).uuid)
    details = selectors.person_details(found)
    return render(request, "staff/person.html", {**details, "details": details})


@organiser_required
@require_POST
def keep_apart(request):
    """The persons of one name are different people: off the page of possible duplicates."""
    form = KeepApartForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest()
    try:
        merges.keep_apart(group=form.cleaned_data["osoba"])
    except ValidationError as refusal:
        show_refusal(request, refusal)
    else:
        messages.success(
            request,
            _("Kept apart: %(name)s.") % {"name": form.cleaned_data["osoba"][0].name},
        )
    return redirect("staff:persons_duplicates")


@organiser_required
@require_safe
def duplicates(request):
    return render(
        request,
        "staff/persons_duplicates.html",
        {"groups": merges.possible_duplicates()},
    )


class PersonsMerge(ServiceFormView):
    """Two persons side by side with their tournaments, then the merge: the players of one
    become the other's; no result changes."""

    template_name = "staff/persons_merge.html"
    form_class = MergeForm

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        choice = MergeChoiceForm(self.request.GET or None)
        context["choice"] = choice
        if choice.is_valid():
            keep, merged = choice.cleaned_data["ponechat"], choice.cleaned_data["sloucit"]
            problem = merges.merge_refusal(keep, merged)
            if problem:  # said next to the person to merge, the summary focused
                choice.add_error("sloucit", problem)
            context.update(
                keep=selectors.person_details(keep),
                merged=selectors.person_details(merged),
                problem=problem,
                swap=reverse("staff:persons_merge")
                + f"?ponechat={merged.uuid}&sloucit={keep.uuid}",
            )
            if self.request.method == "GET":
                context["form"] = MergeForm(initial={"ponechat": keep.uuid, "sloucit": merged.uuid})
        return context

    def perform(self, form):
        keep, merged = form.persons()
        return merges.merge_persons(keep=keep, merged=merged)

    def success_message(self, form, result):
        return _("Merged: %(person)s.") % {"person": result.name}

    def success_url_for(self, form, result):
        return reverse("staff:person", kwargs={"person_id": result.uuid})


persons_merge = organiser_required(PersonsMerge.as_view())
