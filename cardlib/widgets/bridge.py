"""Contract Bridge widgets: an auction pad that greys out illegal calls, and a contract scorer.

>>> from cardlib.widgets.bridge import AuctionPad, ContractScorer
>>> pad = AuctionPad(dealer="N")
>>> pad.press("1H"); pad.buttons["1C"].disabled, pad.buttons["X"].disabled
(True, False)
>>> scorer = ContractScorer("4S", 11)
>>> scorer.score
Score(below=120, above_declarer=30, above_defenders=0)

Everything the pad allows comes from :meth:`cardlib.bridge.Auction.legal_calls`
and every figure the scorer shows from :func:`cardlib.bridge.score`: the
widgets only display the engine's answers.

CSS classes (for the browser tests):

- ``cardlib-bridge-auction``: the whole auction pad;
- ``cardlib-bridge-call`` on each of the 38 call buttons, plus
  ``cardlib-bridge-call-1H`` … (the call's written form); illegal calls are
  disabled (greyed out);
- ``cardlib-bridge-dealer``: the dealer picker (``Dropdown``);
- ``cardlib-bridge-first-caller``: who calls first (``ToggleButtons``: the
  seed's dealer's left, or the Laws' dealer);
- ``cardlib-bridge-restart``: start the auction again;
- ``cardlib-bridge-auction-table``: the calls so far (HTML);
- ``cardlib-bridge-status``: what happened and who calls next, or the
  contract, declarer, dummy and opening leader;
- ``cardlib-bridge-scorer``: the whole contract scorer, with
  ``cardlib-bridge-level``, ``cardlib-bridge-strain``, ``cardlib-bridge-doubled``
  (``Dropdown``) and ``cardlib-bridge-tricks`` (``IntSlider``, tricks taken by
  the declaring side), and ``cardlib-bridge-result`` (the sheet entries, HTML).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from cardlib import bridge
from cardlib.bridge import CALLS, STRAIN_SYMBOLS, Auction, Contract
from cardlib.bridge.calls import strain_name
from cardlib.draw.bridge import auction_html, call_html, contract_html, score_html
from cardlib.errors import CardlibError
from cardlib.i18n import N_, _
from cardlib.seats import seat_label, seat_labels
from cardlib.widgets.language import LanguagePicker

FIRST_CALLER_CHOICES = (
    (N_("dealer's left (the seed)"), "left"),
    (N_("dealer (the Laws)"), "dealer"),
)


def call_label(call: str) -> str:
    """Button text: ``1♥``, ``2NT``, ``Pass``, ``X``, ``XX``."""
    if call == bridge.PASS:
        return _("Pass")
    if bridge.is_bid(call):
        return call[0] + STRAIN_SYMBOLS[call[1:]]
    return call


def _status_html(auction: Auction, last: str | None = None, error: str | None = None) -> str:
    parts = []
    if error:
        refused = _("Not allowed: {reason}").format(reason=escape(error))
        parts.append(f'<span class="cardlib-bridge-error">{refused}</span>')
    elif last is not None:
        seat = auction.seat_of(len(auction.calls) - 1)
        parts.append(f"{seat_label(seat)}: {call_html(last)}.")
    if auction.passed_out:
        parts.append(_("All four passed: no contract. The next dealer deals again."))
    elif auction.is_over:
        contract = auction.contract
        # an auction over and not passed out has a contract, with its declarer and dummy
        assert contract is not None and contract.declarer is not None
        assert contract.dummy is not None
        parts.append(
            _(
                "Contract {contract}. Declarer {declarer}, the first of the side to name "
                "{strain}; dummy {dummy}; {leader} leads."
            ).format(
                contract=contract_html(contract),
                declarer=seat_label(contract.declarer),
                strain=strain_name(contract.strain),
                dummy=seat_label(contract.dummy),
                leader=seat_label((contract.declarer + 1) % 4),
            )
        )
    else:
        seat = auction.seat_of(len(auction.calls))  # the auction goes on: to_act
        parts.append(_("{seat} to call.").format(seat=seat_label(seat)))
    return " ".join(parts)


class AuctionPad:
    """Buttons for every call; the illegal ones are greyed out. Click to call for
    the seat whose turn it is (all four seats take turns at the one pad).

    State: ``auction`` (a :class:`cardlib.bridge.Auction`), ``buttons`` (call →
    ``Button``), ``table.value`` (the auction so far), ``status.value`` (what
    happened, and who calls next or the contract).
    """

    def __init__(self, dealer: int | str = "N", first_caller: bridge.FirstCaller = "left"):
        self.auction = Auction(dealer, first_caller)
        self.buttons: dict[str, widgets.Button] = {}
        for call in CALLS:
            button = widgets.Button(
                description=call_label(call),
                tooltip=call,
                layout=widgets.Layout(width="52px"),
            )
            button.add_class("cardlib-bridge-call")
            button.add_class(f"cardlib-bridge-call-{call}")
            button.on_click(lambda _button, call=call: self.press(call))
            self.buttons[call] = button
        rows = [
            widgets.HBox([self.buttons[f"{level}{strain}"] for strain in bridge.STRAINS])
            for level in range(1, 8)
        ]
        rows.append(widgets.HBox([self.buttons[c] for c in (bridge.PASS, "X", "XX")]))
        self.dealer = widgets.Dropdown(
            options=[(label, seat) for seat, label in enumerate(seat_labels())],
            value=self.auction.dealer,
        )
        self.dealer.add_class("cardlib-bridge-dealer")
        self.first_caller = widgets.ToggleButtons(
            options=[(_(label), value) for label, value in FIRST_CALLER_CHOICES],
            value=first_caller,
            style={"button_width": "auto"},  # the default width cuts the choices off
        )
        self.first_caller.add_class("cardlib-bridge-first-caller")
        self.restart = widgets.Button()
        self.restart.add_class("cardlib-bridge-restart")
        self.restart.on_click(lambda _button: self.reset())
        self._relabelling = False
        self.dealer.observe(self._changed, names="value")
        self.first_caller.observe(self._changed, names="value")
        self._last: str | None = None
        self._refused: str | None = None
        self.table = widgets.HTML()
        self.table.add_class("cardlib-bridge-auction-table")
        self.status = widgets.HTML()
        self.status.add_class("cardlib-bridge-status")
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.dealer, self.restart, self.language.dropdown]),
                self.first_caller,
                widgets.VBox(rows),
                self.table,
                self.status,
            ]
        )
        self.widget.add_class("cardlib-bridge-auction")
        self._refresh()

    def _changed(self, _change=None) -> None:
        if not self._relabelling:
            self.reset()

    def redraw(self) -> None:
        """Say everything again in the language now in use (the same auction)."""
        self._relabelling = True
        try:
            for control, options in (
                (self.dealer, [(label, seat) for seat, label in enumerate(seat_labels())]),
                (self.first_caller, [(_(label), value) for label, value in FIRST_CALLER_CHOICES]),
            ):
                value = control.value
                control.options = options
                control.value = value
        finally:
            self._relabelling = False
        error = None
        if self._refused is not None:
            error = self.auction.why_illegal(self._refused)
        self._refresh(self._last, None if error is None else str(error), self._refused)

    def reset(self) -> None:
        """Start again with the picked dealer and first-caller rule."""
        self.auction = Auction(self.dealer.value, self.first_caller.value)
        self._refresh()

    def press(self, call: str) -> None:
        """Make a call, as clicking its button does. An illegal call changes nothing
        and the status says which rule forbids it (a greyed button cannot be clicked
        in the browser, but a typed call can be wrong)."""
        try:
            self.auction.call(call)
        except CardlibError as error:
            self._refresh(self._last, str(error), refused=call)
            return
        self._refresh(last=self.auction.calls[-1])

    def call_all(self, calls: str) -> None:
        """Make several calls in turn: ``pad.call_all("1H P 2H P P P")``."""
        for call in calls.split():
            self.press(call)

    @property
    def contract(self) -> Contract | None:
        """The auction's contract, ``None`` until the auction is over."""
        return self.auction.contract

    def _refresh(
        self, last: str | None = None, error: str | None = None, refused: str | None = None
    ) -> None:
        self._last, self._refused = last, refused
        self.dealer.description = _("Dealer")
        self.first_caller.description = _("First call")
        self.restart.description = _("New auction")
        legal = set(self.auction.legal_calls())
        for call, button in self.buttons.items():
            button.description = call_label(call)
            button.disabled = call not in legal
        self.table.value = auction_html(self.auction)
        self.status.value = _status_html(self.auction, last, error)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"AuctionPad({self.auction!r})"


