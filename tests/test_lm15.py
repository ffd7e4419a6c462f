"""lmcodec <-> lm15 objects: lmcodec.lm15.from_lm15 / to_lm15.

- every lm15 1.5.0 positive vector (all 35 kinds): lm15's object converts to an lmcodec object
  that writes exactly lm15's ``serde.*_to_dict`` value, and converts back to an equal lm15 object;
- random lm15 objects built through lm15's own constructors (the argument trees of
  tests/wire/lm15_*.py): the same two properties, plus equality with the
  object lmcodec's constructors build from the same arguments;
- lm15 is imported lazily: ``import lmcodec.lm15`` does not import it.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from typing import Any

import lm15.models as lm
import lm15.serde as ls
import lm15.types as lt
import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.lm15 as lmcodec_lm15
from lmcodec.lm15 import from_lm15, to_lm15

from .budget import examples
from .corpus import KIND_TYPES, load_json, needs_corpus, strict_equal
from .mutation import ODD_VALUES
from .wire.lm15_diff import DIFF

SETTINGS = settings(
    max_examples=examples(150),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


VECTORS = load_json("lm15-1.5.0/vectors.json")

# kind -> lm15 serde stem (continuation_state is serde's "continuation")
_STEMS = {kind: kind for kind in KIND_TYPES} | {"continuation_state": "continuation"}


def _serde(kind: str) -> tuple[Any, Any]:
    stem = _STEMS[kind]
    return getattr(ls, f"{stem}_from_dict"), getattr(ls, f"{stem}_to_dict")


def _to_dict_fn(obj: Any) -> Any:
    to_dict, _ = DIFF.SERDE.get(type(obj).__name__, (None, None))
    if to_dict is None:
        to_dict = getattr(ls, f"{_snake(type(obj).__name__)}_to_dict")
    return to_dict


def _to_dict(obj: Any, **kwargs: Any) -> Any:
    return _to_dict_fn(obj)(obj, **kwargs)


def _lm15_reread(obj: Any) -> Any:
    """lm15's own serde round trip of ``obj`` (lm15's normal form, e.g. description "" -> None)."""
    to_dict = _to_dict_fn(obj)
    module = sys.modules[to_dict.__module__]
    from_dict = getattr(module, to_dict.__name__.replace("_to_dict", "_from_dict"))
    kwargs = {"include_provider_data": True} if type(obj).__name__ == "Response" else {}
    return from_dict(json.loads(json.dumps(to_dict(obj, **kwargs))))


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


def check(lm_obj: Any, **to_dict_kwargs: Any) -> Any:
    """lm15 -> lmcodec -> lm15, with lm15's own serializer as the referee."""
    ours = from_lm15(lm_obj)
    assert type(ours).__name__ == type(lm_obj).__name__
    expected = json.loads(json.dumps(_to_dict(lm_obj, **to_dict_kwargs)))
    strict_equal(lc.to_builtins(ours, **to_dict_kwargs), expected)
    if type(ours) is lc.Response:  # provider_data is written only on request: compare it too
        strict_equal(
            lc.to_builtins(ours, include_provider_data=True),
            json.loads(json.dumps(ls.response_to_dict(lm_obj, include_provider_data=True))),
        )
    back = to_lm15(ours)
    assert type(back) is type(lm_obj)
    # the same object, or lm15's own normal form of it (what lm15's serde gives back too)
    assert back == lm_obj or back == _lm15_reread(lm_obj)
    assert from_lm15(back) == ours
    return ours


@needs_corpus
@pytest.mark.parametrize("vector", [pytest.param(v, id=v["id"]) for v in VECTORS.get("positive", [])])
def test_lm15_positive_vectors(vector: dict[str, Any]) -> None:
    from_dict, _ = _serde(vector["kind"])
    lm_obj = from_dict(json.loads(vector["json"]))
    ours = check(lm_obj, **vector.get("to_dict_kwargs", {}))
    # and it is the object lmcodec decodes from the same JSON
    assert ours == lc.decode(vector["json"].encode(), KIND_TYPES[vector["kind"]])


@needs_corpus
def test_every_kind_is_covered() -> None:
    kinds = {v["kind"] for v in VECTORS["positive"]}
    assert len(kinds) == 35 and kinds <= set(KIND_TYPES)


# ---------------------------------------------------------------------------
# Random lm15 objects, built through lm15's constructors

_STRATEGIES = st.one_of(
    DIFF.any_parts(0),
    DIFF.messages(None, 0),
    DIFF.deltas(None, 0),
    DIFF.stream_events(0),
    DIFF.tools(0),
    DIFF.configs(0),
    DIFF.usages(0),
    DIFF.token_logprobs(0),
    DIFF.error_details(0),
    DIFF.adaptations(0),
    DIFF.requests(0),
    DIFF.responses(0),
    DIFF.endpoint_types(0),
    DIFF.more_endpoint_types(0),
    DIFF.live_types(0),
)


@SETTINGS
@given(_STRATEGIES)
def test_random_lm15_objects(node: Any) -> None:
    try:
        lm_obj = DIFF.build(node, "lm")
    except (TypeError, ValueError):
        assume(False)
        return
    ours = check(lm_obj)
    # the same arguments through lmcodec's constructors give the same object
    assert ours == DIFF.build(node, "lc")


@SETTINGS
@given(st.lists(DIFF.any_parts(0), min_size=1, max_size=3))
def test_sequences_and_unions(nodes: list[Any]) -> None:
    try:
        parts = [DIFF.build(n, "lm") for n in nodes]
    except (TypeError, ValueError):
        assume(False)
        return
    ours = from_lm15(parts)
    assert isinstance(ours, tuple) and [type(p).__name__ for p in ours] == [type(p).__name__ for p in parts]
    assert list(to_lm15(list(ours))) == parts


def test_models_and_credentials() -> None:
    info = lm.ModelInfo(
        id="gpt-5",
        provider="openai",
        api_family="responses",
        aliases=("g5",),
        origin=lm.ModelOrigin(id="x", base_model="gpt-5-base"),
        inference=lm.InferenceModelInfo(
            context_window=8, pricing=lm.InferencePricing(input_per_million=1.25)
        ),
        extensions={"k": [1, {"v": None}]},
    )
    ours = from_lm15(info)
    assert type(ours) is lc.ModelInfo and to_lm15(ours) == info
    assert lc.to_builtins(ours) == ls.model_info_to_dict(info)
    compat = dataclasses.replace(info, compat=object())
    with pytest.raises(lc.ValidationError) as excinfo:
        from_lm15(compat)
    assert excinfo.value.path == "$.compat"
    from lm15 import credentials

    key = credentials.ApiKey("sk-1")
    assert to_lm15(from_lm15(key)) == key


def test_copies_share_no_payload() -> None:
    payload = {"a": [1, {"b": 2}]}
    part = lt.ToolCallPart(id="c", name="f", input=payload)
    ours = from_lm15(part)
    assert ours.input == payload and ours.input is not payload and ours.input["a"] is not payload["a"]


def _nested(depth: int, leaf: Any) -> Any:
    value = leaf
    for _ in range(depth):
        value = [{"k": [value]}] if depth < 1000 else [value]
    return value


def _same_nesting(ours: Any, theirs: Any) -> bool:
    """Equal and sharing no container, compared without recursion (== recurses in C)."""
    pairs = [(ours, theirs)]
    while pairs:
        a, b = pairs.pop()
        if type(a) is not type(b):
            return False
        if isinstance(a, (list, tuple)):
            if a is b or len(a) != len(b):
                return False
            pairs.extend(zip(a, b, strict=True))
        elif isinstance(a, dict):
            if a is b or a.keys() != b.keys():
                return False
            pairs.extend((a[k], b[k]) for k in a)
        elif a != b:
            return False
    return True


