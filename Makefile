# Two entry points: `make run` (set up and start the server) and `make test` (set up, check all).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# `make run` installs only what serving needs (the `server` extra); the checks need `dev`.
SERVER := $(VENV)/.installed-server
DEV := $(VENV)/.installed-dev
# The install compiles the engines and the RL trackers (hatch_build.py): install again when
# their sources change.
ENGINES := src/kibitz/compiled.py $(wildcard src/kibitz/core/*.py src/kibitz/games/*/*.py) \
	$(wildcard src/kibitz/rl/*.py src/kibitz/rl/adapters/*.py src/kibitz/rl/adapters/*.c)
SAY_ENGINES := $(BIN)/python -c 'import kibitz; print("kibitz engines:", "compiled" if kibitz.compiled.active() else "pure Python")'

.PHONY: run test lint typecheck pytest clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(SERVER): pyproject.toml hatch_build.py $(ENGINES) | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[server]'
	$(SAY_ENGINES)
	touch $(SERVER)

$(DEV): pyproject.toml hatch_build.py $(ENGINES) | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	$(SAY_ENGINES)
	touch $(DEV) $(SERVER)

run: $(SERVER)
	$(BIN)/kibitz serve

lint: $(DEV)
	$(BIN)/ruff check src tests bench examples hatch_build.py
	$(BIN)/ruff format --check src tests bench examples hatch_build.py

typecheck: $(DEV)
	$(BIN)/mypy

pytest: $(DEV)
	$(BIN)/pytest

test: lint typecheck pytest

clean:
	rm -rf $(VENV)
