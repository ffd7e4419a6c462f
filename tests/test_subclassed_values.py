"""A user's subclass of a canonical type is written as the kind it extends, at every writer.

lmcodec's wire types can be subclassed (tests/wire/test_subclassed_parts.py, test_pickle.py's
OwnPart), and lm15's adapters dispatch by isinstance. Each hypothesis-drawn Request / Response /
event sequence is rebuilt with every lmcodec Struct in it (Parts, nested ToolResultPart content,
Message, Request, Response, Config, Tool, Usage, Deltas, events) an instance of a user's subclass
(drawn: trivial, one that adds a field of its own, or one that also has a ``__post_init__``: red
team 55 F01/F02); every entry point that writes canonical values writes the rebuilt value byte for
byte as the original (the subclass's own field left out), or refuses both with the same error.
"""

from __future__ import annotations

import io
import json
import re
from functools import cache
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.llm as lcllm
from lmcodec.lm15 import to_lm15

from .budget import examples
from .providers.request_support import canonical_requests
from .wire.lm15_call_strategies import responses as response_trees
from .wire.lm15_trees import build

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
_OPENAI_MODELS = st.sampled_from(["gpt-4.1", "gpt-5", "o3"])
SETTINGS = settings(
    max_examples=examples(100),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


# The subclasses a user writes: trivial; one carrying data of its own (a field with a default,
# given a value); that and a ``__post_init__`` checking it after the inherited one.
KINDS = ("trivial", "field", "post_init")
_KIND = st.sampled_from(KINDS)


@cache
def _own(cls: type, kind: str) -> type:
    """A user subclass of the lmcodec class ``cls``, of the ``kind`` of KINDS."""
    if kind == "trivial":
        return type(f"Own{cls.__name__}", (cls,), {})
    namespace: dict[str, Any] = {"__annotations__": {"trace_id": str}, "trace_id": ""}
    if kind == "post_init":

        def __post_init__(self: Any) -> None:
            inherited = getattr(super(own, self), "__post_init__", None)
            if inherited is not None:
                inherited()
            if not isinstance(self.trace_id, str):
                raise TypeError("trace_id is text")

        namespace["__post_init__"] = __post_init__
    own = type(f"Traced{cls.__name__}", (cls,), namespace)
    return own


def subclassed(value: Any, kind: str = "trivial") -> Any:
    """``value`` with every lmcodec Struct in it rebuilt as an instance of a subclass of ``kind``."""
    if isinstance(value, msgspec.Struct) and type(value).__module__.startswith("lmcodec."):
        fields = {name: getattr(value, name) for name in value.__struct_fields__}
        fields = {
            name: subclassed(field, kind) for name, field in fields.items() if field is not msgspec.UNSET
        }
        if kind != "trivial":
            fields["trace_id"] = "trace-7"
        rebuilt = _own(type(value), kind)(**fields)
        assert type(rebuilt) is not type(value)
        return rebuilt
    if isinstance(value, tuple):
        return tuple(subclassed(item, kind) for item in value)
    if isinstance(value, list):
        return [subclassed(item, kind) for item in value]
    return value


def _outcome(write: Any, value: Any) -> Any:
    """What ``write(value)`` gives, or the class and text of the error it raises."""
    try:
        return write(value)
    except Exception as exc:
        return (type(exc).__name__, str(exc))


_MINTED = re.compile(rb'[_-][0-9a-zA-Z]{20,}"|"created(_at)?":[0-9]+')


def _minted_out(out: Any) -> Any:
    """``out`` with the ids and times a writer mints (a counter, the clock) blanked."""
    if isinstance(out, bytes):
        return _MINTED.sub(b"#", out)
    if isinstance(out, (tuple, list)):
        return [_minted_out(item) for item in out]
    return out


def _same(write: Any, value: Any, kind: str) -> None:
    other = subclassed(value, kind)
    assert _minted_out(_outcome(write, other)) == _minted_out(_outcome(write, value))


@st.composite
def _provider_requests(draw: st.DrawFn, provider: str) -> lc.Request:
    """canonical_requests (drawn for Anthropic or Gemini) with an OpenAI model for the OpenAI wires."""
    if provider in ("anthropic", "gemini"):
        return draw(canonical_requests(provider))
    request = draw(canonical_requests(draw(st.sampled_from(("anthropic", "gemini")))))
    return lc.replace(request, model=draw(_OPENAI_MODELS))


@st.composite
def _requests(draw: st.DrawFn) -> tuple[str, lc.Request]:
    provider = draw(st.sampled_from(PROVIDERS))
    return provider, draw(_provider_requests(provider))


@st.composite
def _responses(draw: st.DrawFn) -> lc.Response:
    try:
        return build(draw(response_trees(err=0)), "lc")  # type: ignore[no-any-return]
    except (TypeError, ValueError):
        assume(False)
        raise


def _built(provider: str, stream: bool) -> Any:
    def write(request: lc.Request) -> Any:
        built = lc.build_request(provider, request, stream=stream)
        return built.body, built.path, built.headers, built.adaptations

    return write


@SETTINGS
@given(_requests(), st.booleans(), _KIND)
def test_build_request_writes_a_subclassed_request_as_its_kind(
    drawn: tuple[str, lc.Request], stream: bool, kind: str
) -> None:
    provider, request = drawn
    _same(_built(provider, stream), request, kind)


@SETTINGS
@given(_responses(), st.sampled_from(PROVIDERS), _KIND)
def test_encode_response_writes_a_subclassed_response_as_its_kind(
    response: lc.Response, provider: str, kind: str
) -> None:
    _same(lambda value: lc.encode_response(provider, value), response, kind)


@SETTINGS
@given(_responses(), st.sampled_from(PROVIDERS), st.sampled_from(PROVIDERS), st.data(), _KIND)
def test_translate_response_reads_a_subclassed_request_as_its_kind(
    response: lc.Response, src: str, dst: str, data: st.DataObject, kind: str
) -> None:
    body = _outcome(lambda value: lc.encode_response(src, value), response)
    assume(isinstance(body, bytes))
    request = data.draw(_provider_requests(src))
    _same(lambda value: lc.translate_response(src, dst, body, request=value), request, kind)


def _events(response: lc.Response) -> list[Any]:
    """The stream events of ``response``'s parts that have a delta form."""
    events: list[Any] = [lc.StreamStartEvent(id=response.id, model=response.model)]
    for index, part in enumerate(response.message.parts):
        if isinstance(part, lc.TextPart):
            events.append(lc.StreamDeltaEvent(delta=lc.TextDelta(text=part.text, part_index=index)))
        elif isinstance(part, lc.ThinkingPart):
            events.append(lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text=part.text, part_index=index)))
        elif isinstance(part, lc.ToolCallPart):
            delta = lc.ToolCallDelta(
                input=json.dumps(part.input), id=part.id, name=part.name, part_index=index
            )
            events.append(lc.StreamDeltaEvent(delta=delta))
        elif isinstance(part, lc.CitationPart):
            delta = lc.CitationDelta(text=part.text, url=part.url, title=part.title, part_index=index)
            events.append(lc.StreamDeltaEvent(delta=delta))
        for state in part.continuation if hasattr(part, "continuation") else ():
            delta = lc.ContinuationDelta(
                provider=state.provider, kind=state.kind, data=state.data, part_index=index
            )
            events.append(lc.StreamDeltaEvent(delta=delta))
    events.append(lc.StreamEndEvent(finish_reason=response.finish_reason, usage=response.usage))
    return events