@pytest.mark.thorough
@pytest.mark.parametrize("depth", [600, 100_000])
def test_deeply_nested_payloads_convert_both_ways(depth: int) -> None:
    """F3: an opaque payload nested deeper than the recursion limit converts (lm15 and the
    decoders take it); the copy used to recurse once per level: a bare RecursionError."""
    value = _nested(depth, "leaf")
    theirs = lt.ToolCallPart(id="c", name="f", input={"v": value})
    ours = from_lm15(theirs)
    assert _same_nesting(ours.input, theirs.input)
    back = to_lm15(ours)
    assert type(back) is lt.ToolCallPart and _same_nesting(back.input, theirs.input)
    data = to_lm15(lc.DataPart(value))
    assert type(data) is lt.DataPart and _same_nesting(data.value, value)


def test_a_deeply_nested_decoded_payload_converts() -> None:
    """F3 as found: a DataPart decoded from 600 levels converts to lm15 and back."""
    text = b'{"type":"data","value":' + b"[" * 600 + b"1" + b"]" * 600 + b"}"
    part = lc.decode(text, lc.Part)
    theirs = to_lm15(part)
    assert ls.part_to_dict(theirs)["value"] is not part.value
    assert lc.encode(from_lm15(theirs)) == text


def test_wrong_arguments() -> None:
    with pytest.raises(TypeError):
        from_lm15(lc.TextPart(text="x"))
    with pytest.raises(TypeError):
        from_lm15({"type": "text"})
    with pytest.raises(TypeError, match=r"turn\.request"):
        to_lm15(
            lc.Turn(
                request=lc.Request(model="m", messages=[lc.Message.user("x")]),
                response=lc.Response(
                    id=None,
                    model="m",
                    message=lc.Message.assistant("y"),
                    finish_reason="stop",
                    usage=lc.Usage(),
                ),
            )
        )
    with pytest.raises(TypeError):
        to_lm15(lt.TextPart(text="x"))


def test_lm15_is_imported_lazily() -> None:
    code = "import sys, lmcodec.lm15; assert 'lm15' not in sys.modules, 'lm15 imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


# ---------------------------------------------------------------------------
# from_lm15's fast way (the lm15 object's fields converted by msgspec) against its checked way
# (lmcodec's constructors, field by field): the same object, or the same error at the same path,
# for lm15 objects as lm15 builds them and for lm15 objects whose fields were changed after
# construction (lm15's frozen dataclasses take anything through object.__setattr__).


class _Word(str):
    pass


class _Count(int):
    pass


class _Real(float):
    pass


_SHARED: list[Any] = [1]
_CYCLE: list[Any] = []
_CYCLE.append(_CYCLE)
_ODD_FIELD_VALUES: tuple[Any, ...] = (
    *ODD_VALUES,
    _Word("w"),
    _Count(3),
    _Real(0.5),
    (1, "x"),
    ("text",),
    {1: "non-str key"},
    {"set": {1}},
    {"a": _SHARED, "b": _SHARED},
    [_CYCLE],
    object(),
    2**70,
    float("nan"),
    b"bytes",
    lt.TextPart(text="a part"),
    lt.Usage(input_tokens=1),
)


def _lm15_fields(obj: Any) -> list[tuple[Any, str]]:
    """(lm15 object, field name) of every init field of every lm15 object in ``obj``."""
    found: list[tuple[Any, str]] = []
    stack = [obj]
    while stack:
        item = stack.pop()
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            for field in dataclasses.fields(item):
                if field.init:
                    found.append((item, field.name))
                    stack.append(getattr(item, field.name))
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def _typed(value: Any) -> Any:
    """``value`` with the exact type of every node beside it (1 != 1.0 != True, tuple != list)."""
    if isinstance(value, msgspec.Struct):
        return (type(value), tuple((name, _typed(getattr(value, name))) for name in value.__struct_fields__))
    if isinstance(value, (list, tuple)):
        return (type(value), tuple(_typed(v) for v in value))
    if isinstance(value, dict):
        return (type(value), tuple((_typed(k), _typed(v)) for k, v in value.items()))
    if isinstance(value, float) and value != value:
        return (type(value), "nan")
    return (type(value), value)


