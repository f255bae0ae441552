# Two commands do all set-up on a fresh machine (Python 3.11 and make):
#   make tutorial   open the notebooks in JupyterLab on 127.0.0.1
#   make test       run every test (engine, notebooks, exercises, browser)
#   make lite       the tutorial as a static site that runs in the browser (JupyterLite)
#   make hub        a JupyterHub for a graded class (nbgrader's exchange and formgrader)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8888
APP_PORT ?= 8866
LITE_PORT ?= 8000
LITE_SITE := build/lite
CHROMIUM := /usr/bin/chromium

.PHONY: tutorial test app notebooks lint format bench release chromium bubblewrap catalogs messages lite lite-serve \
	reference typecheck hub

$(PY):
	$(PYTHON) -m venv $(VENV)

# Re-install only when the project's dependencies or build hook change.
# The editable install also compiles the message catalogs (setup.py).
$(STAMP): pyproject.toml setup.py | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[lab,test,teach,dds,lite,hub]'
	touch $(STAMP)

# Languages (docs/library.md, "Languages"): the .po files are the source, the .mo files are built.
# `make catalogs` recompiles a catalog after its .po changed; `make messages` extracts
# every message from the code into cardlib.pot and merges it into each .po (new or
# changed messages come out untranslated or fuzzy, and tests/test_i18n.py fails until
# a translator has done them).
LOCALE := cardlib/locale
CATALOGS := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*/LC_MESSAGES/cardlib.po))
catalogs: $(CATALOGS)

$(LOCALE)/%.mo: $(LOCALE)/%.po | $(STAMP)
	$(PY) -m cardlib._catalogs $<

messages: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg -o $(LOCALE)/cardlib.pot --add-location=file \
		--sort-by-file --no-wrap --add-comments=Translators: --project=cardlib \
		--copyright-holder="the cardlib authors" cardlib
	$(VENV)/bin/pybabel update -i $(LOCALE)/cardlib.pot -d $(LOCALE) -D cardlib --no-wrap --ignore-obsolete

# The practice versions of the exercises and two puzzle sets, "what may I play?" and "what
# should I play?" (no solutions; checks that explain)
# go into notebooks/practice/ (git-ignored) so a learner without a teacher finds them in Lab.
# A learner's answers there are never overwritten.
# Then JupyterLab on 127.0.0.1 (cardlib/tutorial.py): the shipped lessons trusted (their stored
# pictures and widgets show before a cell is run), the project folder served so the lessons'
# links to docs/ open, opening at 00-start-here; no news pop-up, no nbgrader menus.
tutorial: $(STAMP) catalogs
	$(PY) -m cardlib.exercises release --mode practice --keep-existing --out notebooks/practice
	$(PY) -m cardlib.exercises puzzles --mode practice --count 10 --level medium --seed 7 \
		--out build/tutorial-puzzles
	cp -n build/tutorial-puzzles/students/puzzles-medium-seed7.ipynb notebooks/practice/
	$(PY) -m cardlib.exercises puzzles --kind best --mode practice --count 10 --level medium \
		--seed 7 --out build/tutorial-puzzles
	cp -n build/tutorial-puzzles/students/puzzles-best-medium-seed7.ipynb notebooks/practice/
	$(PY) -m cardlib.tutorial --port $(PORT)

# Play at the card table in a page with no code: pick a game (Call Break, Call Bridge,
# Judgement, Contract Bridge) and play South against the bots (app/card-table.ipynb),
# served by Voilà on loopback (Voilà has no token). tests/ui/test_table_app.py starts
# it the same way (cardlib/app.py). POOL=N keeps N kernels preheated (default 1), one per
# visitor expected at once; HOST=0.0.0.0 (or the machine's address) serves a classroom's
# network, with no password.
app: $(STAMP) catalogs
	$(PY) -m cardlib.app --port $(APP_PORT) $(if $(HOST),--host $(HOST)) $(if $(POOL),--pool $(POOL))

# The tutorial as a static JupyterLite site in $(LITE_SITE): every asset local (Pyodide from
# npm, wheels from PyPI, cached in .cache/lite). Does nothing when no input changed.
# GRADED=homework also puts nbgrader's release of the exercises into the site's homework/ folder,
# for a class to hand in (docs/class.md, "Graded work from the site"); GRADED=exam EXAM=DIR makes
# an exam's site: the exam in DIR (python -m cardlib.exercises exam) in exam/, and no lesson or
# practice notebook. Without GRADED the site holds practice versions only, for learners on their own.
lite: $(STAMP) catalogs
	$(PY) lite/build_site.py --out $(LITE_SITE) $(if $(GRADED),--graded $(GRADED)) \
		$(if $(EXAM),--exam $(EXAM))

