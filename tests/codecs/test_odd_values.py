"""Wire values changed past their checks (``msgspec.structs.replace`` checks no type): every entry
point that takes a Request, Response, Message, Part, Config or stream event gives an lc error for
one (``codecs/_odd_values.py``), with the field's path where it can name it, never a bare
TypeError, AttributeError, KeyError or IndexError from a builder, writer or converter; and a value
that holds no odd field is read back whole by the check (no false refusal)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest

import lmcodec as lc
from lmcodec.codecs._odd_values import refuse_odd

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
ODD = (5, None, b"x", ["x"], {"a": 1}, "x", 1.5, ())
_replace = msgspec.structs.replace
TOOL = lc.FunctionTool(name="f", parameters={"type": "object", "properties": {"a": {"type": "string"}}})
REQUEST = lc.Request(
    model="m-1",
    messages=(
        lc.Message.user("hi"),
        lc.Message.assistant([lc.TextPart("ok"), lc.ToolCallPart(id="c1", name="f", input={"a": "x"})]),
        lc.Message.tool({"c1": "done"}),
    ),
    system="be brief",
    tools=(TOOL,),
    config=lc.Config(
        max_tokens=10,
        temperature=0.5,
        stop=("x",),
        tool_choice=lc.ToolChoice(mode="auto"),
        reasoning=lc.Reasoning(effort="low"),
    ),
)
RESPONSE = lc.Response(
    id="r1",
    model="m-1",
    message=lc.Message.assistant(
        [lc.TextPart("hello"), lc.ToolCallPart(id="c2", name="f", input={"a": "y"})]
    ),
    finish_reason="tool_call",
    usage=lc.Usage(input_tokens=1, output_tokens=1),
)


def _in_tuple(values: tuple[Any, ...], i: int, change: Callable[[Any], Any]) -> tuple[Any, ...]:
    return tuple(change(value) if j == i else value for j, value in enumerate(values))


def _request_variants() -> Iterator[tuple[str, Callable[[Any], lc.Request]]]:
    """(where, a Request with the value there replaced by the one given), every field of the
    request, its config, each message, each message's parts and its tool."""
    for name in REQUEST.__struct_fields__:
        yield f"$.{name}", lambda odd, n=name: _replace(REQUEST, **{n: odd})
    for name in lc.Config.__struct_fields__:
        yield (
            f"$.config.{name}",
            lambda odd, n=name: _replace(REQUEST, config=_replace(REQUEST.config, **{n: odd})),
        )
    for name in TOOL.__struct_fields__:
        yield f"$.tools[0].{name}", lambda odd, n=name: _replace(REQUEST, tools=(_replace(TOOL, **{n: odd}),))
    for i, message in enumerate(REQUEST.messages):
        for name in message.__struct_fields__:
            yield (
                f"$.messages[{i}].{name}",
                lambda odd, i=i, n=name: _replace(
                    REQUEST, messages=_in_tuple(REQUEST.messages, i, lambda m: _replace(m, **{n: odd}))
                ),
            )
        for k, part in enumerate(message.parts):
            for name in part.__struct_fields__:
                yield (
                    f"$.messages[{i}].parts[{k}].{name}",
                    lambda odd, i=i, k=k, n=name: _replace(
                        REQUEST,
                        messages=_in_tuple(
                            REQUEST.messages,
                            i,
                            lambda m: _replace(
                                m, parts=_in_tuple(m.parts, k, lambda p: _replace(p, **{n: odd}))
                            ),
                        ),
                    ),
                )


def _response_variants() -> Iterator[tuple[str, Callable[[Any], lc.Response]]]:
    for name in RESPONSE.__struct_fields__:
        yield f"$.{name}", lambda odd, n=name: _replace(RESPONSE, **{n: odd})
    for name in lc.Usage.__struct_fields__:
        yield (
            f"$.usage.{name}",
            lambda odd, n=name: _replace(RESPONSE, usage=_replace(RESPONSE.usage, **{n: odd})),
        )
    message = RESPONSE.message
    for name in message.__struct_fields__:
        yield (
            f"$.message.{name}",
            lambda odd, n=name: _replace(RESPONSE, message=_replace(message, **{n: odd})),
        )
    for k, part in enumerate(message.parts):
        for name in part.__struct_fields__:
            yield (
                f"$.message.parts[{k}].{name}",
                lambda odd, k=k, n=name: _replace(
                    RESPONSE,
                    message=_replace(
                        message, parts=_in_tuple(message.parts, k, lambda p: _replace(p, **{n: odd}))
                    ),
                ),
            )


