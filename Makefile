# Two commands do all the set-up on a fresh machine:
#   make lab    opens the lessons in JupyterLab (your copies in work/)
#   make test   runs every test (lint, vitest, pytest with notebooks and browser tests)
# Everything else here is what those two need.

VENV ?= .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
# Jupyter refuses to run as root unless told; containers and CI often are root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)
BUNDLE := mc_widget/static/widget.js
JS_SOURCES := $(shell find js -type f) mc_widget/messages/en.json
# The learner's copies of the lessons (git-ignored): make lab opens these, so
# running a lesson never modifies the tracked notebooks/ files.
WORK := work
WORK_LESSONS := $(patsubst notebooks/%,$(WORK)/%,$(wildcard notebooks/*.ipynb))
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json

.PHONY: lab lab-settings lessons fresh-lessons test setup lint format bench clean

setup: $(INSTALLED) $(BUNDLE)

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

$(BUNDLE): node_modules/.package-lock.json $(JS_SOURCES) scripts/build.mjs
	npm run build

# Only a change of the Python packages reinstalls them. The bundle is needed
# before the first install (the build hook skips npm when it exists) but a
# JavaScript edit only rebuilds it: order-only.
$(INSTALLED): pyproject.toml constraints.txt | $(PY) $(BUNDLE)
	$(PY) -m pip install --quiet -c constraints.txt -e ".[test]"
	touch $@

# JupyterLab at /lab on work/; Notebook 7 (installed with it) serves /tree and
# /notebooks/… too. Saved lessons keep their boards (widget state, lab-settings).
lab: setup lab-settings lessons
	$(VENV)/bin/jupyter lab $(ALLOW_ROOT) $(WORK)/

# JupyterLab's widget manager saves every widget's state into a notebook when
# it is saved, so a lesson reopened after a restart shows its boards, not
# "model not found" (docs/export.md, section 6). Merged into the venv's
# overrides.json: other settings there are kept.
lab-settings: setup
	$(PY) scripts/lab_overrides.py $(LAB_OVERRIDES)

# A lesson is copied into work/ only when it is missing there: an existing
# copy is the learner's work and is kept. `make fresh-lessons` replaces every
# copy with the tracked lesson (the learner's changes in them are lost).
lessons: $(WORK_LESSONS)

$(WORK)/%.ipynb: | notebooks/%.ipynb
	@mkdir -p $(WORK)
	cp notebooks/$*.ipynb $@

fresh-lessons:
	@mkdir -p $(WORK)
	cp notebooks/*.ipynb $(WORK)/

test: setup
	scripts/ensure-chromium
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	npx prettier --check js tests/js benchmarks
	npx vitest run
	$(PY) -m pytest

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .
	npx prettier --write js tests/js benchmarks

bench: setup
	scripts/ensure-chromium
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) node_modules mc_widget/static
