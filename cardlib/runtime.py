"""Where the notebooks run: Jupyter on a computer, or a student's browser (Pyodide).

The static site (``make lite``) runs every notebook in the browser, where only
pure Python packages can be loaded. A notebook cell that needs compiled code
(a double-dummy solver such as ``endplay``, say) starts with::

    missing_compiled("endplay", "the double-dummy solver")

which shows a note saying so when the package cannot be loaded there, and
nothing when it can; the notebook then carries on without that cell's result.
"""

from __future__ import annotations

import importlib.util
import sys
from html import escape

from cardlib.draw.svg import Html

#: True inside Pyodide (the JupyterLite site), where compiled packages from PyPI cannot load.
IN_BROWSER = sys.platform == "emscripten"


def missing_compiled(package: str, feature: str, in_browser: bool | None = None) -> Html | None:
    """A note when ``package`` cannot be imported here, else ``None`` (nothing is shown).

    ``in_browser`` (default: :data:`IN_BROWSER`) picks the advice: in the browser
    the feature is simply not there; on a computer, ``pip install`` brings it.
    """
    if importlib.util.find_spec(package) is not None:
        return None
    in_browser = IN_BROWSER if in_browser is None else in_browser
    if in_browser:
        advice = (
            f"it uses <b>{escape(package)}</b>, compiled code that cannot run in this "
            "browser version of the tutorial. The rest of the notebook runs on; on a computer "
            f"with Python, <code>pip install {escape(package)}</code> brings it."
        )
    else:
        advice = (
            f"it uses <b>{escape(package)}</b>, which is not installed: "
            f"<code>pip install {escape(package)}</code> brings it. The rest of the notebook "
            "runs on."
        )
    return Html(
        '<div class="cardlib-note" role="note" style="border-left:4px solid #0072B2;'
        f'padding:0.2em 0.6em">ⓘ Not available here: {escape(feature)}; {advice}</div>'
    )
