from django.contrib.auth import views as auth_views
from django.urls import path

from sharedcache import not_cached_whole

from .access import public

app_name = "accounts"
urlpatterns = [
    path(
        "prihlaseni/",
        not_cached_whole("a form with the visitor's own CSRF token")(
            public(auth_views.LoginView.as_view(template_name="accounts/login.html"))
        ),
        name="login",
    ),
    path(
        "odhlaseni/",
        not_cached_whole("signs the visitor out: nothing to keep")(
            public(auth_views.LogoutView.as_view())
        ),
        name="logout",
    ),
]
