"""Adaptation reasons and messages name a dialect after the right article: "an anthropic signature
state", "an openai response" (red team 10: "a anthropic ...")."""

from __future__ import annotations

import pytest

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._crossing_parts import _thinking_reason


def test_a_dropped_state_of_another_provider_takes_its_article() -> None:
    state = lc.ContinuationState(provider="anthropic", kind="signature", data={"value": "x"})
    answer = lc.Message(role="assistant", parts=(lc.TextPart(text="a", continuation=(state,)),))
    request = lc.Request(model="m", messages=(lc.Message.user("hi"), answer))
    (note,) = crossing.content_losses("openai", "gemini", request)
    assert note.reason.startswith("an anthropic signature state: only anthropic can replay it")


def test_every_dialect_takes_its_article() -> None:
    reasons = {
        dialect: _thinking_reason(dialect) for dialect in ("openai", "openai_chat", "anthropic", "gemini")
    }
    assert [reason.split(" state")[0] for reason in reasons.values()] == [
        "thinking without an openai",
        "thinking without an openai_chat",
        "thinking without an anthropic",
        "thinking without a gemini",
    ]


def test_a_media_part_refused_in_a_response_takes_its_article() -> None:
    audio = lc.AudioPart(media_type="audio/wav", data="aGk=")
    answer = lc.Message(role="assistant", parts=(audio,))
    response = lc.Response(id="r", model="m", message=answer, finish_reason="stop", usage=lc.Usage())
    with pytest.raises(lc.ValidationError, match=r"^an audio part has no form in a Messages response"):
        lc.encode_response("anthropic", response)
