"""The 195 vectors of corpus/llm-0.36/vectors.json, produced by llm 0.36's own code.

Per kind:
- attachment_dict / part / message / response: decode the JSON llm wrote,
  re-encode, get the same JSON value with the same key order (and the same
  bytes as compact ``json.dumps`` where no non-RFC JSON is involved);
- response_roundtrip / normalize_response: ``Response.from_dict(input).to_dict()``
  == ``encode(reloaded(apply_model(decode(input))))`` (and without apply_model
  wherever the model is not involved);
- normalize_part / normalize_message: llm's normalized output;
- reject_*: lmcodec.errors.ValidationError (format rules at decode time, model
  rules from apply_model), never another exception.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec.llm as L
from lmcodec.errors import ValidationError

from .llm_support import canonical_json, corpus_missing, llm, load_vectors, needs_llm, same_json, vectors_of

# Vectors whose expected outcome depends on the model named in the payload.
MODEL_LEVEL = {
    "normalize/response/options_coerced",
    "reject/response/unknown_model",
    "reject/response/unknown_option",
    "reject/response/bad_option_type",
    "reject/response/conversation_not_supported",
}
TARGETS = {"part": L.Part, "message": L.Message, "response": L.Response}


def _json_bytes(vector: dict[str, Any], value: Any) -> bytes:
    text = vector.get("json")
    return (text if text is not None else json.dumps(value)).encode("utf-8")


def _compact(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _has_float(value: Any) -> bool:
    """Float spelling (``1e+308`` vs ``1e308``) is the one allowed byte difference."""
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    return False


def _check_written(vector: dict[str, Any], target: Any) -> None:
    value = vector["value"]
    obj = L.decode(_json_bytes(vector, value), target)
    out = L.encode(obj)
    assert same_json(out, value), (out, value)
    if not vector.get("flags") and not _has_float(value):
        assert out == _compact(value)
    # builtins path: from_dict-style input, to_dict-style output
    again = L.from_builtins(value, target)
    assert again == obj or canonical_json(L.to_builtins(again)) == canonical_json(value)
    assert canonical_json(L.to_builtins(obj)) == canonical_json(value)
    # and the encoding is a fixed point of decoding
    assert L.encode(L.decode(out, target)) == out


@pytest.mark.parametrize("vector", vectors_of("attachment_dict"))
def test_attachment_dict(vector: dict[str, Any]) -> None:
    _check_written(vector, L.Attachment)


@pytest.mark.parametrize("vector", vectors_of("part"))
def test_part(vector: dict[str, Any]) -> None:
    _check_written(vector, L.Part)
    kind_cls = type(L.from_builtins(vector["value"], L.Part))
    assert type(L.decode(_json_bytes(vector, vector["value"]), kind_cls)) is kind_cls


@pytest.mark.parametrize("vector", vectors_of("message"))
def test_message(vector: dict[str, Any]) -> None:
    _check_written(vector, L.Message)


@pytest.mark.parametrize("vector", vectors_of("response"))
def test_response(vector: dict[str, Any]) -> None:
    _check_written(vector, L.Response)


def _roundtrip_expected(vector: dict[str, Any]) -> tuple[Any, Any]:
    return vector["value"]["input"], vector["value"]["output"]


@pytest.mark.parametrize("vector", vectors_of("response_roundtrip"))
def test_response_roundtrip(vector: dict[str, Any]) -> None:
    given, expected = _roundtrip_expected(vector)
    got = L.reloaded(L.decode(json.dumps(given).encode()))
    assert same_json(L.encode(got), expected)


@needs_llm
@pytest.mark.parametrize("vector", vectors_of("response_roundtrip"))
def test_response_roundtrip_with_model(vector: dict[str, Any]) -> None:
    given, expected = _roundtrip_expected(vector)
    got = L.reloaded(L.apply_model(L.decode(json.dumps(given).encode())))
    assert same_json(L.encode(got), expected)


@pytest.mark.parametrize("vector", vectors_of("normalize_part"))
def test_normalize_part(vector: dict[str, Any]) -> None:
    given, expected = _roundtrip_expected(vector)
    assert same_json(L.encode(L.decode(json.dumps(given).encode(), L.Part)), expected)
    assert same_json(L.encode(L.from_builtins(given, L.Part)), expected)


@pytest.mark.parametrize("vector", vectors_of("normalize_message"))
def test_normalize_message(vector: dict[str, Any]) -> None:
    given, expected = _roundtrip_expected(vector)
    assert same_json(L.encode(L.decode(json.dumps(given).encode(), L.Message)), expected)
    assert same_json(L.encode(L.from_builtins(given, L.Message)), expected)


@pytest.mark.parametrize("vector", vectors_of("normalize_response"))
def test_normalize_response(vector: dict[str, Any]) -> None:
    given, expected = _roundtrip_expected(vector)
    if vector["id"] in MODEL_LEVEL:
        if llm is None:
            pytest.skip("model-level normalization needs llm")
        got = L.apply_model(L.decode(json.dumps(given).encode()))
    else:
        got = L.decode(json.dumps(given).encode())
        # decoding alone applies every llm read rule that to_dict output survives
        if "datetime_utc" not in given:
            assert same_json(L.encode(got), expected)
    assert same_json(L.encode(L.reloaded(got)), expected)


def _reject(vector: dict[str, Any]) -> None:
    given = vector["value"]["input"]
    target = TARGETS[vector["kind"].removeprefix("reject_")]
    data = json.dumps(given).encode()
    if vector["id"] in MODEL_LEVEL:
        if llm is None:
            pytest.skip("model-level rejection needs llm")
        decoded = L.decode(data, target)  # a well-formed record...
        with pytest.raises(ValidationError) as info:
            L.apply_model(decoded)  # ...that its model (resolved by llm) refuses
    else:
        with pytest.raises(ValidationError) as info:
            L.decode(data, target)
        with pytest.raises(ValidationError):
            L.from_builtins(given, target)
    assert isinstance(info.value, ValueError)
    assert info.value.path.startswith("$")


@pytest.mark.parametrize("vector", vectors_of("reject_part"))
def test_reject_part(vector: dict[str, Any]) -> None:
    _reject(vector)


@pytest.mark.parametrize("vector", vectors_of("reject_message"))
def test_reject_message(vector: dict[str, Any]) -> None:
    _reject(vector)


@pytest.mark.parametrize("vector", vectors_of("reject_response"))
def test_reject_response(vector: dict[str, Any]) -> None:
    _reject(vector)


REJECT_PATHS = {
    "reject/part/missing_type": "$",
    "reject/part/unknown_type": "$.type",
    "reject/part/bad_base64": "$.attachment.content",
    "reject/part/attachment_not_dict": "$.attachment",
    "reject/part/tool_result_attachments_not_list": "$.attachments[0]",
    "reject/message/bad_part": "$.parts[0].type",
    "reject/message/parts_not_list": "$.parts",
    "reject/response/missing_model": "$",
    "reject/response/bad_message": "$.messages[0]",
    "reject/response/bad_prompt_message": "$.prompt.messages[0].parts[0]",
    "reject/response/unknown_model": "$.model",
    "reject/response/unknown_option": "$.prompt.options.frobnicate",
    "reject/response/bad_option_type": "$.prompt.options.max_tokens",
    "reject/response/conversation_not_supported": "$.prompt.messages[1].role",
}


@pytest.mark.parametrize("vector_id", sorted(REJECT_PATHS))
def test_reject_paths(vector_id: str) -> None:
    vector = next((v for v in load_vectors() if v["id"] == vector_id), None)
    if vector is None:
        pytest.skip(corpus_missing())
    given = vector["value"]["input"]
    target = TARGETS[vector["kind"].removeprefix("reject_")]
    with pytest.raises(ValidationError) as info:
        if vector_id in MODEL_LEVEL:
            if llm is None:
                pytest.skip("needs llm")
            L.apply_model(L.decode(json.dumps(given).encode(), target))
        else:
            L.decode(json.dumps(given).encode(), target)
    assert info.value.path == REJECT_PATHS[vector_id]


EXPECTED_KINDS = {
    "attachment_dict": 17,
    "message": 15,
    "normalize_message": 3,
    "normalize_part": 19,
    "normalize_response": 12,
    "part": 63,
    "reject_message": 3,
    "reject_part": 12,
    "reject_response": 7,
    "response": 23,
    "response_roundtrip": 21,
}


def test_corpus_is_covered() -> None:
    """Every vector kind of the corpus has a test above (195 vectors in all)."""
    vectors = load_vectors()
    if not vectors:
        pytest.skip(corpus_missing())
    counts: dict[str, int] = {}
    for v in vectors:
        counts[v["kind"]] = counts.get(v["kind"], 0) + 1
    assert counts == EXPECTED_KINDS
    assert sum(counts.values()) == 195


@needs_llm
@pytest.mark.parametrize("kind", ["part", "message", "attachment_dict"])
def test_vectors_agree_with_live_llm(kind: str) -> None:
    """Our re-encoding equals what llm itself writes after reading the vector."""
    from llm.parts import Message, Part, _attachment_from_dict, _attachment_to_dict

    readers = {
        "part": (Part.from_dict, lambda x: x.to_dict(), L.Part),
        "message": (Message.from_dict, lambda x: x.to_dict(), L.Message),
        "attachment_dict": (_attachment_from_dict, _attachment_to_dict, L.Attachment),
    }
    read, write, target = readers[kind]
    params = vectors_of(kind)
    if params[0].values[0] is None:
        pytest.skip(corpus_missing())
    for p in params:
        value = p.values[0]["value"]
        expected = write(read(value))
        # dicts in, dicts out (NaN stays a float NaN, as in llm's own dicts)
        assert canonical_json(L.to_builtins(L.from_builtins(value, target))) == canonical_json(expected)
        # JSON text in, JSON text out (NaN written back as NaN, as json.dumps writes it)
        assert same_json(L.encode(L.decode(json.dumps(value).encode(), target)), expected), p.id
