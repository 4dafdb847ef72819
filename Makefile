# Two entry points: `make run` (set up and start the server) and `make test` (set up, check all).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# `make run` installs only what serving needs (the `server` extra); the checks need `dev`.
SERVER := $(VENV)/.installed-server
DEV := $(VENV)/.installed-dev

.PHONY: run test lint typecheck pytest clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(SERVER): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[server]'
	touch $(SERVER)

$(DEV): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(DEV) $(SERVER)

run: $(SERVER)
	$(BIN)/kibitz serve

lint: $(DEV)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

typecheck: $(DEV)
	$(BIN)/mypy

pytest: $(DEV)
	$(BIN)/pytest

test: lint typecheck pytest

clean:
	rm -rf $(VENV)