DOUBLING_CHOICES = ((N_("undoubled"), 0), (N_("doubled (X)"), 1), (N_("redoubled (XX)"), 2))


def _strain_options() -> list[tuple[str, str]]:
    return [(f"{STRAIN_SYMBOLS[s]} {strain_name(s)}", s) for s in bridge.STRAINS]


def _doubling_options() -> list[tuple[str, int]]:
    return [(_(label), value) for label, value in DOUBLING_CHOICES]


class ContractScorer:
    """Pick a contract and the tricks the declaring side took; see the sheet entries.

    State: ``contract`` (a :class:`cardlib.bridge.Contract`), ``score`` (its
    :class:`cardlib.bridge.Score`) and ``result.value`` (the entries as HTML).
    """

    def __init__(self, contract: str | Contract = "4S", tricks_taken: int | None = None):
        contract = Contract.parse(contract)
        self._relabelling = False
        self.level = widgets.Dropdown(options=list(range(1, 8)), value=contract.level)
        self.level.add_class("cardlib-bridge-level")
        self.strain = widgets.Dropdown(options=_strain_options(), value=contract.strain)
        self.strain.add_class("cardlib-bridge-strain")
        self.doubled = widgets.Dropdown(options=_doubling_options(), value=contract.doubled)
        self.doubled.add_class("cardlib-bridge-doubled")
        taken = contract.tricks_needed if tricks_taken is None else tricks_taken
        self.tricks = widgets.IntSlider(value=taken, min=0, max=13)
        self.tricks.add_class("cardlib-bridge-tricks")
        self.result = widgets.HTML()
        self.result.add_class("cardlib-bridge-result")
        for control in (self.level, self.strain, self.doubled, self.tricks):
            control.observe(self._update, names="value")
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.level, self.strain, self.doubled, self.language.dropdown]),
                self.tricks,
                self.result,
            ]
        )
        self.widget.add_class("cardlib-bridge-scorer")
        self._update()

    def redraw(self) -> None:
        """Say everything again in the language now in use (the same contract and result)."""
        self._relabelling = True
        try:
            for control, options in (
                (self.strain, _strain_options()),
                (self.doubled, _doubling_options()),
            ):
                value = control.value
                control.options = options
                control.value = value
        finally:
            self._relabelling = False
        self._update()

    def set(self, contract: str | Contract, tricks_taken: int) -> None:
        """Pick a contract and a result at once, as a learner would, control by control."""
        contract = Contract.parse(contract)
        self.level.value = contract.level
        self.strain.value = contract.strain
        self.doubled.value = contract.doubled
        self.tricks.value = tricks_taken

    def _update(self, _change=None) -> None:
        if self._relabelling:
            return
        self.level.description = _("Level")
        self.strain.description = _("Strain")
        self.doubled.description = _("Doubling")
        self.tricks.description = _("Tricks taken")
        self.contract = Contract(self.level.value, self.strain.value, self.doubled.value)
        self.score = bridge.score(self.contract, self.tricks.value)
        needed = self.contract.tricks_needed
        taken = self.tricks.value
        if taken > needed:
            head = _("{contract} needs {needed} tricks; {taken} made it with {over} over.")
        elif taken == needed:
            head = _("{contract} needs {needed} tricks; {taken} made it exactly.")
        else:
            head = _("{contract} needs {needed} tricks; {taken} is {down} down.")
        head = head.format(
            contract=contract_html(self.contract),
            needed=needed,
            taken=taken,
            over=taken - needed,
            down=needed - taken,
        )
        self.result.value = f"<p>{head}</p>{score_html(self.score)}"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"ContractScorer({str(self.contract)!r}, {self.tricks.value})"
