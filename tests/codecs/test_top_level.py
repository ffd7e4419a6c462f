"""The canonical encoders refuse objects of another family (red team 15, F04).

msgspec writes any dataclass or Struct in its generic form: an lm15 object given to ``lc.encode``
was written with every None as null, the tag last, ``Response.provider_data`` and a ``-inf``
logprob as null, a record that is not lm15's JSON, silently. Every encoder now refuses it with an
EncodeError naming the conversion, as ``lc.build_request`` refuses it; lmcodec's own objects (a
user's subclass included) are written as before.
"""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Callable
from typing import Any

import lm15.serde as ls
import lm15.types as lt
import pytest

import llm
import lmcodec as lc
from lmcodec.codecs.json import encode_into


@dataclasses.dataclass(frozen=True)
class _Note(lt.TextPart):
    """A user's subclass of an lm15 part: still lm15's family."""


@dataclasses.dataclass
class _Plain:
    value: int


def _jsonl(obj: Any) -> bytes:
    out = io.BytesIO()
    lc.jsonl.write(out, [lc.TextPart("first"), obj])
    return out.getvalue()


def _msgpack_stream(obj: Any) -> bytes:
    out = io.BytesIO()
    lc.msgpack.write_stream(out, [obj])
    return out.getvalue()


ENCODERS: dict[str, Callable[[Any], Any]] = {
    "encode": lc.encode,
    "encode_into": lambda obj: encode_into(obj, bytearray()),
    "to_builtins": lc.to_builtins,
    "msgpack.encode": lc.msgpack.encode,
    "msgpack.write_stream": _msgpack_stream,
    "jsonl.write": _jsonl,
    "encode-list": lambda obj: lc.encode([obj, lc.TextPart("a")]),
    "encode-tuple": lambda obj: lc.encode((obj,)),
}

_LM15_RESPONSE = lt.Response(
    id="r",
    model="m",
    message=lt.Message.assistant("x"),
    finish_reason="stop",
    usage=lt.Usage(input_tokens=1),
    provider_data={"raw": "body"},
)

OTHERS: list[tuple[Any, str]] = [
    (lt.TokenLogprob("x", float("-inf")), "lc.from_lm15"),
    (_LM15_RESPONSE, "lc.from_lm15"),
    (lt.Message.user("hi"), "lc.from_lm15"),
    (_Note("hi"), "lc.from_lm15"),
    (llm.parts.TextPart(text="hi"), "lc.llm.from_llm"),
    (_Plain(1), "lmcodec object"),
]


@pytest.mark.parametrize("encoder", ENCODERS.values(), ids=ENCODERS.keys())
@pytest.mark.parametrize("obj,conversion", OTHERS, ids=[type(obj).__qualname__ for obj, _ in OTHERS])
def test_an_object_of_another_family_is_an_encode_error_naming_its_conversion(
    encoder: Callable[[Any], Any], obj: Any, conversion: str
) -> None:
    with pytest.raises(lc.EncodeError) as error:
        encoder(obj)
    assert type(obj).__qualname__ in str(error.value) and conversion in str(error.value)


def test_the_conversion_it_names_writes_lm15_s_json() -> None:
    """What the refusal says to do writes what lm15 writes (provider_data left out, -inf kept)."""
    for obj, to_dict in ((_LM15_RESPONSE, ls.response_to_dict), (OTHERS[0][0], ls.token_logprob_to_dict)):
        expected = json.dumps(to_dict(obj), separators=(",", ":")).encode()
        assert lc.encode(lc.from_lm15(obj)) == expected


class _Subclass(lc.TextPart):
    """A user's subclass of a wire class is a wire object."""


@pytest.mark.parametrize(
    "obj",
    [
        lc.TextPart("a"),
        _Subclass("a"),
        [lc.TextPart("a"), _Subclass("b")],
        (lc.Message.user("hi"),),
        {"a": [1, "b"]},
        [],
        lc.decode(b'{"type":"new","x":1}', lc.Part, unknown="keep"),
    ],
    ids=["part", "subclass", "list", "tuple", "dict", "empty", "unknown"],
)
def test_lmcodec_s_own_objects_and_builtins_are_written_as_before(obj: Any) -> None:
    assert json.loads(lc.encode(obj)) == lc.to_builtins(obj)
    lc.msgpack.encode(obj)
