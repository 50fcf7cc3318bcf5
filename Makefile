# `make run` takes a fresh machine (Python 3.11, make, the package registries) to a running
# app with the demo championship; `make test` runs the whole suite.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run serve test bench install lint messages bytecode

# The project's own modules compiled to bytecode. Python reads __pycache__ even where it may not
# write it (PYTHONDONTWRITEBYTECODE, as on these machines): without it every command and every
# server worker compiles each module again at start-up (0.4 s of 1.2 s). Only what changed since
# is compiled again.
PACKAGES := accounts bench desk draws interchange printing public refusals rules sample \
	scorekeeper scoring season sharedcache staff sync syllabatim tournament ui

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP) bytecode

bytecode: $(STAMP)
	$(PY) -m compileall -q $(PACKAGES) >/dev/null

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo --organiser
	$(PY) manage.py runserver 127.0.0.1:8000

# Like production: uvicorn (syllabatim.serving: requests read whole before a thread sees them,
# the staff's and the public's requests in separate pools of threads), static files by
# whitenoise, debug off. DATABASE_URL selects the database (SQLite in the project folder when
# unset); a secret key is made once in .secret-key. The access log carries no table link's
# secret. BIND=0.0.0.0:8000 serves the hall's network; WORKERS processes (3).
PROD := DJANGO_DEBUG=0 DJANGO_SECRET_KEY_FILE=.secret-key
serve: install
	test -s .secret-key || $(PY) -c "import secrets; print(secrets.token_urlsafe(50))" > .secret-key
	$(PROD) $(PY) manage.py migrate --noinput
	$(PROD) $(PY) manage.py collectstatic --noinput --verbosity 0
	$(PROD) $(PY) -m syllabatim.serving --bind $${BIND:-127.0.0.1:8000} --workers $${WORKERS:-3}

# In parallel on every core (pytest-xdist): each worker has its own test database.
# PYTEST_ARGS adds to it, e.g. PYTEST_ARGS='-m "not browser"'.
test: install
	$(PY) -m pytest -n auto $(PYTEST_ARGS)

bench: install
	$(PY) -m bench

# ruff, and the layers of pyproject.toml's import-linter contracts (one way down)
lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports

# Extract the interface's strings, fill in their Czech from locale/cs_translations.py and
# compile (the compiled catalogue is committed: a fresh machine needs no gettext).
messages: install
	$(PY) manage.py makemessages --locale cs --no-obsolete --ignore '.venv/*' \
		--ignore 'tests/*' --ignore 'fixtures/*' --ignore 'sample/*' --ignore 'locale/*' --ignore 'bench/*'
	$(PY) locale/apply_translations.py
