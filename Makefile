# make run   -> set up and start the whole site on embedded defaults (SQLite, with the broker in SQLite too)
# make test  -> set up and run the whole test suite
# Both use PostgreSQL / Redis instead when DATABASE_URL / REDIS_URL are set.

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test setup migrate demo bench clean

# Development: DEBUG on unless the environment says otherwise (with DEBUG=0 run and demo
# refuse: docs/operators.md, "Production").
run test demo migrate bench: export DEBUG ?= 1

$(STAMP): pyproject.toml
	@interp=$$(PYTHON="$(PYTHON)" bin/find-python) && \
	  { [ -x $(PY) ] || "$$interp" -m venv $(VENV); }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

setup: $(STAMP)

migrate: setup
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo

run: demo
	$(PY) manage.py run_site

# One pytest worker per core, up to 4 (TEST_WORKERS=0: one process); a file's tests stay
# on one worker, so its module fixtures (a production site, a browser page) start once.
TEST_WORKERS ?= auto
test: setup
	$(PY) -m pytest -n $(TEST_WORKERS) --maxprocesses 4 --dist loadfile $(PYTEST_ARGS)

# Each game's speed benchmarks and bot win rates (games/<slug>/bench/) need nothing else;
# of the site's (bench/), bench_http.py needs a PostgreSQL DATABASE_URL.
bench: setup
	for script in games/*/bench/bench_*.py bench/bench_*.py games/*/bench/winrate.py; do $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis
