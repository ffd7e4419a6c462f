"""Hypothesis strategies of argument trees: scalars, JSON, parts, messages, telemetry."""

from __future__ import annotations

import base64
from collections.abc import Callable
from functools import cache
from typing import Any

import lm15.types as lt
from hypothesis import strategies as st

from .lm15_trees import MISSING, Obj, Patch, _positional

# ─── Scalar and JSON strategies ──────────────────────────────────────────────

_CHARS = st.characters(exclude_categories=("Cs",))
_SPECIAL = st.sampled_from(["é", "\u2028", "\x00", "\x7f", '"\\/', "😀", "\n\t\b\f\r", "</script>", "中文"])
TEXT = st.one_of(st.text(_CHARS, max_size=10), _SPECIAL)
NE_TEXT = st.one_of(st.text(_CHARS, min_size=1, max_size=10), _SPECIAL)
PATH = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), min_size=1, max_size=10)
BIG_INT = st.one_of(st.integers(), st.integers(min_value=-(2**80), max_value=2**80))
FLOAT = st.floats(allow_nan=False, allow_infinity=False)
JSON_SCALAR = st.one_of(st.none(), st.booleans(), BIG_INT, FLOAT, TEXT)
JSON = st.recursive(
    JSON_SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(TEXT, inner, max_size=3)),
    max_leaves=10,
)
JSON_OR_TUPLES = st.recursive(  # lm15 takes a tuple anywhere json.dumps does (written as an array)
    JSON_SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(TEXT, inner, max_size=3),
    ),
    max_leaves=10,
)
JSON_OBJ = st.dictionaries(TEXT, JSON, max_size=4)  # keys come out in random order: opaque order is tested
BAD_JSON_OBJ = st.sampled_from(
    [
        None,
        [],
        "x",
        1,
        {"k": float("nan")},
        {"k": float("inf")},
        {"k": (1, 2)},
        {1: "x"},
        {"k": {1}},
        {"k": b"x"},
    ]
)
BAD_JSON_VALUE = st.sampled_from([float("nan"), float("-inf"), (1,), {1: 1}, {"k": object()}, b"x", {2}])
NON_NEG = st.one_of(st.integers(min_value=0, max_value=2**40), st.integers(0, 10**6).map(float))
POSITIVE = st.one_of(st.integers(min_value=1, max_value=2**40), st.integers(1, 10**6).map(float))
BAD_INT = st.sampled_from([2.5, True, False, "3", [1], float("nan")])
BAD_NON_NEG = st.one_of(BAD_INT, st.integers(max_value=-1))


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


B64 = st.one_of(
    st.binary(min_size=1, max_size=9).map(_b64),
    st.binary(min_size=1, max_size=9).map(lambda b: "data:application/x-any;base64," + _b64(b)),
    st.binary(min_size=4, max_size=9).map(lambda b: _b64(b)[:4] + "\n" + _b64(b)[4:]),
    st.binary(min_size=1, max_size=9).map(lambda b: " " + _b64(b) + "\r\n"),
)
BAD_B64 = st.sampled_from(["", "abc", "a===", "****", "QUJD=RA==", "data:image/png;base64,@@@@", 5, b"QUFB"])


def _shuffled(strategy: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """The same dicts with their keys in every order (opaque payloads keep order)."""
    return strategy.flatmap(lambda d: st.permutations(list(d.items())).map(dict))


def nodes(
    name: str,
    required: dict[str, st.SearchStrategy[Any]] | None = None,
    optional: dict[str, st.SearchStrategy[Any]] | None = None,
    bad: dict[str, st.SearchStrategy[Any]] | None = None,
    *,
    base: st.SearchStrategy[dict[str, Any]] | None = None,
    err: int = 8,
) -> st.SearchStrategy[Obj]:
    """Argument trees for ``name``: random required/optional kwargs; with odds 1/err one bad value."""
    if base is None:
        base = st.fixed_dictionaries(required or {}, optional=optional or {})
    # Built once here, not at each draw (a strategy built in a draw is looked up or validated anew).
    odds = st.integers(0, err - 1) if bad and err else st.nothing()
    bad_field = st.sampled_from(sorted(bad)) if bad else st.nothing()
    npos = st.integers(0, len(_positional(name)))

    @st.composite
    def draw_node(draw: st.DrawFn) -> Obj:
        kwargs = dict(draw(base))
        if bad and err and draw(odds) == 0:
            field = draw(bad_field)
            value = draw(bad[field])
            for key, item in (value if isinstance(value, Patch) else {field: value}).items():
                if item is MISSING:
                    kwargs.pop(key, None)
                else:
                    kwargs[key] = item
        return Obj(name, kwargs, draw(npos))

    return draw_node()


def inner(err: int) -> int:
    """The invalid-value odds for nested nodes: rarer, so most trees stay valid."""
    return err * 4 if err else 0


def seq(strategy: st.SearchStrategy[Any], *, min_size: int = 0, max_size: int = 3) -> st.SearchStrategy[Any]:
    """A list or a tuple of ``strategy``."""
    items = st.lists(strategy, min_size=min_size, max_size=max_size)
    return st.one_of(items, items.map(tuple))


# ─── Type strategies ─────────────────────────────────────────────────────────


@cache
def continuation_states(err: int = 8) -> st.SearchStrategy[Obj]:
    return nodes(
        "ContinuationState",
        {"provider": NE_TEXT, "kind": NE_TEXT},
        {"data": JSON_OBJ},
        {
            "provider": st.sampled_from(["", 5, None]),
            "kind": st.sampled_from(["", b"k"]),
            "data": BAD_JSON_OBJ,
        },
        err=err,
    )


@cache
def continuation(err: int = 8) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(), st.just({}), continuation_states(err), seq(continuation_states(err), max_size=2)
    )


