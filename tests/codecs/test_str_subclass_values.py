"""A str subclass where a str goes is written as its str by the canonical codecs (JSON and
MessagePack), as lm15's ``json.dumps`` writes it (red team 40 F01's entry points, the codec side)."""

from __future__ import annotations

import msgspec
import pytest

import lmcodec as lc


class Tagged(str):
    """A str subclass a user may hold (a tagged id, a str mixin)."""


def _turn(text: str, model: str) -> lc.Turn:
    user = lc.Message(role="user", parts=(lc.TextPart(text=text),))
    answer = lc.Message(role="assistant", parts=(lc.TextPart(text=text),))
    request = msgspec.structs.replace(lc.Request(model="m", messages=(user,)), model=model)
    response = lc.Response(id="r", model="m", message=answer, finish_reason="stop", usage=lc.Usage())
    return lc.Turn(request=request, response=msgspec.structs.replace(response, model=model))


@pytest.mark.parametrize("field", ["text", "model"])
def test_encode_writes_a_str_subclass_as_its_str(field: str) -> None:
    tagged = _turn(Tagged("hi") if field == "text" else "hi", Tagged("m2") if field == "model" else "m2")
    assert lc.encode(tagged) == lc.encode(_turn("hi", "m2"))
    assert lc.msgpack.encode(tagged) == lc.msgpack.encode(_turn("hi", "m2"))
