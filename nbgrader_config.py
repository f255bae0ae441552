"""nbgrader settings for a course built from cardlib's exercises.

Copy this file into the course folder (docs/teaching.md: "From exercise 3 to grades.csv"). The
instructor notebooks in ``exercises/`` are nbgrader source notebooks as they are: answer cells
are solution cells, each check cell is a locked, graded cell worth one point, and the mode,
import and given cells are locked.
"""

import os

c = get_config()  # noqa: F821 (nbgrader provides it)

c.CourseDirectory.course_id = "cardlib"

# Our answer cells start with a placeholder (`answer_1 = None`) that the check reads as "not
# answered yet". nbgrader's default stub, `raise NotImplementedError()`, would stop Run All at
# the first answer cell; a comment keeps every check running.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"

# The exchange (release_assignment, fetch, submit, collect): on a JupyterHub, the hub's (its
# own nbgrader settings name it, hub/jupyter/nbgrader_config.py for the project's hub; nbgrader's
# default is /srv/nbgrader/exchange); elsewhere one in the course folder, so a try-out on one
# machine needs no shared system folder.
if "JUPYTERHUB_USER" not in os.environ:
    c.Exchange.root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "exchange")

# The grade is worked out outside the student's kernel (cardlib.exercises.grading): sanitizing
# makes each submission's nbgrader metadata the release's again (a check cell pasted twice, a
# cell's metadata edited, an extra cell: repaired and logged for that submission, never a stop
# for the whole class) and puts back any locked cell a student deleted; after the notebook has
# run, JudgeAnswers judges each check cell's reported answer with the project's checks and the
# release's own cells, in a child process with its own time limit, and writes a verdict as the
# outputs of every graded cell, which SaveAutoGrades then scores. So rebinding a check,
# silencing stderr, patching a class or forging a report in the notebook cannot change a grade.
c.Autograde.sanitize_preprocessors = [
    "nbgrader.preprocessors.ClearOutput",
    "cardlib.exercises.grading.RepairSubmission",
    "nbgrader.preprocessors.DeduplicateIds",
    "nbgrader.preprocessors.OverwriteKernelspec",
    "nbgrader.preprocessors.OverwriteCells",
    "cardlib.exercises.grading.RestoreLockedCells",
    "nbgrader.preprocessors.CheckCellMetadata",
]
c.Autograde.autograde_preprocessors = [
    "nbgrader.preprocessors.Execute",
    "cardlib.exercises.grading.JudgeAnswers",
    "cardlib.exercises.sandbox.LimitOutputSize",
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]

# The student's notebook runs in a sandbox (cardlib.exercises.sandbox, docs/teaching.md "Grading
# in a sandbox"): its kernel sees neither this folder (source/, gradebook.db, this file) nor the
# checkout, writes only a scratch copy, has no network, and has limits on memory, CPU time,
# processes and file size. `python -m cardlib.exercises autograde` refuses to grade where the
# sandbox cannot start. The limits are the kernel manager's: c.SandboxedKernelManager.memory
# (bytes), .cpu (seconds), .processes, .file_size (bytes); LimitOutputSize.max_chars cuts what
# one output may keep (nbgrader's LimitOutput counts lines, and one line can be 20 MB).
c.Execute.kernel_manager_class = "cardlib.exercises.sandbox.SandboxedKernelManager"

# Seconds the judging of one notebook may take (each notebook of exercises/ takes well under
# one): longer, and every graded cell of that notebook scores 0 with the reason.
c.JudgeAnswers.timeout = 60
