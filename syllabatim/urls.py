"""The project's URLconf: each app brings a URL module per audience, named for it
(``urls_organiser``, ``urls_referee``, ``urls_staff`` for both, ``urls_public``,
``urls_scorekeeper``, ``urls_api`` for the venue's push), included here and nowhere else."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from public.views import site as public_site

handler404 = "accounts.access.not_found"

# Czech at the bare addresses, English under /en/: the language switch is a plain link, so
# public pages can be cached whole and need no form. The admin is a back office only: no page
# of the day links to it.
urlpatterns = [
    path("zdravi/", public_site.health, name="health"),
    path("favicon.ico", public_site.favicon, name="favicon"),
    path("", include("sync.urls_api")),
    *i18n_patterns(
        path("admin/", admin.site.urls),
        path("ucet/", include("accounts.urls_staff")),
        # before the tournaments' /sprava/<slug>/… pages: its own addresses come first
        path("sprava/", include("staff.urls_organiser")),
        path("sprava/<slug:slug>/losovani/", include("draws.urls_organiser")),
        path("sprava/<slug:slug>/tisk/", include("printing.urls_organiser")),
        path("sprava/<slug:slug>/zverejneni/", include("sync.urls_organiser")),
        path("sprava/<slug:slug>/zaznam/", include("desk.urls_staff")),
        path("rozhodci/<slug:slug>/", include("desk.urls_referee")),
        path("turnaj/<slug:slug>/ke-stazeni/", include("printing.urls_public")),
        path("turnaj/<slug:slug>/", include("public.urls_public")),
        path("stul/", include("scorekeeper.urls_scorekeeper")),
        path("", include("public.urls_public_site")),
        prefix_default_language=False,
    ),
]
