"""nbgrader settings for a course built from cardlib's exercises.

Copy this file into the course folder (README: "From exercise 3 to grades.csv"). The instructor
notebooks in ``exercises/`` are nbgrader source notebooks as they are: answer cells are solution
cells, each check cell is a locked, graded cell worth one point, and the mode, import and given
cells are locked.
"""

import os

c = get_config()  # noqa: F821 (nbgrader provides it)

c.CourseDirectory.course_id = "cardlib"

# Our answer cells start with a placeholder (`answer_1 = None`) that the check reads as "not
# answered yet". nbgrader's default stub, `raise NotImplementedError()`, would stop Run All at
# the first answer cell; a comment keeps every check running.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"

# The exchange (release_assignment, fetch, submit, collect) in the course folder, so a try-out
# on one machine needs no shared system folder.
c.Exchange.root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "exchange")