REQUEST_VARIANTS = dict(_request_variants())
RESPONSE_VARIANTS = dict(_response_variants())


def _made(make: Callable[[Any], Any], odd: Any) -> Any:
    """The value with ``odd`` in place, or None where msgspec.structs.replace refused it itself
    (a ``__post_init__`` that reads the field: the caller's own error, before any entry point)."""
    try:
        return make(odd)
    except (TypeError, ValueError, AttributeError, KeyError):
        return None


def _outcome(call: Callable[[], Any]) -> str:
    """ "ok", "lc" (an lc error) or the bare exception a call ends with."""
    try:
        call()
    except lc.LmcodecError:
        return "lc"
    except Exception as exc:  # (what is asserted: no such exception, an lc error instead)
        return f"bare {type(exc).__name__}: {exc}"
    return "ok"


def _request_entries(request: lc.Request) -> dict[str, Callable[[], Any]]:
    entries: dict[str, Callable[[], Any]] = {}
    for dialect in DIALECTS:
        entries[f"build_request {dialect}"] = lambda d=dialect: lc.build_request(d, request)
    entries["to_lm15"] = lambda: lc.to_lm15(request)
    entries["llm.from_turn"] = lambda: lc.llm.encode(
        lc.llm.from_turn(lc.Turn(request=request, response=RESPONSE))
    )
    return entries


def _response_entries(response: lc.Response) -> dict[str, Callable[[], Any]]:
    entries: dict[str, Callable[[], Any]] = {}
    for dialect in DIALECTS:
        entries[f"encode_response {dialect}"] = lambda d=dialect: lc.encode_response(d, response)
        entries[f"encode_response {dialect} from anthropic"] = lambda d=dialect: lc.encode_response(
            d, response, usage_from="anthropic"
        )
    entries["to_lm15"] = lambda: lc.to_lm15(response)
    entries["llm.from_turn"] = lambda: lc.llm.encode(
        lc.llm.from_turn(lc.Turn(request=REQUEST, response=response))
    )
    return entries


@pytest.mark.parametrize("where", REQUEST_VARIANTS)
def test_a_request_field_of_another_type_is_an_lc_error_everywhere(where: str) -> None:
    for odd in ODD:
        request = _made(REQUEST_VARIANTS[where], odd)
        if request is None:
            continue
        outcomes = {name: _outcome(call) for name, call in _request_entries(request).items()}
        assert not {name: o for name, o in outcomes.items() if o.startswith("bare")}, (odd, outcomes)


@pytest.mark.parametrize("where", RESPONSE_VARIANTS)
def test_a_response_field_of_another_type_is_an_lc_error_everywhere(where: str) -> None:
    for odd in ODD:
        response = _made(RESPONSE_VARIANTS[where], odd)
        if response is None:
            continue
        outcomes = {name: _outcome(call) for name, call in _response_entries(response).items()}
        assert not {name: o for name, o in outcomes.items() if o.startswith("bare")}, (odd, outcomes)


