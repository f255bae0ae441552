"""Drawing: the model's values as accessible HTML and SVG, never the other way round.

=====================  ================================================================
module                 what it draws
=====================  ================================================================
:mod:`.svg`            cards, hands and tricks (rank text and suit symbol, colour-blind-safe
                       colours, an ``aria-label``); ``Html``, the type every view returns;
                       ``refused``, a refused move shown as a note
:mod:`.charts`         bar and line charts as SVG, for the strategy notebooks
:mod:`.tables`         tables with header cells, exact percentages and decimals; the
                       learner's progress
:mod:`.coach`          the coach's results: the analysis of the cards and of the calls, the
                       exact solver's values, a review, Contract Bridge's double dummy
:mod:`.bridge`         Contract Bridge: the auction, the score sheet, the four hands
:mod:`.callbreak`      Call Break: a match's scoreboard, deal by deal, with running totals
:mod:`.judgement`      Judgement: the trump suit, the eight rounds' schedule
=====================  ================================================================

Nothing here changes a game; nothing in the model imports this package except inside a
rendering hook (``_repr_html_``).
"""
