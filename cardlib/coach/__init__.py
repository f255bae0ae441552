"""The coach: what a good player would do, and how much each choice costs.

=====================  ================================================================
module                 what it holds
=====================  ================================================================
:mod:`.fast`           whole deals on 52-bit masks, the playouts every estimate runs on
:mod:`.estimate`       seeded Monte Carlo: the tricks a hand takes, the expected score of a call
:mod:`.solver`         the exact solver for endings (every hand known): max-n with a table
:mod:`.analysis`       every legal card's (or call's) expected points from what a seat sees;
                       ``CoachBot``, which calls and plays by it
:mod:`.review`         after a deal: each of a seat's decisions rated by the points it lost
:mod:`.bridge_review`  a Contract Bridge deal double dummy: each card's tricks lost, the
                       opening lead over layouts that fit the auction, the contract to par
:mod:`.variants`       the sensible bot with one habit changed, and a habit's gain measured on
                       the same deals played both ways (paired, with standard errors)
=====================  ================================================================

Each module reads a game through the deal protocol (:mod:`cardlib.game`) and the registry
(:mod:`cardlib.games`: its points, its calls, its options, whether the coach knows it), so a
new game needs no change here; :mod:`.estimate` and :mod:`.fast` are Call Break's own, and
:mod:`.bridge_review` Contract Bridge's. None draws: a result offers ``_repr_html_``, which
imports its view from :mod:`cardlib.draw` only when a notebook shows it.
"""
