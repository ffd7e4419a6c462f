"""Hypothesis strategies of argument trees: deltas, stream events, tools, config, requests, responses."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from .lm15_strategies import (
    BAD_JSON_OBJ,
    BIG_INT,
    JSON_OBJ,
    NE_TEXT,
    NON_NEG,
    POSITIVE,
    TEXT,
    _shuffled,
    adaptations,
    data_parts,
    error_details,
    inner,
    messages,
    nodes,
    prompt_parts,
    seq,
    text_parts,
    token_logprobs,
    tool_call_parts,
    usages,
)
from .lm15_trees import _DELTAS, MISSING, Obj, Patch

# Deltas and stream events

PART_INDEX = st.one_of(st.integers(0, 2**40), st.integers(0, 50).map(float))
BAD_PART_INDEX = st.sampled_from([-1, 2.5, True, None, "0", float("nan"), -3.0])


@cache
def deltas(name: str | None = None, err: int = 8) -> st.SearchStrategy[Obj]:
    if name is None:
        return st.one_of(*(deltas(n, err) for n in _DELTAS))
    opt_text = st.one_of(st.none(), TEXT)
    if name in ("TextDelta", "ThinkingDelta"):
        optional: dict[str, st.SearchStrategy[Any]] = {"part_index": PART_INDEX}
        bad: dict[str, st.SearchStrategy[Any]] = {
            "part_index": BAD_PART_INDEX,
            "text": st.sampled_from([None, 5]),
        }
        if name == "TextDelta":
            optional["logprobs"] = st.one_of(
                token_logprobs(inner(err)), seq(token_logprobs(inner(err)), max_size=2)
            )
            optional["logprobs_complete"] = st.booleans()
            bad["logprobs"] = st.sampled_from([None, ["x"], 5, "", {}, "ab"])
            bad["logprobs_complete"] = st.sampled_from([None, 0, "no"])
        return nodes(name, {"text": TEXT}, optional, bad, err=err)
    if name in ("AudioDelta", "ImageDelta"):
        source = st.one_of(
            st.just({}),
            st.fixed_dictionaries({"data": TEXT}),
            st.fixed_dictionaries({"url": TEXT}),
            st.fixed_dictionaries({"file_id": TEXT}),
        )
        rest = st.fixed_dictionaries(
            {}, optional={"part_index": PART_INDEX, "media_type": st.one_of(st.none(), NE_TEXT)}
        )
        base = st.tuples(source, rest).map(lambda t: {**t[0], **t[1]})
        bad = {
            "part_index": BAD_PART_INDEX,
            "media_type": st.sampled_from(["", 5]),
            "data": st.sampled_from([5, "AAAA"]),
            "url": st.sampled_from([5, "u"]),
            "file_id": st.sampled_from([5, "f"]),
        }
        return nodes(name, bad=bad, base=base, err=err)
    if name == "ToolCallDelta":
        return nodes(
            name,
            {"input": TEXT},
            {
                "part_index": PART_INDEX,
                "id": st.one_of(st.none(), NE_TEXT),
                "name": st.one_of(st.none(), NE_TEXT),
            },
            {
                "part_index": BAD_PART_INDEX,
                "input": st.sampled_from([None, {}, MISSING]),
                "id": st.sampled_from(["", 5]),
                "name": st.sampled_from(["", 5]),
            },
            err=err,
        )
    if name == "CitationDelta":
        return nodes(
            name,
            optional={"text": opt_text, "url": opt_text, "title": opt_text, "part_index": PART_INDEX},
            bad={"part_index": BAD_PART_INDEX, "text": st.just(5), "url": st.just(5)},
            err=err,
        )
    assert name == "ContinuationDelta"
    return nodes(
        name,
        {"provider": NE_TEXT, "kind": NE_TEXT},
        {"data": JSON_OBJ, "part_index": st.one_of(st.none(), PART_INDEX)},
        {
            "provider": st.sampled_from(["", None]),
            "kind": st.sampled_from(["", 1]),
            "data": BAD_JSON_OBJ,
            "part_index": st.sampled_from([-1, 2.5, True, "0"]),
        },
        err=err,
    )


FINISH = st.sampled_from(["stop", "length", "tool_call", "content_filter", "error"])
BAD_FINISH = st.sampled_from(["done", "", "STOP", "tool_calls", 1])


@cache
def stream_events(err: int = 8) -> st.SearchStrategy[Obj]:
    return st.one_of(
        nodes(
            "StreamStartEvent",
            optional={
                "id": st.one_of(st.none(), NE_TEXT),
                "model": st.one_of(st.none(), NE_TEXT),
                "adaptations": st.lists(adaptations(inner(err)), max_size=2),
            },
            bad={
                "id": st.sampled_from(["", 5]),
                "model": st.just(""),
                "adaptations": st.sampled_from([None, ["x"], 5, "", {}]),
            },
            err=err,
        ),
        nodes(
            "StreamDeltaEvent",
            {"delta": deltas(None, inner(err))},
            bad={
                "delta": st.one_of(
                    st.sampled_from([None, "x", {"type": "text", "text": "a"}, MISSING]),
                    text_parts("TextPart", 0),
                )
            },
            err=err,
        ),
        nodes(
            "StreamEndEvent",
            optional={
                "finish_reason": st.one_of(st.none(), FINISH),
                "usage": st.one_of(st.none(), usages(inner(err))),
                "provider_data": st.one_of(st.none(), JSON_OBJ),
            },
            bad={
                "finish_reason": BAD_FINISH,
                "usage": st.sampled_from([{}, 5, {"input_tokens": 1}]),
                "provider_data": BAD_JSON_OBJ.filter(lambda v: v is not None),
            },
            err=err,
        ),
        nodes(
            "StreamErrorEvent",
            {"error": error_details(inner(err))},
            bad={"error": st.sampled_from([None, "boom", {"code": "auth", "message": ""}, MISSING])},
            err=err,
        ),
    )


# Tools and configuration


@cache
def function_tools(err: int = 8) -> st.SearchStrategy[Obj]:
    return nodes(
        "FunctionTool",
        {"name": NE_TEXT},
        {"description": st.one_of(st.none(), TEXT), "parameters": JSON_OBJ},
        {
            "name": st.sampled_from(["", None, MISSING]),
            "description": st.sampled_from([5, b"d"]),
            "parameters": BAD_JSON_OBJ,
        },
        err=err,
    )


@cache
def builtin_tools(err: int = 8) -> st.SearchStrategy[Obj]:
    return nodes(
        "BuiltinTool",
        {"name": NE_TEXT},
        {"config": st.one_of(st.none(), JSON_OBJ)},
        {"name": st.sampled_from(["", 5]), "config": BAD_JSON_OBJ.filter(lambda v: v is not None)},
        err=err,
    )


@cache
def tools(err: int = 8) -> st.SearchStrategy[Obj]:
    return st.one_of(function_tools(err), builtin_tools(err))


@st.composite
def named_tools(draw: st.DrawFn, err: int = 30, max_size: int = 3) -> list[Obj]:
    """Tools with unique names (each tool's own invalid cases are left to test_tools)."""
    names = draw(st.lists(NE_TEXT, unique=True, max_size=max_size))
    return [
        Obj(t.name, {**t.kwargs, "name": n}, t.npos)
        for n, t in zip(
            names, draw(st.lists(tools(err), min_size=len(names), max_size=len(names))), strict=True
        )
    ]


@cache
def tool_choices(err: int = 8) -> st.SearchStrategy[Obj]:
    names = st.one_of(NE_TEXT, seq(NE_TEXT))
    plain = st.fixed_dictionaries(
        {},
        optional={
            "mode": st.sampled_from(["auto", "required"]),
            "allowed": names,
            "parallel": st.one_of(st.none(), st.booleans()),
        },
    )
    off = st.fixed_dictionaries({"mode": st.just("none")})
    return nodes(
        "ToolChoice",
        base=st.one_of(plain, off),
        bad={
            "mode": st.sampled_from(["any", "", "AUTO", None]),
            "allowed": st.sampled_from(["", [""], [5], None, ["ok", ""]]),
            "parallel": st.sampled_from([0, 1, "yes"]),
        },
        err=err,
    )


EFFORTS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"]


@cache
def reasonings(err: int = 8) -> st.SearchStrategy[Obj]:
    budget = st.one_of(
        st.integers(1, 50_000),
        st.sampled_from([1023, 1024, 2048, 8191, 8192, 32768, 40000]),
        st.integers(1, 40_000).map(float),
    )
    summary = st.one_of(st.none(), st.sampled_from(["auto", "concise", "detailed"]))
    on = st.fixed_dictionaries(
        {"effort": st.sampled_from(EFFORTS[1:])}, optional={"thinking_budget": budget, "summary": summary}
    )
    off = st.fixed_dictionaries({"effort": st.just("off")})
    budget_only = st.fixed_dictionaries({"thinking_budget": budget}, optional={"summary": summary})
    return nodes(
        "Reasoning",
        base=st.one_of(on, off, budget_only),
        bad={
            "effort": st.sampled_from(["none", "adaptive", "", "HIGH", 3]),
            "thinking_budget": st.sampled_from([0, -1, 2.5, True, "100", 0.0]),
            "summary": st.sampled_from(["", "brief", 1]),
        },
        err=err,
    )


@cache
def cache_configs(err: int = 8) -> st.SearchStrategy[Obj]:
    on = st.fixed_dictionaries(
        {},
        optional={
            "mode": st.just("auto"),
            "retention": st.one_of(st.none(), st.sampled_from(["short", "long"])),
            "key": st.one_of(st.none(), NE_TEXT),
            "resource": st.one_of(st.none(), NE_TEXT),
        },
    )
    where = st.one_of(
        st.just({}),
        st.fixed_dictionaries({"prefix": st.sampled_from(["stable", "history"])}),
        st.fixed_dictionaries({"prefix_until_index": NON_NEG}),
    )
    auto = st.tuples(on, where).map(lambda t: {**t[0], **t[1]})
    off = st.fixed_dictionaries({"mode": st.just("off")})
    common = {
        "mode": st.sampled_from(["on", "", None]),
        "retention": st.sampled_from(["forever", "", "long"]),
        "key": st.sampled_from(["", 5, "k"]),
        "resource": st.sampled_from(["", 5, "r"]),
        "prefix": st.sampled_from(["all", "stable", ""]),
    }
    # A mistyped prefix_until_index alone, or next to prefix / mode='off' (a second fault:
    # lm15 reports the combination rule first).
    index_alone = st.sampled_from([-1, 2.5, True, "1", 3]).map(
        lambda v: Patch({"prefix": MISSING, "prefix_until_index": v})
    )
    index_any = st.one_of(index_alone, st.sampled_from([-1, 2.5, True, "1", 3]))
    return st.one_of(
        nodes("CacheConfig", base=auto, bad={**common, "prefix_until_index": index_any}, err=err),
        nodes(
            "CacheConfig",
            base=off,
            bad={**common, "prefix_until_index": st.sampled_from([0, 3, 4.0, 2.5, True])},
            err=err,
        ),
    )


RESPONSE_FORMAT = st.one_of(
    st.just({"type": "json_object"}),
    _shuffled(
        st.fixed_dictionaries(
            {"type": st.just("json_schema"), "schema": JSON_OBJ},
            optional={"name": NE_TEXT, "strict": st.booleans()},
        )
    ),
)
BAD_RESPONSE_FORMAT = st.sampled_from(
    [
        {"type": "text"},
        {},
        [],
        "json",
        {"type": "json_object", "schema": {}},
        {"type": "json_schema"},
        {"type": "json_schema", "schema": []},
        {"type": "json_schema", "schema": {}, "name": ""},
        {"type": "json_schema", "schema": {}, "strict": 1},
        {"type": "json_schema", "schema": {}, "extra": 1},
        {"type": "json_object", "k": float("nan")},
    ]
)


@cache
def configs(err: int = 8) -> st.SearchStrategy[Obj]:
    def number(lo: float, hi: float) -> st.SearchStrategy[Any]:
        return st.one_of(st.floats(lo, hi), st.integers(int(lo), int(hi)))

    return nodes(
        "Config",
        optional={
            "max_tokens": st.one_of(st.none(), POSITIVE),
            "temperature": st.one_of(st.none(), number(0, 2)),
            "top_p": st.one_of(st.none(), number(0, 1)),
            "top_k": st.one_of(st.none(), POSITIVE),
            "stop": st.one_of(st.none(), NE_TEXT, seq(NE_TEXT)),
            "response_format": st.one_of(st.none(), RESPONSE_FORMAT),
            "tool_choice": st.one_of(st.none(), tool_choices(inner(err))),
            "reasoning": st.one_of(st.none(), reasonings(inner(err))),
            "cache": st.one_of(st.none(), cache_configs(inner(err))),
            "seed": st.one_of(st.none(), BIG_INT, st.integers(-(10**6), 10**6).map(float)),
            "frequency_penalty": st.one_of(st.none(), number(-2, 2)),
            "presence_penalty": st.one_of(st.none(), number(-2, 2)),
            "service_tier": st.one_of(st.none(), NE_TEXT),
            "user_id": st.one_of(st.none(), NE_TEXT),
            "store": st.one_of(st.none(), st.booleans()),
            "logprobs": st.one_of(st.none(), NON_NEG),
            "probabilities": st.one_of(st.none(), st.sampled_from(["off", "if_available", "required"])),
            "extensions": st.one_of(st.none(), JSON_OBJ),
        },
        bad={
            "max_tokens": st.sampled_from([0, -1, 2.5, True, "10"]),
            "temperature": st.sampled_from([-0.1, 2.5, 3, True, "1", float("nan"), float("inf")]),
            "top_p": st.sampled_from([1.5, -1, False, "0.5"]),
            "top_k": st.sampled_from([0, -2, 1.5, True]),
            "stop": st.sampled_from(["", [""], ["a", ""], [5], ["a", None], 5]),
            "response_format": BAD_RESPONSE_FORMAT,
            "tool_choice": st.sampled_from([{}, "auto", 1]),
            "reasoning": st.sampled_from([{}, "high"]),
            "cache": st.sampled_from([{}, "auto"]),
            "seed": st.sampled_from([1.5, True, "1"]),
            "frequency_penalty": st.sampled_from([2.5, -3, True, "0"]),
            "presence_penalty": st.sampled_from([-2.01, 3, False]),
            "service_tier": st.sampled_from(["", 5]),
            "user_id": st.sampled_from(["", 5]),
            "store": st.sampled_from([0, 1, "yes"]),
            "logprobs": st.sampled_from([-1, 1.5, True]),
            "probabilities": st.sampled_from(["always", "", 1]),
            "extensions": st.sampled_from([[], "x", {"k": float("nan")}, {1: 2}]),
            "bogus": st.just(1),
        },
        err=err,
    )


# Requests and responses


def _fit_tool_choice(config: Obj, subset: list[str]) -> Obj:
    """Point a config's tool_choice.allowed at the request's tools (when it names valid tools)."""
    choice = config.kwargs.get("tool_choice")
    if not isinstance(choice, Obj) or "allowed" not in choice.kwargs:
        return config
    allowed = choice.kwargs["allowed"]
    items = [allowed] if isinstance(allowed, str) else allowed
    if not isinstance(items, (list, tuple)) or not all(isinstance(a, str) and a for a in items):
        return config
    choice = Obj("ToolChoice", {**choice.kwargs, "allowed": subset}, choice.npos)
    return Obj("Config", {**config.kwargs, "tool_choice": choice}, config.npos)


@st.composite
def requests(draw: st.DrawFn, err: int = 30) -> Obj:
    """Requests with unique tool names and a tool_choice consistent with them (mostly)."""
    tool_nodes = draw(named_tools(err))
    names = [t.kwargs["name"] for t in tool_nodes]
    node = draw(_request_nodes(err))
    kwargs = dict(node.kwargs)
    if "tools" in kwargs:  # an invalid tools argument was injected: leave the rest alone
        return node
    if len(tool_nodes) == 1 and draw(st.booleans()):
        kwargs["tools"] = tool_nodes[0]
    elif tool_nodes:
        kwargs["tools"] = tool_nodes if draw(st.booleans()) else tuple(tool_nodes)
    if isinstance(kwargs.get("config"), Obj) and kwargs["config"].name == "Config":
        subset = draw(st.lists(st.sampled_from(names), unique=True)) if names else []
        kwargs["config"] = _fit_tool_choice(kwargs["config"], subset)
    return Obj("Request", kwargs, node.npos)


@cache
def _request_nodes(err: int) -> st.SearchStrategy[Obj]:
    system = st.one_of(st.none(), NE_TEXT, prompt_parts(err), seq(prompt_parts(err), min_size=1, max_size=2))
    return nodes(
        "Request",
        {"model": NE_TEXT, "messages": st.one_of(messages(None, err), seq(messages(None, err), min_size=1))},
        {"system": system, "config": configs(err)},
        {
            "model": st.sampled_from(["", None, MISSING]),
            "messages": st.sampled_from([[], "hello", ["hello"], None]),
            "system": st.one_of(
                st.sampled_from(["", [], 5]),
                tool_call_parts(0).map(lambda p: [p]),
                data_parts(0).filter(lambda o: "method" in o.kwargs).map(lambda p: [p]),
            ),
            "tools": st.one_of(
                st.sampled_from(["tool", [{"name": "x"}], [len]]),
                st.just([Obj("FunctionTool", {"name": "dup"}), Obj("BuiltinTool", {"name": "dup"})]),
            ),
            "config": st.one_of(
                st.sampled_from([{}, None]),
                st.just(Obj("Config", {"tool_choice": Obj("ToolChoice", {"allowed": ["nope"]})})),
            ),
        },
        err=8,
    )


@cache
def responses(err: int = 30) -> st.SearchStrategy[Obj]:
    return nodes(
        "Response",
        {
            "id": st.one_of(st.none(), NE_TEXT),
            "model": NE_TEXT,
            "message": messages("assistant", err),
            "finish_reason": FINISH,
            "usage": usages(err),
        },
        {
            "logprobs": st.one_of(st.none(), seq(token_logprobs(err), max_size=2), token_logprobs(err)),
            "provider_data": st.one_of(st.none(), JSON_OBJ),
            "adaptations": st.one_of(
                st.lists(adaptations(err), max_size=2), st.lists(adaptations(err)).map(tuple)
            ),
            "logprobs_complete": st.booleans(),
        },
        {
            "id": st.sampled_from(["", 5, MISSING]),
            "model": st.sampled_from(["", None]),
            "message": st.one_of(messages("user", 0), st.sampled_from(["hi", None])),
            "finish_reason": BAD_FINISH,
            "usage": st.sampled_from([None, {}, MISSING]),
            "logprobs": st.sampled_from([["x"], 5, "", {}]),
            "provider_data": BAD_JSON_OBJ.filter(lambda v: v is not None),
            "adaptations": st.sampled_from([None, ["x"], 5, "", {}]),
            "logprobs_complete": st.sampled_from([None, 0, "true"]),
        },
        err=8,
    )
