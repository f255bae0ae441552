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
from cardlib.bridge_view import auction_html, call_html, contract_html, score_html
from cardlib.errors import CardlibError
from cardlib.seats import seat_label, seat_labels

FIRST_CALLER_CHOICES = (
    ("dealer's left (the seed)", "left"),
    ("dealer (the Laws)", "dealer"),
)


def call_label(call: str) -> str:
    """Button text: ``1♥``, ``2NT``, ``Pass``, ``X``, ``XX``."""
    if call == bridge.PASS:
        return "Pass"
    if bridge.is_bid(call):
        return call[0] + STRAIN_SYMBOLS[call[1:]]
    return call


def _status_html(auction: Auction, last: str | None = None, error: str | None = None) -> str:
    parts = []
    if error:
        parts.append(f'<span class="cardlib-bridge-error">Not allowed: {escape(error)}</span>')
    elif last is not None:
        seat = auction.seat_of(len(auction.calls) - 1)
        parts.append(f"{seat_label(seat)}: {call_html(last)}.")
    if auction.passed_out:
        parts.append("All four passed: no contract. The next dealer deals again.")
    elif auction.is_over:
        contract = auction.contract
        parts.append(
            f"Contract {contract_html(contract)}. "
            f"Declarer {seat_label(contract.declarer)}, the first of the side to name "
            f"{bridge.STRAIN_NAMES[contract.strain]}; dummy {seat_label(contract.dummy)}; "
            f"{seat_label((contract.declarer + 1) % 4)} leads."
        )
    else:
        parts.append(f"{seat_label(auction.to_act)} to call.")
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
            description="Dealer",
        )
        self.dealer.add_class("cardlib-bridge-dealer")
        self.first_caller = widgets.ToggleButtons(
            options=FIRST_CALLER_CHOICES,
            value=first_caller,
            description="First call",
            style={"button_width": "auto"},  # the default width cuts the choices off
        )
        self.first_caller.add_class("cardlib-bridge-first-caller")
        self.restart = widgets.Button(description="New auction")
        self.restart.add_class("cardlib-bridge-restart")
        self.restart.on_click(lambda _button: self.reset())
        self.dealer.observe(lambda _change: self.reset(), names="value")
        self.first_caller.observe(lambda _change: self.reset(), names="value")
        self.table = widgets.HTML()
        self.table.add_class("cardlib-bridge-auction-table")
        self.status = widgets.HTML()
        self.status.add_class("cardlib-bridge-status")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.dealer, self.restart]),
                self.first_caller,
                widgets.VBox(rows),
                self.table,
                self.status,
            ]
        )
        self.widget.add_class("cardlib-bridge-auction")
        self._refresh()

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
            self._refresh(error=str(error))
            return
        self._refresh(last=self.auction.calls[-1])

    def call_all(self, calls: str) -> None:
        """Make several calls in turn: ``pad.call_all("1H P 2H P P P")``."""
        for call in calls.split():
            self.press(call)

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

    def _refresh(self, last: str | None = None, error: str | None = None) -> None:
        legal = set(self.auction.legal_calls())
        for call, button in self.buttons.items():
            button.disabled = call not in legal
        self.table.value = auction_html(self.auction)
        self.status.value = _status_html(self.auction, last, error)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"AuctionPad({self.auction!r})"


DOUBLING_CHOICES = (("undoubled", 0), ("doubled (X)", 1), ("redoubled (XX)", 2))
STRAIN_CHOICES = tuple((f"{STRAIN_SYMBOLS[s]} {bridge.STRAIN_NAMES[s]}", s) for s in bridge.STRAINS)


class ContractScorer:
    """Pick a contract and the tricks the declaring side took; see the sheet entries.

    State: ``contract`` (a :class:`cardlib.bridge.Contract`), ``score`` (its
    :class:`cardlib.bridge.Score`) and ``result.value`` (the entries as HTML).
    """

    def __init__(self, contract: str | Contract = "4S", tricks_taken: int | None = None):
        contract = Contract.parse(contract)
        self.level = widgets.Dropdown(
            options=list(range(1, 8)), value=contract.level, description="Level"
        )
        self.level.add_class("cardlib-bridge-level")
        self.strain = widgets.Dropdown(
            options=STRAIN_CHOICES, value=contract.strain, description="Strain"
        )
        self.strain.add_class("cardlib-bridge-strain")
        self.doubled = widgets.Dropdown(
            options=DOUBLING_CHOICES, value=contract.doubled, description="Doubling"
        )
        self.doubled.add_class("cardlib-bridge-doubled")
        taken = contract.tricks_needed if tricks_taken is None else tricks_taken
        self.tricks = widgets.IntSlider(value=taken, min=0, max=13, description="Tricks taken")
        self.tricks.add_class("cardlib-bridge-tricks")
        self.result = widgets.HTML()
        self.result.add_class("cardlib-bridge-result")
        for control in (self.level, self.strain, self.doubled, self.tricks):
            control.observe(self._update, names="value")
        self.widget = widgets.VBox(
            [widgets.HBox([self.level, self.strain, self.doubled]), self.tricks, self.result]
        )
        self.widget.add_class("cardlib-bridge-scorer")
        self._update()

    def set(self, contract: str | Contract, tricks_taken: int) -> None:
        """Pick a contract and a result at once, as a learner would, control by control."""
        contract = Contract.parse(contract)
        self.level.value = contract.level
        self.strain.value = contract.strain
        self.doubled.value = contract.doubled
        self.tricks.value = tricks_taken

    def _update(self, _change=None) -> None:
        self.contract = Contract(self.level.value, self.strain.value, self.doubled.value)
        self.score = bridge.score(self.contract, self.tricks.value)
        needed = self.contract.tricks_needed
        taken = self.tricks.value
        if taken >= needed:
            head = f"{contract_html(self.contract)} needs {needed} tricks; {taken} made it"
            head += f" with {taken - needed} over." if taken > needed else " exactly."
        else:
            down = needed - taken
            head = f"{contract_html(self.contract)} needs {needed} tricks; {taken} is {down} down."
        self.result.value = f"<p>{head}</p>{score_html(self.score)}"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"ContractScorer({str(self.contract)!r}, {self.tricks.value})"
