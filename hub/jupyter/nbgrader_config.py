"""nbgrader's settings for every server on the class's JupyterHub.

hub/jupyterhub_config.py puts this folder on each server's JUPYTER_CONFIG_PATH, as
/etc/jupyter/ would be on a machine of the hub's own. The teacher's course folder has the
project's nbgrader_config.py on top of these (the course, the grading).
"""

import os

from nbgrader.auth import JupyterHubAuthPlugin

c = get_config()  # noqa: F821 (nbgrader provides it)

# One exchange for the hub, each course in a folder of its own.
c.Exchange.root = os.environ["CARDLIB_HUB_EXCHANGE"]
c.Exchange.path_includes_course = True

# Who takes which course: the hub's groups nbgrader-COURSE (students) and formgrade-COURSE
# (teachers). A student sees, fetches and hands in the assignments of their courses only.
c.Authenticator.plugin_class = JupyterHubAuthPlugin

if os.environ.get("CARDLIB_HUB_ROLE") == "teacher":
    # the course folder the formgrader serves, where the hub wrote it
    c.CourseDirectory.root = os.path.join(os.environ["HOME"], "course")
    # Every hand-in belongs to the system user that runs the hub, whoever handed it in: the
    # owner tells nothing here (collect would call each one a "cheating attempt?").
    c.CollectApp.check_owner = False
else:
    # Every server runs as the one system user that runs the hub, and nbgrader names a hand-in
    # after the system user: name it after the student who is logged in instead.
    c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"]
