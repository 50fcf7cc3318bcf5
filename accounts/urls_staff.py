from django.contrib.auth import views as auth_views
from django.urls import path

from .access import public

app_name = "accounts"
urlpatterns = [
    path(
        "prihlaseni/",
        public(auth_views.LoginView.as_view(template_name="accounts/login.html")),
        name="login",
    ),
    path("odhlaseni/", public(auth_views.LogoutView.as_view()), name="logout"),
]
