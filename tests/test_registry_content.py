"""Issue 35 (one registry for the games), the content's side: two refusals that had drifted from
their translation.
"""

from __future__ import annotations

import pytest

from cardlib import bridge, callbreak, i18n
from cardlib.errors import PhaseError
from cardlib.game import phase_name

# ----- refusals that keep the learner's language ---------------------------------------------


def test_contract_bridge_refusals_keep_the_learners_language():
    passed = bridge.Deal(seed=1, dealer="N")
    for _ in range(4):
        passed.call("P")
    played = bridge.Deal(seed=1, dealer="N")
    for call in ["1S", "P", "P", "P"]:
        played.call(call)
    with i18n.language("hi"):
        with pytest.raises(PhaseError) as after_passes:
            passed.call("1C")
        with pytest.raises(PhaseError) as after_contract:
            played.call("2C")
        with pytest.raises(PhaseError) as too_soon:
            played.scores()
        match = bridge.Match(seed=1)
        with pytest.raises(PhaseError) as not_over:
            match.winners()
        still = phase_name("playing")
    # The auction's own refusal, and the engine's, in Hindi: Bridge's deal wrote them again in
    # English.
    assert str(after_passes.value) == "बोली ख़त्म हो गई: चारों ने पास किया"
    assert after_passes.value.rule == "auction-over"
    assert str(after_contract.value).startswith("बोली ख़त्म हो गई: कॉन्ट्रैक्ट ")
    assert str(too_soon.value) == f"स्कोर आख़िरी चाल के बाद आता है; अभी {still}"
    assert not_over.value.rule == "phase" and "calling" not in str(not_over.value)


def test_a_match_not_over_is_refused_in_the_learners_language():
    with i18n.language("hi"):
        with pytest.raises(PhaseError) as caught:
            callbreak.Match(seed=1).winners()
        expected = i18n.gettext("the match is not over yet (phase {phase})").format(
            phase=phase_name("calling")
        )
    assert str(caught.value) == expected
    assert "calling" not in expected  # the phase at least is Hindi before any catalog has more
