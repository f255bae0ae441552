"""Puzzles made from real seeded deals, each with an answer the engine proves.

========================  =============================================================
module                    what it holds
========================  =============================================================
:mod:`.legal_play`        "what must I play here?": the legal cards and the rule that decides
:mod:`.best_play`         "what should I play here?": endings where one card is clearly best
:mod:`.best_answer`       the answer to a best-play puzzle and its proof, read from the exact
                          solver; the puzzle and the exercise check both read it from here
========================  =============================================================

A puzzle draws itself (it imports :mod:`cardlib.draw`); the answers
(:mod:`.best_answer`) draw nothing.
"""