@pytest.mark.parametrize("odd", [5, b"m-1", ["m-1"], None, "", 1.5])
def test_an_odd_model_is_refused_at_model_by_the_body_paths(odd: Any) -> None:
    """build_request, decode_response, translate_response and encode_response: a ValidationError at
    ``$.model`` (before: a bare TypeError in each builder and in wire_model, or the value written
    into the body: ``"model": ["m-1"]``, ``"model": 5``, ``"model": "bQ=="`` for bytes)."""
    request = _replace(REQUEST, model=odd)
    response = _replace(RESPONSE, model=odd)
    body = lc.encode_response("openai_chat", RESPONSE)
    for dialect in DIALECTS:
        calls: list[Callable[[], Any]] = [
            lambda d=dialect: lc.build_request(d, request),
            lambda d=dialect: lc.build_request(d, request, stream=True),
            lambda d=dialect: lc.encode_response(d, response),
            lambda d=dialect: lc.translate_response("openai_chat", d, body, request=request),
        ]
        for call in calls:
            with pytest.raises(lc.ValidationError) as caught:
                call()
            assert caught.value.path == "$.model"
    with pytest.raises(lc.ValidationError) as caught:
        lc.decode_response("openai_chat", body, request=request)
    assert caught.value.path == "$.model"


@pytest.mark.parametrize(
    ("where", "odd"),
    [
        ("$.messages", None),
        ("$.system", 5),
        ("$.tools", None),
        ("$.messages[1].parts", b"x"),
        ("$.config.stop", 5),
        ("$.config.max_tokens", "10"),
        ("$.tools[0].parameters", ["x"]),
    ],
)
def test_the_refusal_names_the_fields_path(where: str, odd: Any) -> None:
    request = REQUEST_VARIANTS[where](odd)
    with pytest.raises(lc.ValidationError) as caught:
        refuse_odd(request, "request")
    assert caught.value.path == where


def test_a_dict_where_a_struct_goes_is_found_by_its_path() -> None:
    """A dict that reads back as the Struct (Usage's fields all optional) is no Usage: the value
    read back differs, and the first difference is named."""
    response = _replace(RESPONSE, usage={"input_tokens": 1})
    with pytest.raises(lc.ValidationError, match="holds a dict where its type holds a Usage") as caught:
        refuse_odd(response, "response")
    assert caught.value.path == "$.usage"
    with pytest.raises(lc.ValidationError):
        lc.encode_response("anthropic", response)


def test_values_with_no_odd_field_are_read_back_whole() -> None:
    """No false refusal: values of every kind the fast paths pass (media, unknown items kept, a
    non-finite logprob, provider data, a str subclass) give no error."""

    class Name(str):
        pass

    unknown = lc.decode(b'{"type":"hologram","x":[1,2]}', lc.Part, unknown="keep")
    values: list[Any] = [
        REQUEST,
        RESPONSE,
        _replace(REQUEST, model=Name("m-1")),
        lc.Request(
            model="m", messages=(lc.Message.user([lc.ImagePart(data="aGk=", media_type="image/png")]),)
        ),
        lc.Message(role="user", parts=(lc.TextPart("a"), unknown)),
        lc.decode(
            b'{"part_index":0,"type":"text","text":"a","logprobs":[{"token":"a","logprob":-Infinity}]}',
            lc.Delta,
            lenient=True,
        ),
        _replace(RESPONSE, provider_data={"a": [1, {"b": None}]}),
    ]
    for value in values:
        refuse_odd(value, "value")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_odd_event_fed_to_an_encoder_is_an_lc_error(dialect: str) -> None:
    """lc.stream.encode / Encoder: an event whose field was changed past its checks (an end's usage
    or provider_data an int, a finish reason outside the vocabulary, a list for a part index) is a
    ValidationError where the writer met it with a bare error (a finish reason the Responses and
    Chat writers take for their default is written: no error either way)."""
    start = lc.StreamStartEvent(id="r1", model="m-1")
    text = lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text="hi"))
    end = lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=1))
    odd_events = [
        _replace(end, usage=5),
        _replace(end, provider_data=5),
        _replace(end, finish_reason="x"),
        _replace(end, finish_reason=["x"]),
        _replace(text, delta=_replace(text.delta, part_index=["x"])),
    ]
    for odd in odd_events:
        events = [start, text, odd]
        encoder = lc.stream.Encoder(dialect)
        outcomes = (
            _outcome(lambda e=events: b"".join(lc.stream.encode(dialect, e))),
            _outcome(lambda e=events, enc=encoder: enc.feed_all(e) + enc.close()),
        )
        assert not [o for o in outcomes if o.startswith("bare")], (odd, outcomes)
