# Two commands do all set-up on a fresh machine (Python 3.11 and make):
#   make tutorial   open the notebooks in JupyterLab on 127.0.0.1
#   make test       run every test (engine, notebooks, exercises, browser)
#   make lite       the tutorial as a static site that runs in the browser (JupyterLite)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8888
APP_PORT ?= 8866
LITE_PORT ?= 8000
LITE_SITE := build/lite
CHROMIUM := /usr/bin/chromium

.PHONY: tutorial test app notebooks lint format bench release chromium lite lite-serve

$(PY):
	$(PYTHON) -m venv $(VENV)

# Re-install only when the project's dependencies change.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[lab,test,lite]'
	touch $(STAMP)

tutorial: $(STAMP)
	$(VENV)/bin/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) \
		--ServerApp.root_dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root)

# Play a match against the bots in a page with no code: notebook 06 without its
# code-driven demonstration cells (tagged app-hide), served by Voilà on loopback
# (Voilà has no token). tests/ui/test_voila_app.py starts it the same way (cardlib/app.py).
app: $(STAMP)
	$(PY) -m cardlib.app --port $(APP_PORT)

# The tutorial as a static JupyterLite site in $(LITE_SITE): every asset local (Pyodide from
# npm, wheels from PyPI, cached in .cache/lite). Does nothing when no input changed.
lite: $(STAMP)
	$(PY) lite/build_site.py --out $(LITE_SITE)

# Try the site on http://127.0.0.1:$(LITE_PORT)/ (any static web host serves it the same way).
lite-serve: lite
	$(PY) lite/serve_site.py --site $(LITE_SITE) --port $(LITE_PORT)

# The browser tests need Debian's Chromium (Playwright cannot download one here).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else echo "chromium missing: run 'sudo apt-get install chromium' for the browser tests"; fi; \
	fi

test: $(STAMP) chromium
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Regenerate every stored notebook output (notebooks and instructor exercises).
notebooks: $(STAMP)
	$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/*.ipynb exercises/*.ipynb

bench: $(STAMP) chromium
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) benchmarks/bench_callbreak.py
	$(PY) benchmarks/ui_latency.py
	$(PY) benchmarks/lite_site.py