def _encoded(provider: str) -> Any:
    def write(events: list[Any]) -> Any:
        encoder = lc.stream.Encoder(provider)
        out = [_outcome(encoder.feed, event) for event in events]
        return out, _outcome(lambda _: encoder.close(), None)

    return write


@SETTINGS
@given(_responses(), st.sampled_from(PROVIDERS), _KIND)
def test_the_stream_encoder_writes_subclassed_events_as_their_kind(
    response: lc.Response, provider: str, kind: str
) -> None:
    _same(_encoded(provider), _events(response), kind)


@SETTINGS
@given(_responses(), _KIND)
def test_assemble_reads_subclassed_events_as_their_kind(response: lc.Response, kind: str) -> None:
    def assembled(events: list[Any]) -> Any:
        return lc.encode(lc.stream.assemble(events))

    _same(assembled, _events(response), kind)


def _writers() -> dict[str, Any]:
    def jsonl(values: list[Any]) -> bytes:
        out = io.BytesIO()
        lc.jsonl.write(out, values)
        return out.getvalue()

    def msgpack_stream(values: list[Any]) -> bytes:
        out = io.BytesIO()
        lc.msgpack.write_stream(out, values)
        return out.getvalue()

    def arrow(values: list[Any]) -> Any:
        import lmcodec.arrow as lcarrow

        return lcarrow.to_table(values).to_pylist()

    return {
        "encode": lambda values: [lc.encode(value) for value in values],
        "encode provider data": lambda values: [lc.encode(v, include_provider_data=True) for v in values],
        "to_builtins": lambda values: [lc.to_builtins(value) for value in values],
        "msgpack": lambda values: [lc.msgpack.encode(value) for value in values],
        "jsonl": jsonl,
        "msgpack stream": msgpack_stream,
        "arrow": arrow,
        "lm15": lambda values: [repr((to_lm15(turn.request), to_lm15(turn.response))) for turn in values],
    }


# Writers that hand the Struct to msgspec as it is: a subclass's own fields are written too
# (docs/types.md), and read back the record is the kind's.
_OWN_FIELDS_WRITTEN = {"encode", "encode provider data", "to_builtins", "msgpack", "jsonl", "msgpack stream"}


@pytest.mark.parametrize("writer", sorted(_writers()))
@SETTINGS
@given(_requests(), _responses(), _KIND)
def test_the_canonical_writers_write_a_subclassed_turn_as_its_kind(
    writer: str, drawn: tuple[str, lc.Request], response: lc.Response, kind: str
) -> None:
    _, request = drawn
    turn = lc.Turn(request=request, response=response)
    if kind != "trivial" and writer in _OWN_FIELDS_WRITTEN:
        read = _outcome(lambda value: lc.decode(lc.encode(value), lc.Turn), subclassed(turn, kind))
        assert read == _outcome(lambda value: lc.decode(lc.encode(value), lc.Turn), turn)
        return
    _same(_writers()[writer], [turn], kind)


@SETTINGS
@given(_requests(), _responses(), _KIND)
def test_llm_from_turn_writes_a_subclassed_turn_as_its_kind(
    drawn: tuple[str, lc.Request], response: lc.Response, kind: str
) -> None:
    _, request = drawn
    turn = lc.Turn(request=request, response=response)
    _same(lambda value: lcllm.encode(lcllm.from_turn(value)), turn, kind)
