"""The project's URLconf: each audience app brings its own URL module (organiser, referee,
public, the venue's push), included here and nowhere else."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from public import views as public_views

# Czech at the bare addresses, English under /en/: the language switch is a plain link, so
# public pages can be cached whole and need no form. The admin is a back office only: no page
# of the day links to it.
urlpatterns = [
    path("zdravi/", public_views.health, name="health"),
    path("favicon.ico", public_views.favicon, name="favicon"),
    path("", include("sync.urls")),
    *i18n_patterns(
        path("admin/", admin.site.urls),
        path("ucet/", include("accounts.urls")),
        # before the tournaments' /sprava/<slug>/… pages: its own addresses come first
        path("sprava/", include("staff.urls")),
        path("sprava/<slug:slug>/losovani/", include("draws.urls")),
        path("sprava/<slug:slug>/tisk/", include("printing.urls")),
        path("sprava/<slug:slug>/zverejneni/", include("sync.urls_organiser")),
        path("sprava/<slug:slug>/zaznam/", include("desk.log_urls")),
        path("rozhodci/<slug:slug>/", include("desk.urls")),
        path("turnaj/<slug:slug>/ke-stazeni/", include("printing.urls_public")),
        path("turnaj/<slug:slug>/", include("public.urls")),
        path("stul/", include("scorekeeper.urls")),
        path("", include("public.urls_site")),
        prefix_default_language=False,
    ),
]
