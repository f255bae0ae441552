"""Jupyter Server's settings for every server on the class's JupyterHub (hub/jupyterhub_config.py
puts this folder on each server's JUPYTER_CONFIG_PATH)."""

c = get_config()  # noqa: F821 (Jupyter provides it)

# A terminal's shell keeps the server's PATH, which starts with the checkout's .venv/bin (so
# `nbgrader` is the course's): by default it would be a login shell, whose /etc/profile sets
# PATH anew.
c.ServerApp.terminado_settings = {"shell_command": ["/bin/bash"]}