BAD_CONTINUATION = st.sampled_from(["state", "", 5, ["x"], [{"provider": "p", "kind": "k"}], {"k": 1}])


@cache
def text_parts(name: str = "TextPart", err: int = 8) -> st.SearchStrategy[Obj]:
    text = NE_TEXT if name == "RefusalPart" else TEXT
    bad_text = st.sampled_from(["", None, 5, b"x"] if name == "RefusalPart" else [None, 5, b"x"])
    return nodes(
        name,
        {"text": text},
        {"continuation": continuation(inner(err))},
        {"text": bad_text, "continuation": BAD_CONTINUATION},
        err=err,
    )


@cache
def citation_parts(err: int = 8) -> st.SearchStrategy[Obj]:
    opt = st.one_of(st.none(), NE_TEXT)
    bad = st.sampled_from(["", 5])
    return nodes(
        "CitationPart",
        optional={"url": opt, "title": opt, "text": opt, "continuation": continuation(inner(err))},
        bad={"url": bad, "title": bad, "text": bad},
        err=err,
    )


_MEDIA = ("ImagePart", "AudioPart", "VideoPart", "DocumentPart", "BinaryPart")
_SOURCE = st.one_of(
    st.fixed_dictionaries({"data": B64}),
    st.fixed_dictionaries({"url": NE_TEXT}),
    st.fixed_dictionaries({"file_id": NE_TEXT}),
    st.fixed_dictionaries({"path": PATH}),
)


@cache
def media_parts(name: str | None = None, err: int = 8) -> st.SearchStrategy[Obj]:
    if name is None:
        return st.one_of(*(media_parts(n, err) for n in _MEDIA))
    extra: dict[str, st.SearchStrategy[Any]] = {
        "media_type": NE_TEXT,
        "continuation": continuation(inner(err)),
    }
    no_source = {"data": MISSING, "url": MISSING, "file_id": MISSING, "path": MISSING}

    def only(key: str, values: list[Any]) -> st.SearchStrategy[Patch]:
        return st.sampled_from(values).map(lambda v: Patch({**no_source, key: v}))

    bad: dict[str, st.SearchStrategy[Any]] = {
        "media_type": st.sampled_from(["", None, 5]),
        "data": st.one_of(BAD_B64.map(lambda v: Patch({**no_source, "data": v})), st.just(Patch(no_source))),
        "url": st.one_of(only("url", ["", 5]), st.just("http://second.source")),
        "file_id": st.one_of(only("file_id", ["", 5]), st.just("file-2")),
        "path": st.one_of(only("path", ["", 5, b"p"]), st.just("second.png")),
    }
    if name == "ImagePart":
        extra["detail"] = st.sampled_from([None, "low", "high", "auto"])
        bad["detail"] = st.sampled_from(["", "medium", "LOW", 5])
    base = st.tuples(_SOURCE, st.fixed_dictionaries({}, optional=extra)).map(lambda t: {**t[0], **t[1]})
    return nodes(name, bad=bad, base=base, err=err)


@cache
def tool_call_parts(err: int = 8) -> st.SearchStrategy[Obj]:
    return nodes(
        "ToolCallPart",
        {"id": NE_TEXT, "name": NE_TEXT, "input": JSON_OBJ},
        {"continuation": continuation(inner(err))},
        {"id": st.sampled_from(["", None, MISSING]), "name": st.sampled_from(["", 3]), "input": BAD_JSON_OBJ},
        err=err,
    )


PROBABILITIES = st.dictionaries(
    NE_TEXT,
    st.dictionaries(NE_TEXT, st.one_of(st.floats(0, 1), st.sampled_from([0, 1])), min_size=1, max_size=3),
    min_size=1,
    max_size=2,
)
METHODS = st.sampled_from(["provider_classification", "candidate_sequence_likelihood"])


