"""Settings of the championship application.

Everything that differs between a laptop and a public server comes from the environment:
``DATABASE_URL`` (unset: a SQLite file in the project folder), ``REDIS_URL`` (unset: each
process caches in its own memory), ``DJANGO_DEBUG``, ``DJANGO_SECRET_KEY`` and
``DJANGO_ALLOWED_HOSTS``.
"""

import os
import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from syllabatim.hosts import VenueHosts

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"


def _secret_key() -> str:
    if os.environ.get("DJANGO_SECRET_KEY"):
        return os.environ["DJANGO_SECRET_KEY"]
    if os.environ.get("DJANGO_SECRET_KEY_FILE"):
        return Path(os.environ["DJANGO_SECRET_KEY_FILE"]).read_text(encoding="utf-8").strip()
    if DEBUG:
        return "dev-only-insecure-key-set-DJANGO_SECRET_KEY-in-production"
    raise RuntimeError("DJANGO_SECRET_KEY (or DJANGO_SECRET_KEY_FILE) must be set without debug")


def _strong(key: str) -> str:
    """Without debug the key signs sessions and table links: a key Django's deployment check
    calls weak (under 50 characters, under 5 different ones, or a generated insecure one)
    stops the start instead of a warning nobody reads."""
    if not DEBUG and (
        len(key) < SECRET_KEY_MIN_LENGTH
        or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
        or key.startswith(SECRET_KEY_INSECURE_PREFIX)
    ):
        raise ImproperlyConfigured(
            f"DJANGO_SECRET_KEY is too weak for a server without debug: give at least "
            f'{SECRET_KEY_MIN_LENGTH} random characters, e.g. python -c "import secrets; '
            f'print(secrets.token_urlsafe(50))"'
        )
    return key


SECRET_KEY = _strong(_secret_key())
# Also the phones' addresses the organiser gave and, served on every interface, this machine's
# own (syllabatim/hosts.py): a phone opening a table link is not refused as a stranger.
ALLOWED_HOSTS = VenueHosts(
    os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",")
)
CSRF_TRUSTED_ORIGINS = [
    o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o
]

# Behind a proxy (DJANGO_BEHIND_PROXY=1) the client's address is the proxy's last
# X-Forwarded-For hop (the table links' limit on wrong guesses counts per client).
BEHIND_PROXY = os.environ.get("DJANGO_BEHIND_PROXY") == "1"

# Served over HTTPS (a public server): DJANGO_HTTPS=1. A venue laptop on the hall's network
# serves plain HTTP and leaves it unset.
if os.environ.get("DJANGO_HTTPS") == "1":
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    if os.environ.get("DJANGO_BEHIND_PROXY") == "1":
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "simple_history",
    "csp",
    "axes",
    "accounts",
    "tournament",
    "scoring",
    "season",
    "interchange",
    "ui",
    "draws",
    "desk",
    "public",
    "printing",
    "sync",
    "scorekeeper",
    "staff",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # turns a locked sign-in into its answer
    # Last, so that it calls the view itself: one more try for a request that met a lost
    # database connection, and a full disk said in words (ui.faults).
    "ui.faults.FaultsMiddleware",
]

# Every page's Content-Security-Policy (django-csp): scripts, styles, images and fonts from this
# site only, no inline script or style (the templates have none; htmx is told not to inject
# its indicator style), no frames, no plugins, forms post here only.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}

ROOT_URLCONF = "syllabatim.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.roles",
                "public.context_processors.languages",
                "staff.context_processors.staff_navigation",
            ],
        },
    },
]

WSGI_APPLICATION = "syllabatim.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=60,
        # A kept connection is checked before a request uses it: after the database restarted,
        # each thread's old connection is replaced instead of failing one request (issue 38).
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several referees save sheets at once: a writer takes the lock when its transaction
    # begins and the others wait for it (up to the timeout), instead of failing half-way.
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
    # Tests use a file, not shared memory, so that concurrent connections lock as in use.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}
    # django-tables2 offers a column for PostgreSQL's HStoreField whenever it can import
    # django.contrib.postgres.fields, and that import loads psycopg: a fifth of the start-up of
    # every command and worker on SQLite (bench/startup.py). No model here uses PostgreSQL's
    # own fields, and on SQLite none could: the import is refused, and django-tables2 goes on.
    sys.modules.setdefault("django.contrib.postgres.fields", None)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sign-in guesses (django-axes, accounts.signin), counted in the database, shared by every
