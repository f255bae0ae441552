"""Interactive ipywidgets for the notebooks, one module per topic.

Widgets keep their results in widget state (``HTML.value``, button styles,
``Output.append_display_data``), never in prints from callbacks, so that nbval
compares the same thing in a notebook and in plain pytest. Every interactive
widget carries a CSS class (``.add_class("cardlib-…")``) that the browser
tests use to find it; each module's docstring lists its classes.
"""