def _outcome(call: Any) -> Any:
    try:
        return ("value", _typed(call()))
    except (lc.LmcodecError, TypeError, ValueError) as exc:
        return ("error", type(exc).__name__, str(exc), getattr(exc, "path", None))


def _checked(obj: Any) -> Any:
    """The checked way alone (what from_lm15 gave before it had a fast way)."""
    if isinstance(obj, (list, tuple)):
        return tuple(_checked(x) for x in obj)
    return lmcodec_lm15._from(obj, "$")


@SETTINGS
@given(_STRATEGIES, st.data())
def test_the_fast_way_gives_what_the_checked_way_gives(node: Any, data: st.DataObject) -> None:
    try:
        lm_obj = DIFF.build(node, "lm")
    except (TypeError, ValueError):
        assume(False)
        return
    fields = _lm15_fields(lm_obj)
    for _ in range(data.draw(st.integers(0, 2))):
        if fields:
            owner, name = data.draw(st.sampled_from(fields))
            object.__setattr__(owner, name, data.draw(st.sampled_from(_ODD_FIELD_VALUES)))
    assert _outcome(lambda: from_lm15(lm_obj)) == _outcome(lambda: _checked(lm_obj))


@needs_corpus
def test_the_fast_way_gives_what_the_checked_way_gives_on_every_vector() -> None:
    """Every positive vector as it is."""
    for vector in VECTORS["positive"]:
        from_dict, _ = _serde(vector["kind"])
        lm_obj = from_dict(json.loads(vector["json"]))
        ours = _outcome(lambda o=lm_obj: from_lm15(o))
        assert ours[0] == "value" and ours == _outcome(lambda o=lm_obj: _checked(o)), vector["id"]


# Thorough: 25,000 conversions each way (22 s of the 3.10 default run at load 9); in the default
# tier test_the_fast_way_gives_what_the_checked_way_gives draws the same rule (odd values set on
# the fields of any object, fast way against checked way).
@pytest.mark.thorough
@needs_corpus
def test_the_fast_way_gives_what_the_checked_way_gives_on_every_field_of_the_longest_vectors() -> None:
    """The longest vector of each kind with each of its fields set to each odd value in turn."""
    longest: dict[str, dict[str, Any]] = {}
    for vector in VECTORS["positive"]:
        if len(vector["json"]) > len(longest.get(vector["kind"], {"json": ""})["json"]):
            longest[vector["kind"]] = vector
    for vector in longest.values():
        from_dict, _ = _serde(vector["kind"])
        lm_obj = from_dict(json.loads(vector["json"]))
        for owner, name in _lm15_fields(lm_obj):
            kept = getattr(owner, name)
            for odd in _ODD_FIELD_VALUES:
                object.__setattr__(owner, name, odd)
                fast = _outcome(lambda o=lm_obj: from_lm15(o))
                assert fast == _outcome(lambda o=lm_obj: _checked(o)), (vector["id"], name, odd)
            object.__setattr__(owner, name, kept)


def test_to_lm15_renders_no_path_for_a_value_it_converts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The location of a converted value is a linked pair, rendered only for an error (red team 6
    F06: before, a path string for every object converted, one per message here), and an error
    still names it."""
    rendered: list[str] = []
    real = lmcodec_lm15._path_text

    def counting(where: Any) -> str:
        rendered.append(real(where))
        return rendered[-1]

    monkeypatch.setattr(lmcodec_lm15, "_path_text", counting)
    messages = [lc.Message.user(f"q{i}") for i in range(50)]
    request = lc.Request("m", messages, config=lc.Config(extensions={"rows": [{"a": 1}, [2, 3]]}))
    assert ls.request_to_dict(to_lm15(request)) == lc.to_builtins(request)
    assert rendered == []
    kept = lc.decode(
        b'{"role":"user","parts":[{"type":"text","text":"a"},{"type":"mystery"}]}', lc.Message, unknown="keep"
    )
    with pytest.raises(lc.ValidationError) as raised:
        to_lm15(kept)
    assert raised.value.path == "$.parts[1]"
