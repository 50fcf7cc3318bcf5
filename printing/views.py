"""Downloads of the printouts: every document for the organiser, the finished stages'
standings and results (and the announced seating) for everyone."""

from django import forms
from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.access import organiser_required, public
from rules.stages import stage_index
from scoring.pages import held_words, page_context
from scoring.publicity import held_results
from tournament import registration
from tournament.addresses import phones_address
from tournament.labels import stage_label
from tournament.models import Tournament
from ui.lookups import tournament_or_404
from ui.page_cache import cached_page, number

from . import braille, catalog
from .workbook import championship_workbook

XLSX = registration.CONTENT_TYPE


class BrailleForm(forms.Form):
    sirka = forms.IntegerField(
        label=gettext_lazy("Braille cells a line"),
        min_value=10,
        max_value=100,
        initial=braille.PAGE_WIDTH,
    )
    radky = forms.IntegerField(
        label=gettext_lazy("Braille lines a page"),
        min_value=1,
        max_value=100,
        initial=braille.PAGE_LINES,
    )


# The Braille page's size as the downloads read it: each number within the form's bounds.
BRAILLE_PAGE_SIZE = [
    number(name, field.min_value, field.max_value)
    for name, field in BrailleForm.base_fields.items()
]


def _page_size(request) -> tuple[int, int]:
    form = BrailleForm(request.GET)
    if form.is_valid():
        return form.cleaned_data["sirka"], form.cleaned_data["radky"]
    return braille.PAGE_WIDTH, braille.PAGE_LINES


def _file(content: bytes, content_type: str, name: str, inline: bool = False) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{name}"'
    return response


def _download(request, tournament: Tournament, file_name: str, *, public_only: bool):
    document = catalog.find(tournament, file_name, public=public_only)
    if document is None:
        raise Http404
    return _rendered(request, tournament, document, public_only=public_only)


def _rendered(request, tournament: Tournament, document: catalog.Document, *, public_only: bool):
    file_name = document.file_name(tournament.slug)
    width, height = _page_size(request)
    try:
        content = catalog.render(
            tournament,
            document,
            width,
            height,
            base_url=request.build_absolute_uri("/"),
            staff=not public_only,
        )
    except braille.BrailleUnavailable as problem:
        return HttpResponse(str(problem), status=503, content_type="text/plain; charset=utf-8")
    return _file(content, document.content_type, file_name, inline=document.inline)


def _grouped(tournament: Tournament, documents) -> list[dict]:
    """Documents grouped by what they are and where, each group with its formats."""
    groups: dict[tuple, dict] = {}
    for document in documents:
        key = (document.what, document.stage, document.game)
        group = groups.setdefault(key, {"title": document.title, "files": []})
        group["files"].append(
            {
                "name": document.file_name(tournament.slug),
                "format": document.format_name,
                "braille": document.braille,
            }
        )
    return list(groups.values())


PRINT, LARGE_PRINT, BRAILLE = "print", "large-print", "braille"
KINDS = {
    PRINT: lambda: _("Print (PDF)"),
    LARGE_PRINT: lambda: _("Large print (18 pt)"),
    BRAILLE: lambda: _("Braille"),
}


def _by_kind(tournament: Tournament, documents) -> list[dict]:
    """The downloads grouped by kind (print, large print, Braille), each PDF with its
    accessible twin (the same document as a web page) beside it."""
    twins = {
        (doc.what, doc.stage, doc.game): doc.file_name(tournament.slug)
        for doc in documents
        if doc.format == catalog.HTML
    }
    kinds: dict[str, list[dict]] = {kind: [] for kind in KINDS}
    in_order = sorted(  # the print PDFs first: the twin stands beside them
        (document for document in documents if document.format != catalog.HTML),
        key=lambda document: document.braille or document.large_print,
    )
    for document in in_order:
        key = (document.what, document.stage, document.game)
        kind = BRAILLE if document.braille else LARGE_PRINT if document.large_print else PRINT
        kinds[kind].append(
            {
                "title": document.title,
                "name": document.file_name(tournament.slug),
                "format": document.format_name,
                "braille": document.braille,
                # each twin linked once: beside the print PDF, or the large print's if none
                "twin": None if document.braille else twins.pop(key, None),
            }
        )
    return [
        {"kind": kind, "heading": KINDS[kind](), "files": files}
        for kind, files in kinds.items()
        if files
    ]


@organiser_required
def printouts(request, slug):
    tournament = tournament_or_404(slug)
    return render(
        request,
        "printing/printouts.html",
        {
            "tournament": tournament,
            "groups": _grouped(tournament, catalog.available(tournament)),
            "phones": phones_address(tournament, request.build_absolute_uri("/")),
            "braille_form": BrailleForm(request.GET or None),
            "braille_available": braille.available(),
        },
    )


@organiser_required
def download(request, slug, file_name):
    tournament = tournament_or_404(slug)
    return _download(request, tournament, file_name, public_only=False)


@organiser_required
def registration_template(request, slug):
    tournament = tournament_or_404(slug)
    return _file(registration.template(tournament), XLSX, f"{slug}-prihlasky.xlsx")


@organiser_required
def championship_export(request, slug):
    tournament = tournament_or_404(slug)
    return _file(championship_workbook(tournament), XLSX, f"{slug}-mistrovstvi.xlsx")


@organiser_required
def import_players_moved(request, slug):
    """The registration upload lives on the players' page now: an upload sent here still
    arrives there (308 keeps the method and the file); a visit goes to the page."""
    if request.method == "POST":
        return HttpResponsePermanentRedirect(
            reverse("staff:players_upload", kwargs={"slug": slug}), preserve_request=True
        )
    return redirect("staff:players", slug=slug)


@public
@cached_page(uses=BRAILLE_PAGE_SIZE)
def public_downloads(request, slug):
    tournament = tournament_or_404(slug)
    kinds = _by_kind(tournament, catalog.available(tournament, public=True))
    held = [
        f"{capfirst(stage_label(kind, tournament))}: {held_words(words)}"
        for kind, words in sorted(held_results(tournament).items(), key=lambda i: stage_index(i[0]))
    ]
    return render(
        request,
        "printing/downloads.html",
        page_context(
            tournament,
            "downloads",
            kinds=kinds,
            held=held,
            braille_form=BrailleForm(request.GET or None),
        ),
    )


@public
@cached_page(uses=BRAILLE_PAGE_SIZE)
def public_download(request, slug, file_name):
    tournament = tournament_or_404(slug)
    return _download(request, tournament, file_name, public_only=True)


@public
@cached_page(uses=BRAILLE_PAGE_SIZE)
def public_card(request, slug, number, format):
    """One player's card, linked from the player's public page: ``format`` is one of the
    card's formats (``catalog.FORMATS``), the results held for the announcement left out."""
    tournament = tournament_or_404(slug)
    document = next(
        (
            doc
            for doc in catalog.available(tournament, what=catalog.CARDS, player=number, public=True)
            if doc.format == format
        ),
        None,
    )
    if document is None:
        raise Http404
    return _rendered(request, tournament, document, public_only=True)