@cache
def data_parts(err: int = 8, *, judged: bool = True) -> st.SearchStrategy[Obj]:
    """DataParts; ``judged`` adds probabilities+method (valid only in assistant messages)."""
    plain = st.fixed_dictionaries({"value": JSON}, optional={"continuation": continuation(inner(err))})
    with_probs = st.fixed_dictionaries(
        {"value": JSON, "probabilities": PROBABILITIES, "method": METHODS},
        optional={"continuation": continuation(inner(err))},
    )
    base = st.one_of(plain, with_probs) if judged else plain
    bad = {
        "value": BAD_JSON_VALUE,
        "method": st.sampled_from(["provider_classification", "guess", ""]),
        "probabilities": st.sampled_from(
            [
                {},
                {"f": {}},
                {"": {"a": 0.5}},
                {"f": {"": 0.5}},
                {"f": {"a": 1.5}},
                {"f": {"a": -0.1}},
                {"f": {"a": True}},
                {"f": {"a": "0.5"}},
                {"f": {"a": float("nan")}},
                {"f": [0.5]},
                [1],
            ]
        ),
    }
    return nodes("DataPart", bad=bad, base=base, err=err)


@cache
def prompt_parts(err: int = 8) -> st.SearchStrategy[Obj]:
    """TextPart, media parts and value-only DataParts (user/developer/system content)."""
    return st.one_of(text_parts("TextPart", err), media_parts(None, err), data_parts(err, judged=False))


@cache
def tool_result_content(err: int = 8) -> st.SearchStrategy[Obj]:
    return st.one_of(prompt_parts(err), citation_parts(err))


FORBIDDEN_IN_RESULT = st.sampled_from(
    [
        Obj("ToolCallPart", {"id": "c", "name": "n", "input": {}}),
        Obj("ThinkingPart", {"text": "t"}),
        Obj("RefusalPart", {"text": "no"}),
        Obj("ToolResultPart", {"id": "r", "content": [Obj("TextPart", {"text": "x"})]}),
        Obj("DataPart", {"value": 1, "probabilities": {"f": {"a": 1}}, "method": "provider_classification"}),
    ]
)


@cache
def tool_result_parts(err: int = 8) -> st.SearchStrategy[Obj]:
    return nodes(
        "ToolResultPart",
        {"id": NE_TEXT, "content": seq(tool_result_content(inner(err)), min_size=1)},
        {
            "name": st.one_of(st.none(), NE_TEXT),
            "is_error": st.booleans(),
            "continuation": continuation(inner(err)),
        },
        {
            "id": st.sampled_from(["", None]),
            "name": st.sampled_from(["", 5]),
            "is_error": st.sampled_from([0, 1, None, "yes"]),
            "content": st.one_of(
                st.sampled_from([[], (), "", {}, {"k": 1}, "text", ["text"], [1], MISSING]),
                FORBIDDEN_IN_RESULT.map(lambda p: [Obj("TextPart", {"text": "ok"}), p]),
            ),
        },
        err=err,
    )


@cache
def assistant_parts(err: int = 8) -> st.SearchStrategy[Obj]:
    return st.one_of(
        text_parts("TextPart", err),
        text_parts("ThinkingPart", err),
        text_parts("RefusalPart", err),
        citation_parts(err),
        media_parts(None, err),
        tool_call_parts(err),
        data_parts(err),
    )


@cache
def any_parts(err: int = 8) -> st.SearchStrategy[Obj]:
    return st.one_of(assistant_parts(err), tool_result_parts(err))


ROLE_PARTS: dict[str, Callable[[int], st.SearchStrategy[Obj]]] = {
    "user": prompt_parts,
    "developer": prompt_parts,
    "assistant": assistant_parts,
    "tool": tool_result_parts,
}


@cache
def messages(role: str | None = None, err: int = 8) -> st.SearchStrategy[Obj]:
    if role is None:
        return st.one_of(*(messages(r, err) for r in sorted(ROLE_PARTS)))
    parts = ROLE_PARTS[role](inner(err))
    return nodes(
        "Message",
        {"role": st.just(role), "parts": st.one_of(parts, seq(parts, min_size=1))},
        {"continuation": continuation(inner(err))},
        {
            "role": st.sampled_from(["system", "", "USER", None]),
            "parts": st.one_of(
                st.sampled_from([[], "", {}, "hello", ["hello"], None, 5]), any_parts(err).map(lambda p: [p])
            ),
        },
        err=err,
    )


# Usage, logprobs, errors, adaptations

_USAGE_FIELDS = (
    "input_tokens output_tokens total_tokens cache_read_tokens cache_write_tokens reasoning_tokens "
    "input_audio_tokens output_audio_tokens"
).split()