# worker, over DJANGO_SIGNIN_LOCK_MINUTES: DJANGO_SIGNIN_FAILURES failed sign-ins from one
# address (to one account or several) lock that address; DJANGO_SIGNIN_ACCOUNT_FAILURES of one
# account from any addresses lock the account, except for the addresses it signed in from
# lately. Guesses from one address never lock the owner out elsewhere.
AUTHENTICATION_BACKENDS = [
    "accounts.signin.SignInGuessLimit",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "accounts.signin.GuessCount"
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_SIGNIN_FAILURES", "10"))
SIGNIN_ACCOUNT_FAILURES = int(os.environ.get("DJANGO_SIGNIN_ACCOUNT_FAILURES", "30"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_SIGNIN_LOCK_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_CLIENT_IP_CALLABLE = "accounts.access.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.signin.locked_out"
# Guesses during a lock are not counted: they neither lengthen it nor keep it for ever.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_VERBOSE = False

# Every password the staff's pages, create_account, changepassword and the admin accept: at
# least 8 characters, not one of the 20,000 most common, not only digits, not like the login or
# the name (with or without its accents), and not the demo's published one (accounts.passwords).
# Django's messages are in Czech.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "accounts.passwords.SimilarityWithoutAccents"},
    {"NAME": "accounts.passwords.NotThePublishedPassword"},
]

LANGUAGE_CODE = "cs"
LANGUAGES = [("cs", _("Czech")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Prague"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # without debug: compressed files with hashed names, cached for ever (collectstatic)
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}
# Several app servers behind one database share one Redis (REDIS_URL, e.g.
# redis://127.0.0.1:6379/0); without it every process keeps its own cache in memory. Either is
# safe: the public pages' keys change with every change of the data (tournament/cache.py).
# Every use of the cache goes through ``sharedcache``: a Redis that refuses, or that accepts
# and does not answer within these seconds (connecting, then each reply), is taken as down,
# and each process keeps its own cache until it answers again. Redis answers a local network
# in a millisecond; a page must answer within a second however Redis fails.
REDIS_CACHE_OPTIONS = {"socket_connect_timeout": 0.25, "socket_timeout": 0.25}
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "syllabatim"),
            "OPTIONS": REDIS_CACHE_OPTIONS,
        }
    }
elif os.environ.get("DJANGO_CACHE_DIR"):
    # The worker processes of one server share a cache on disk: make serve's, in a new folder
    # at each start (syllabatim.serving), so that a change is computed once for all of them.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ["DJANGO_CACHE_DIR"],
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }

# The disk the data lives on (tournament.disk): the organiser is warned while less than
# DJANGO_DISK_LOW_MIB is free in the SQLite database's folder (else DJANGO_DISK_PATH, else the
# project's folder).
DISK_LOW_BYTES = int(float(os.environ.get("DJANGO_DISK_LOW_MIB", "200")) * 1024 * 1024)
DISK_PATH = os.environ.get("DJANGO_DISK_PATH", "")

# Each process keeps the pages it served, besides the shared cache, in so many bytes at most
# (sharedcache.get_lasting: asked before Redis; the least recently used go first).
PROCESS_CACHE_BYTES = int(os.environ.get("PROCESS_CACHE_BYTES", 64 * 1024 * 1024))

# Each process keeps a tournament's state (row and revision) it read from the database so many
# seconds (tournament.cache.recent): another server's change is shown within that time plus a
# page's, at most a second (issue 32, 2); the process's own changes at once.
PUBLIC_STATE_SECONDS = float(os.environ.get("PUBLIC_STATE_SECONDS", "0.5"))

# The standings' live refresh (public.live): during a burst of saves a stage's live fragment is
# computed at most once in so many seconds; readers asking meanwhile get the latest one.
LIVE_REFRESH_INTERVAL = float(os.environ.get("LIVE_REFRESH_INTERVAL", "2"))

# The public rating list (/hodnoceni/) shows persons with at least so many rated games; the
# list's parameter ``partii`` chooses another number.
RATING_MIN_GAMES = int(os.environ.get("DJANGO_RATING_MIN_GAMES", "5"))

# The largest push from the venue the public server reads (bytes, before and after gzip).
PUSH_MAX_BYTES = int(os.environ.get("PUSH_MAX_BYTES", 10 * 1024 * 1024))
# The largest spreadsheet a page accepts (the registration sheet, the referee's workbook):
# a championship's sheet is some tens of kB. A larger upload is not kept (the first upload
# handler stops it) and the page says how large it was; tournament.spreadsheets also bounds
# what the file unpacks to and its rows, columns and cells.
SPREADSHEET_MAX_BYTES = int(os.environ.get("DJANGO_SPREADSHEET_MAX_BYTES", 2 * 1024 * 1024))
FILE_UPLOAD_HANDLERS = [
    "tournament.uploads.SizeLimitHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
# Files up to the limit stay in memory; form fields other than files are limited as well.
FILE_UPLOAD_MAX_MEMORY_SIZE = SPREADSHEET_MAX_BYTES
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440  # Django's default, written out: 2.5 MB
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line_forbidden": {"()": "syllabatim.logs.OneLineForbidden"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"filters": ["one_line_forbidden"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# Table links (scoring.links): the address printed in the QR codes and given by the
# table_links command; unset, the organiser's own address (the command: 127.0.0.1:8000).
# A venue laptop serving the hall sets it to the address the phones reach, e.g.
# DJANGO_SITE_URL=http://192.168.1.10:8000
SITE_URL = os.environ.get("DJANGO_SITE_URL", "").rstrip("/")
# Wrong table-link addresses a client may try in the window (seconds), then 429.
LINK_GUESSES = int(os.environ.get("DJANGO_LINK_GUESSES", "100"))
LINK_GUESS_WINDOW = 10 * 60
# Error reports never carry a table link's secret (scorekeeper.redaction).
DEFAULT_EXCEPTION_REPORTER_FILTER = "scorekeeper.redaction.TableLinkSafeExceptionReporterFilter"

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "staff:start"  # the staff's start page; the public needs no account
LOGOUT_REDIRECT_URL = "/"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"