# Try the site on http://127.0.0.1:$(LITE_PORT)/ (any static web host serves it the same way).
lite-serve: lite
	$(PY) lite/serve_site.py --site $(LITE_SITE) --port $(LITE_PORT)

# A graded class on a JupyterHub (docs/class.md, "A graded class on a JupyterHub"): the hub of
# hub/jupyterhub_config.py on http://127.0.0.1:8010/, the class folder in ../cardlib-hub
# (CARDLIB_HUB_DIR names another). Its proxy, configurable-http-proxy, comes from npm.
HUB_PROXY := hub/node_modules/.bin/configurable-http-proxy
$(HUB_PROXY): hub/package.json hub/package-lock.json
	npm ci --prefix hub --no-audit --no-fund --loglevel=error
	touch $(HUB_PROXY)

hub: $(STAMP) catalogs $(HUB_PROXY)
	$(VENV)/bin/jupyterhub -f hub/jupyterhub_config.py

# The browser tests need Debian's Chromium (Playwright cannot download one here).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else echo "chromium missing: run 'sudo apt-get install chromium' for the browser tests"; fi; \
	fi

# Grading runs each student's notebook under bubblewrap (docs/teaching.md, "Grading in a
# sandbox"); without it, `python -m cardlib.exercises autograde` refuses to grade.
bubblewrap:
	@if [ ! -x /usr/bin/bwrap ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null; \
		else echo "bwrap missing: run 'sudo apt-get install bubblewrap' to grade (and for the grading tests)"; fi; \
	fi

# axe-core, for the browser tests' accessibility audit (tests/ui/axe/package.json).
AXE := tests/ui/axe/node_modules/axe-core/axe.min.js
$(AXE): tests/ui/axe/package.json tests/ui/axe/package-lock.json
	npm ci --prefix tests/ui/axe --no-audit --no-fund --loglevel=error
	touch $(AXE)

# The documentation site (docs/conf.py), into build/reference: the pages of docs/ (the README
# is its home page) and the API reference (docs/reference/), generated from the docstrings.
# -W: a docstring or a page that warns (a broken link too) fails the build (and so `make test`);
# --keep-going lists them all.
# Incremental: only the pages whose modules changed are read again, so a build that warned
# forgets what it read (otherwise the next build would skip the page and pass).
REFERENCE := $(VENV)/bin/sphinx-build -q -W --keep-going -b html -d build/reference-doctrees \
	docs build/reference || { rm -rf build/reference-doctrees; exit 1; }
reference: $(STAMP)
	$(REFERENCE)

# The type check: mypy on cardlib/, configured in pyproject.toml ([tool.mypy]).
typecheck: $(STAMP)
	$(VENV)/bin/mypy

# Three pytest workers on two cores (a worker often waits on a kernel, a browser or nbgrader:
# conftest.py), each test file (and each notebook's cells) whole on one of them, the longest
# files first; TEST_WORKERS=0 runs everything in one process.
TEST_WORKERS ?= 3
test: $(STAMP) catalogs chromium bubblewrap $(AXE) $(HUB_PROXY)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(REFERENCE)
	$(VENV)/bin/pytest $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder)

lint: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Regenerate every stored notebook output (notebooks and instructor exercises).
# The notebooks never read or write a learner's own progress record (cardlib.progress): each
# starts from an empty one, as under nbval (conftest.py). Two at a time, one per core.
notebooks: $(STAMP) catalogs
	ls notebooks/*.ipynb exercises/*.ipynb | xargs -P 2 -n 1 sh -c 'CARDLIB_PROGRESS=$$(mktemp -d)/progress.json \
		exec $(VENV)/bin/jupyter nbconvert --log-level=WARN --to notebook --execute --inplace \
		--ExecutePreprocessor.record_timing=False "$$0"'
	CARDLIB_PROGRESS=$$(mktemp -d)/progress.json $(PY) -m cardlib._notebooks build  # the translated lessons, from the English ones (cardlib._notebooks.TRANSLATED: notebooks/hi/, notebooks/ne/)

bench: $(STAMP) catalogs chromium
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) benchmarks/bench_callbreak.py
	$(PY) benchmarks/ui_latency.py
	$(PY) benchmarks/bench_table.py
	$(PY) benchmarks/bench_coach.py
	$(PY) benchmarks/bench_review.py
	$(PY) benchmarks/bench_table_coach.py
	$(PY) benchmarks/bench_position.py
	$(PY) benchmarks/lite_site.py
