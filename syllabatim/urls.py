from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from public import views as public_views

# Czech at the bare addresses, English under /en/: the language switch is a plain link, so
# public pages can be cached whole and need no form. The admin is a back office only: no page
# of the day links to it.
urlpatterns = [
    path("zdravi/", public_views.health, name="health"),
    *i18n_patterns(
        path("admin/", admin.site.urls),
        path("ucet/", include("accounts.urls")),
        # before the tournaments' /sprava/<slug>/… pages: its own addresses come first
        path("sprava/", include("staff.urls")),
        path("sprava/<slug:slug>/losovani/", include("draws.urls")),
        path("sprava/<slug:slug>/tisk/", include("printing.urls")),
        path("rozhodci/<slug:slug>/", include("desk.urls")),
        path("turnaj/<slug:slug>/", include("public.urls")),
        path("", include("tournament.urls")),
        prefix_default_language=False,
    ),
]
