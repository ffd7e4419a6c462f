"""lmcodec.llm.typeddicts: same shapes as llm.serialization; pydantic TypeAdapter; no llm import."""

from __future__ import annotations

import json
import subprocess
import sys
import typing
from typing import Any

import pytest
import typing_extensions

from lmcodec.llm import typeddicts as TD

from .llm_support import corpus_missing, load_vectors, needs_llm

NAMES = [
    "AttachmentDict",
    "AttachmentPartDict",
    "MessageDict",
    "PartDict",
    "PromptDict",
    "ReasoningPartDict",
    "ResponseDict",
    "TextPartDict",
    "ToolCallPartDict",
    "ToolResultPartDict",
    "UsageDict",
]
WIRE_ORDER = {
    "AttachmentDict": ["type", "url", "path", "content"],
    "TextPartDict": ["type", "text", "provider_metadata"],
    "ReasoningPartDict": ["type", "text", "redacted", "provider_metadata"],
    "ToolCallPartDict": [
        "type", "name", "arguments", "tool_call_id", "server_executed", "provider_metadata",
    ],
    "ToolResultPartDict": [
        "type", "name", "output", "tool_call_id", "server_executed", "exception", "attachments",
        "provider_metadata",
    ],
    "AttachmentPartDict": ["type", "attachment", "provider_metadata"],
    "MessageDict": ["role", "parts", "provider_metadata"],
    "PromptDict": ["messages", "options", "system"],
    "UsageDict": ["input", "output", "details"],
    "ResponseDict": ["model", "prompt", "messages", "id", "usage", "datetime_utc"],
}  # fmt: skip


def test_names() -> None:
    assert TD.__all__ == NAMES


@pytest.mark.parametrize("name", sorted(WIRE_ORDER))
def test_key_order_is_wire_order(name: str) -> None:
    assert list(typing.get_type_hints(getattr(TD, name))) == WIRE_ORDER[name]


@needs_llm
@pytest.mark.parametrize("name", NAMES)
def test_same_shapes_as_llm(name: str) -> None:
    import llm.serialization as S

    assert S.__all__ == NAMES
    ours, theirs = getattr(TD, name), getattr(S, name)
    if name == "PartDict":
        assert [t.__name__ for t in typing.get_args(ours)] == [t.__name__ for t in typing.get_args(theirs)]
        return
    assert ours.__required_keys__ == theirs.__required_keys__
    assert ours.__optional_keys__ == theirs.__optional_keys__
    assert list(ours.__annotations__) == list(theirs.__annotations__)
    # typing_extensions' get_type_hints strips NotRequired on every Python; typing's does only
    # from 3.11, and llm declares NotRequired keys (from typing_extensions on 3.10).
    ours_hints, their_hints = typing_extensions.get_type_hints(ours), typing_extensions.get_type_hints(theirs)
    assert list(ours_hints) == list(their_hints)
    for key, hint in their_hints.items():
        assert repr(ours_hints[key]).replace("lmcodec.llm.typeddicts.", "") == (
            repr(hint).replace("llm.serialization.", "")
        ), key


def test_importable_without_llm() -> None:
    code = (
        "import sys; sys.modules['llm'] = None; sys.modules['pydantic'] = None\n"
        "import lmcodec.llm as L\n"
        "from lmcodec.llm import ResponseDict, MessageDict, PartDict\n"
        "assert 'llm' not in {m for m in sys.modules if sys.modules[m] is not None}\n"
        'r = L.decode(b\'{"model": "m"}\')\n'
        'assert L.encode(r) == b\'{"model":"m","prompt":{"messages":[]},"messages":[]}\'\n'
        "try:\n"
        "    L.apply_model(r)\n"
        "except ImportError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('apply_model needs llm')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


TYPEDDICT_VECTORS = {"part": "PartDict", "message": "MessageDict", "response": "ResponseDict"}


def _conforming(kind: str) -> list[Any]:
    out = []
    for v in load_vectors():
        if v["kind"] == kind and not {"violates_typeddict", "non_json_float", "lone_surrogate"} & set(
            v.get("flags", ())
        ):
            out.append(v["value"])
    return out


@pytest.mark.parametrize("kind", [*TYPEDDICT_VECTORS, "attachment_dict"])
def test_pydantic_type_adapter_validates_the_corpus(kind: str) -> None:
    pydantic = pytest.importorskip("pydantic")
    values = _conforming(kind)
    if not values:
        pytest.skip(corpus_missing())
    adapter = pydantic.TypeAdapter(getattr(TD, TYPEDDICT_VECTORS.get(kind, "AttachmentDict")))
    for value in values:
        assert adapter.validate_python(value) == value
        assert adapter.validate_json(json.dumps(value)) == value


def test_pydantic_rejects_and_exports_schema() -> None:
    pydantic = pytest.importorskip("pydantic")
    adapter = pydantic.TypeAdapter(TD.ResponseDict)
    with pytest.raises(pydantic.ValidationError):
        adapter.validate_python({"prompt": {"messages": []}, "messages": []})  # no model
    with pytest.raises(pydantic.ValidationError):
        pydantic.TypeAdapter(TD.PartDict).validate_python({"type": "image"})
    schema = adapter.json_schema()
    assert schema["required"] == ["model", "prompt", "messages"]
    assert list(schema["properties"]) == WIRE_ORDER["ResponseDict"]
    part_schema = pydantic.TypeAdapter(TD.PartDict).json_schema()
    assert len(part_schema["anyOf"]) == 5
    assert set(part_schema["$defs"]) >= {"TextPartDict", "ToolResultPartDict", "AttachmentDict"}
    json.dumps(schema)


def test_dict_form_matches_struct_encoding() -> None:
    """A TypedDict-annotated value is exactly what the Structs encode to."""
    import lmcodec.llm as L

    value: TD.ResponseDict = {
        "model": "m",
        "prompt": {"messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]},
        "messages": [],
        "usage": {"output": 1},
    }
    assert L.to_builtins(L.from_builtins(value)) == value