@cache
def usages(err: int = 8) -> st.SearchStrategy[Obj]:
    counter = st.one_of(st.none(), NON_NEG)
    return nodes(
        "Usage",
        optional={f: counter for f in _USAGE_FIELDS},
        bad={f: BAD_NON_NEG for f in _USAGE_FIELDS},
        err=err,
    )


LOGPROB = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.integers(-100, 0))
TOKEN_BYTES = st.one_of(st.none(), seq(st.integers(0, 255), max_size=4))


@cache
def top_logprobs(err: int = 8) -> st.SearchStrategy[Obj]:
    return nodes(
        "TopLogprob",
        {"token": TEXT, "logprob": LOGPROB},
        {"bytes": TOKEN_BYTES, "token_id": st.one_of(st.none(), st.integers(-5, 2**40), st.just(7.0))},
        {
            "token": st.sampled_from([None, 5]),
            "logprob": st.sampled_from([True, "0.5", None]),
            "bytes": st.sampled_from([[1.5], [True], ["a"], 5, [-1], [2.0], "ab"]),
            "token_id": st.sampled_from([2.5, True, "1"]),
        },
        err=err,
    )


@cache
def token_logprobs(err: int = 8) -> st.SearchStrategy[Obj]:
    return nodes(
        "TokenLogprob",
        {"token": TEXT, "logprob": LOGPROB},
        {
            "bytes": TOKEN_BYTES,
            "token_id": st.one_of(st.none(), st.integers(-5, 2**40), st.just(7.0)),
            "top": st.one_of(top_logprobs(inner(err)), seq(top_logprobs(inner(err)), max_size=3)),
        },
        {
            "token": st.sampled_from([None, 5]),
            "logprob": st.sampled_from([True, "0.5", None]),
            "bytes": st.sampled_from([[1.5], [True], ["a"], 5, [-1], [2.0], "ab"]),
            "token_id": st.sampled_from([2.5, True, "1"]),
            "top": st.sampled_from(
                [["x"], [Obj("TokenLogprob", {"token": "a", "logprob": 0.0})], 5, "", {}, "ab"]
            ),
        },
        err=err,
    )


ERROR_CODES = sorted(lt.ERROR_CODES)
HEADER_NAME = st.one_of(
    st.sampled_from(
        [
            "retry-after",
            "Retry-After",
            "x-ratelimit-remaining-tokens",
            "anthropic-ratelimit-tokens-reset",
            "x-ms-retry-after-ms",
            "authorization",
            "X-RateLimit-Type",
        ]
    ),
    TEXT,
)
HEADER_VALUE = st.one_of(
    st.sampled_from(["1", "60", "0.5s", "", "x" * 257, "tab\there", "naïve", "ok"]),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=6),
)
HTTP_RESPONSE = st.fixed_dictionaries(
    {},
    optional={
        "request_id": st.one_of(st.none(), NE_TEXT),
        "retry_after": st.one_of(st.none(), st.floats(0, 1e6), st.integers(0, 10**6)),
        "rate_limit_headers": st.dictionaries(HEADER_NAME, seq(HEADER_VALUE, max_size=6), max_size=4),
    },
)


@cache
def error_details(err: int = 8) -> st.SearchStrategy[Obj]:
    return nodes(
        "ErrorDetail",
        {"code": st.sampled_from(ERROR_CODES), "message": TEXT},
        {"provider_code": st.one_of(st.none(), NE_TEXT), "http_response": _shuffled(HTTP_RESPONSE)},
        {
            "code": st.sampled_from(["nope", "", "AUTH", None]),
            "message": st.sampled_from([None, 5, MISSING]),
            "provider_code": st.sampled_from(["", 5]),
            "http_response": st.sampled_from(
                [
                    None,
                    [],
                    {"status": 500},
                    {"request_id": ""},
                    {"request_id": 5},
                    {"retry_after": -1},
                    {"retry_after": True},
                    {"retry_after": "1"},
                    {"retry_after": float("inf")},
                    {"rate_limit_headers": {"retry-after": "1"}},
                    {"rate_limit_headers": []},
                    {"rate_limit_headers": {"retry-after": [1]}},
                ]
            ),
        },
        err=err,
    )


ADAPTATION_ACTIONS = ["dropped", "clamped", "substituted", "client_side", "satisfied", "defaulted"]


@cache
def adaptations(err: int = 8) -> st.SearchStrategy[Obj]:
    return nodes(
        "Adaptation",
        {"field": NE_TEXT, "action": st.sampled_from(ADAPTATION_ACTIONS), "reason": NE_TEXT},
        {"asked": JSON_OR_TUPLES, "applied": JSON_OR_TUPLES},
        {
            "field": st.sampled_from(["", None]),
            "action": st.sampled_from(["", "ignored", None]),
            "reason": st.sampled_from(["", None, MISSING]),
        },
        err=err,
    )
