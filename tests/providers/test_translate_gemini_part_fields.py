"""Documented Gemini part fields no canonical part carries, through ``lc.translate_request`` (red
team 26 F05).

A part's ``mediaResolution``, a function response's ``willContinue`` / ``scheduling`` and a Blob's
or FileData's ``displayName`` (google-genai sends each; it copies a function response and a Blob
as they stand, so ``will_continue`` and ``display_name`` come snake_case) were refused in every
pair, Gemini -> Gemini included ("Object contains unknown field"). Now Gemini gets each back on
the part the client wrote it on, with no note; another dialect gets the body as it would without
them, each ``dropped`` at its path. ``decode_request`` still refuses them (its exact round trip)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.budget import examples

from .gateway_support import gemini_body

OTHERS = ("anthropic", "openai", "openai_chat")
PNG = "iVBORw0KGgo="
CONTENTS: list[dict[str, Any]] = [
    {
        "role": "user",
        "parts": [
            {"text": "look at these"},
            {"inlineData": {"mimeType": "image/png", "data": PNG}},
            {"fileData": {"mimeType": "image/png", "fileUri": "https://example.com/pic.png"}},
        ],
    },
    {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "P"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"result": "x"}}}]},
]
SLOTS: list[tuple[int, int, str | None, str, Any]] = [
    # (content, part, the data object the key goes in or None for the part, the key, its value)
    (0, 1, None, "mediaResolution", {"level": "MEDIA_RESOLUTION_HIGH"}),
    (0, 1, None, "media_resolution", {"level": "MEDIA_RESOLUTION_LOW"}),
    (0, 2, None, "mediaResolution", {"level": "MEDIA_RESOLUTION_MEDIUM"}),
    (0, 1, "inlineData", "displayName", "pic.png"),
    (0, 1, "inlineData", "display_name", "pic.png"),
    (0, 2, "fileData", "displayName", "remote.png"),
    (2, 0, "functionResponse", "willContinue", True),
    (2, 0, "functionResponse", "will_continue", False),
    (2, 0, "functionResponse", "scheduling", "WHEN_IDLE"),
]


def _translated(destination: str, contents: list[dict[str, Any]]) -> lc.ProviderRequest:
    body = json.dumps({"contents": contents}).encode()
    return lc.translate_request("gemini", destination, body, model=None if destination == "gemini" else "m")


def _with(slots: list[tuple[int, int, str | None, str, Any]]) -> list[dict[str, Any]]:
    contents = copy.deepcopy(CONTENTS)
    for i, j, inside, key, value in slots:
        part = contents[i]["parts"][j]
        (part if inside is None else part[inside])[key] = value
    return contents


def _path(i: int, j: int, inside: str | None, key: str) -> str:
    return f"$.contents[{i}].parts[{j}]" + ("" if inside is None else f".{inside}") + f".{key}"


def _one_spelling(drawn: list[int]) -> list[tuple[int, int, str | None, str, Any]]:
    """The drawn slots, one spelling of a key per place (a body spells a key once)."""
    chosen: dict[tuple[int, int, str | None, str], tuple[int, int, str | None, str, Any]] = {}
    for at in drawn:
        i, j, inside, key, value = SLOTS[at]
        plain = key.replace("_", "").lower()
        chosen.setdefault((i, j, inside, plain), (i, j, inside, key, value))
    return list(chosen.values())


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.integers(0, len(SLOTS) - 1), min_size=1, max_size=len(SLOTS)))
def test_gemini_gets_each_field_back_where_the_client_wrote_it(drawn: list[int]) -> None:
    slots = _one_spelling(drawn)
    built = _translated("gemini", _with(slots))
    expected = json.loads(_translated("gemini", CONTENTS).body)
    for i, j, inside, key, value in slots:
        part = expected["contents"][i]["parts"][j]
        (part if inside is None else part[inside])[key] = value
    assert json.loads(built.body) == expected
    assert built.adaptations == _translated("gemini", CONTENTS).adaptations


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(st.integers(0, len(SLOTS) - 1), min_size=1, max_size=len(SLOTS)),
    st.sampled_from(OTHERS),
)
def test_another_dialect_gets_the_body_without_them_each_dropped_at_its_path(
    drawn: list[int], destination: str
) -> None:
    slots = _one_spelling(drawn)
    built = _translated(destination, _with(slots))
    plain = _translated(destination, CONTENTS)
    assert built.body == plain.body
    dropped = [a for a in built.adaptations if a not in plain.adaptations]
    assert sorted(a.field for a in dropped) == sorted(
        _path(i, j, inside, key) for i, j, inside, key, _ in slots
    )
    assert {a.action for a in dropped} == {"dropped"}
    assert {json.dumps(a.asked) for a in dropped} == {json.dumps(slot[4]) for slot in slots}


def test_decode_request_still_refuses_them() -> None:
    body = json.dumps({"contents": _with([SLOTS[0]])}).encode()
    with pytest.raises(lc.ValidationError, match="mediaResolution"):
        lc.decode_request("gemini", body)


def test_google_genai_bodies_go_back_to_gemini_as_sent() -> None:
    types = pytest.importorskip("google.genai.types")
    image = types.Part(
        inline_data=types.Blob(mime_type="image/png", data=b"\x89PNG", display_name="pic.png"),
        media_resolution=types.PartMediaResolution(level="MEDIA_RESOLUTION_HIGH"),
    )
    response = types.Part(
        function_response=types.FunctionResponse(
            id="call_1", name="get_weather", response={"result": "x"}, will_continue=True, scheduling="SILENT"
        )
    )
    call = types.Part(function_call=types.FunctionCall(id="call_1", name="get_weather", args={"city": "P"}))
    body = gemini_body(
        [
            types.Content(role="user", parts=[types.Part(text="look"), image]),
            types.Content(role="model", parts=[call]),
            types.Content(role="user", parts=[response]),
        ]
    )
    sent = json.loads(body)["contents"]
    built = lc.translate_request("gemini", "gemini", body)
    contents = json.loads(built.body)["contents"]
    assert contents[0]["parts"][1]["mediaResolution"] == sent[0]["parts"][1]["mediaResolution"]
    assert contents[0]["parts"][1]["inlineData"]["display_name"] == "pic.png"
    kept = {
        key: contents[2]["parts"][0]["functionResponse"].get(key) for key in ("will_continue", "scheduling")
    }
    assert kept == {"will_continue": True, "scheduling": "SILENT"}
    assert built.adaptations == ()


# Red team 26 F05's "left": the same keys on a function response's own parts (FunctionResponsePart:
# its mediaResolution, its Blob's or FileData's displayName) and on the system instruction's parts.
NESTED_BODY: dict[str, Any] = {
    "systemInstruction": {"parts": [{"text": "be brief"}, {"text": "and kind"}]},
    "contents": [
        {"role": "user", "parts": [{"text": "draw two"}]},
        {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "draw", "args": {}}}]},
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "id": "c1",
                        "name": "draw",
                        "response": {"result": "two pictures"},
                        "parts": [
                            {"inlineData": {"mimeType": "image/png", "data": PNG}},
                            {"fileData": {"mimeType": "image/png", "fileUri": "https://example.com/b.png"}},
                        ],
                    }
                }
            ],
        },
    ],
}
MEDIA_RESULTS = ("anthropic", "openai")
"""The other dialects that carry a tool result's images (Chat's tool rows take text only)."""
_OWN = ("contents", 2, "parts", 0, "functionResponse", "parts")
NESTED_SLOTS: list[tuple[tuple[str | int, ...], str, Any]] = [
    # (the path of the object the key goes in, the key, its value)
    ((*_OWN, 0), "mediaResolution", {"level": "MEDIA_RESOLUTION_HIGH"}),
    ((*_OWN, 1), "media_resolution", {"level": "MEDIA_RESOLUTION_LOW"}),
    ((*_OWN, 0, "inlineData"), "displayName", "a.png"),
    ((*_OWN, 1, "fileData"), "display_name", "b.png"),
    (("systemInstruction", "parts", 0), "mediaResolution", {"level": "MEDIA_RESOLUTION_LOW"}),
    (("systemInstruction", "parts", 1), "media_resolution", {"level": "MEDIA_RESOLUTION_HIGH"}),
]


def _holder(body: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        body = body[step]
    return body


def _nested_with(slots: list[tuple[tuple[str | int, ...], str, Any]]) -> dict[str, Any]:
    body = copy.deepcopy(NESTED_BODY)
    for path, key, value in slots:
        _holder(body, path)[key] = value
    return body


def _json_path(path: tuple[str | int, ...], key: str) -> str:
    return "$" + "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path) + f".{key}"


def _nested_translated(destination: str, body: dict[str, Any]) -> lc.ProviderRequest:
    data = json.dumps(body).encode()
    return lc.translate_request("gemini", destination, data, model=None if destination == "gemini" else "m")


@settings(max_examples=examples(120), deadline=None)
@given(st.sets(st.integers(0, len(NESTED_SLOTS) - 1), min_size=1))
def test_gemini_gets_a_function_response_part_s_and_a_system_part_s_fields_back(drawn: set[int]) -> None:
    slots = [NESTED_SLOTS[at] for at in sorted(drawn)]
    built = _nested_translated("gemini", _nested_with(slots))
    plain = _nested_translated("gemini", NESTED_BODY)
    expected = json.loads(plain.body)
    for path, key, value in slots:
        _holder(expected, path)[key] = value
    assert json.loads(built.body) == expected
    assert built.adaptations == plain.adaptations


@settings(max_examples=examples(120), deadline=None)
@given(st.sets(st.integers(0, len(NESTED_SLOTS) - 1), min_size=1), st.sampled_from(MEDIA_RESULTS))
def test_another_dialect_gets_them_dropped_at_their_paths(drawn: set[int], destination: str) -> None:
    slots = [NESTED_SLOTS[at] for at in sorted(drawn)]
    built = _nested_translated(destination, _nested_with(slots))
    plain = _nested_translated(destination, NESTED_BODY)
    assert built.body == plain.body
    dropped = [a for a in built.adaptations if a not in plain.adaptations]
    assert sorted(a.field for a in dropped) == sorted(_json_path(path, key) for path, key, _ in slots)
    assert {a.action for a in dropped} == {"dropped"}


def test_google_genai_function_response_parts_go_back_as_sent() -> None:
    types = pytest.importorskip("google.genai.types")
    if "media_resolution" not in types.FunctionResponsePart.model_fields:
        pytest.skip("this google-genai has no FunctionResponsePart.media_resolution (3.6.1 has it)")
    own = types.FunctionResponsePart(
        inline_data=types.FunctionResponseBlob(mime_type="image/png", data=b"\x89PNG", display_name="a.png"),
        media_resolution=types.PartMediaResolution(level="MEDIA_RESOLUTION_HIGH"),
    )
    response = types.Part(
        function_response=types.FunctionResponse(
            id="c1", name="draw", response={"result": "one picture"}, parts=[own]
        )
    )
    call = types.Part(function_call=types.FunctionCall(id="c1", name="draw", args={}))
    body = gemini_body(
        [
            types.Content(role="user", parts=[types.Part(text="draw")]),
            types.Content(role="model", parts=[call]),
            types.Content(role="user", parts=[response]),
        ]
    )
    sent = json.loads(body)["contents"][2]["parts"][0]["functionResponse"]["parts"][0]
    built = lc.translate_request("gemini", "gemini", body)
    back = json.loads(built.body)["contents"][2]["parts"][0]["functionResponse"]["parts"][0]
    assert back["media_resolution"] == sent["media_resolution"]  # (google-genai copies it snake_case)
    assert back["inlineData"]["display_name"] == "a.png"
    assert built.adaptations == ()
