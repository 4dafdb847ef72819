# Two entry points: `make run` (set up and start the server) and `make test` (set up, check all).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The install compiles the engines (hatch_build.py): install again when their sources change.
ENGINES := src/kibitz/compiled.py $(wildcard src/kibitz/core/*.py src/kibitz/games/*/*.py)

.PHONY: run test lint typecheck pytest clean

$(STAMP): pyproject.toml hatch_build.py $(ENGINES)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/python -c 'import kibitz; print("kibitz engines:", "compiled" if kibitz.compiled.active() else "pure Python")'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/kibitz serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples hatch_build.py
	$(BIN)/ruff format --check src tests bench examples hatch_build.py

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

test: lint typecheck pytest

clean:
	rm -rf $(VENV)
