"""lc.translate_request: a client body in one dialect as another dialect's request, the source
dialect's own keys (kept in Config.extensions by decode_request) never forwarded.

Over the 12 ordered pairs of the four dialects, realistic bodies that carry each dialect's own
keys (the red-team's leak bodies among them): no extension value of the source appears verbatim
at the destination's top level, every top-level key of the destination body is one its builder
writes, every extension key is in the adaptations (but for null and [], which ask nothing), and
the ones with a canonical meaning land on their canonical field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
PAIRS = [(src, dst) for src in DIALECTS for dst in DIALECTS if src != dst]

BUILT_KEYS: dict[str, frozenset[str]] = {  # the top-level keys each of lm15's builders writes
    "openai_chat": frozenset(
        {
            "model", "messages", "max_completion_tokens", "tools", "tool_choice", "parallel_tool_calls",
            "temperature", "top_p", "stop", "seed", "frequency_penalty", "presence_penalty", "logprobs",
            "top_logprobs", "response_format", "reasoning_effort", "service_tier", "store", "user",
            "safety_identifier", "prompt_cache_key", "prompt_cache_retention", "stream", "stream_options",
        }
    ),
    "openai": frozenset(
        {
            "model", "input", "instructions", "tools", "tool_choice", "parallel_tool_calls",
            "max_output_tokens", "temperature", "top_p", "text", "reasoning", "include", "top_logprobs",
            "store", "service_tier", "safety_identifier", "prompt_cache_key", "prompt_cache_retention",
            "stream",
        }
    ),
    "anthropic": frozenset(
        {
            "model", "max_tokens", "messages", "system", "tools", "tool_choice", "thinking",
            "output_config", "metadata", "stop_sequences", "temperature", "top_p", "top_k", "stream",
            "service_tier",
        }
    ),
    "gemini": frozenset(
        {
            "contents", "systemInstruction", "tools", "toolConfig", "generationConfig", "cachedContent",
            "store", "serviceTier",
        }
    ),
}  # fmt: skip

FUNCTION = {
    "name": "get_weather",
    "description": "Weather",
    "parameters": {"type": "object", "properties": {}},
}
CHAT_TOOLS = [{"type": "function", "function": FUNCTION}]
CHAT_BASE: dict[str, Any] = {
    "model": "gpt-4o",
    "messages": [{"role": "user", "content": "hi"}],
    "tools": CHAT_TOOLS,
}
CHAT_LEAKS: list[tuple[str, Any]] = [  # redteam3/leak.py
    ("user", "u1"), ("n", 1), ("metadata", {"a": "b"}), ("logit_bias", {"1": 2}),
    ("parallel_tool_calls", False),
    ("store", True), ("service_tier", "auto"), ("safety_identifier", "s"), ("seed", 1),
    ("frequency_penalty", 0.1), ("prediction", {"type": "content", "content": "x"}), ("verbosity", "low"),
    ("response_format", {"type": "text"}), ("logprobs", False),
]  # fmt: skip
ANTHROPIC_TOOL = {
    "name": "get_weather",
    "description": "d",
    "input_schema": {"type": "object", "properties": {}},
}
ANTHROPIC_BASE: dict[str, Any] = {
    "model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [{"role": "user", "content": "hi"}]
}  # fmt: skip

BODIES: dict[str, dict[str, dict[str, Any]]] = {
    "openai_chat": {
        **{f"chat_{key}": {**CHAT_BASE, key: value} for key, value in CHAT_LEAKS},
        "chat_all": {**CHAT_BASE, **dict(CHAT_LEAKS), "user": None},
    },
    "anthropic": {  # redteam3/repro_all.py R1 and ext_override.py
        "anthropic_system_tools_cache": {
            **ANTHROPIC_BASE,
            "system": [
                {"type": "text", "text": "You are an agent.", "cache_control": {"type": "ephemeral"}},
                {"type": "text", "text": "Be terse."},
            ],
            "tools": [{**ANTHROPIC_TOOL, "cache_control": {"type": "ephemeral"}}],
        },
        "anthropic_thinking_adaptive": {
            **ANTHROPIC_BASE,
            "model": "claude-opus-4-6",
            "thinking": {"type": "adaptive"},
        },
        "anthropic_tool_choice_dp": {
            **ANTHROPIC_BASE,
            "tools": [ANTHROPIC_TOOL],
            "tool_choice": {"type": "auto", "disable_parallel_tool_use": False},
        },
        "anthropic_metadata_container": {
            **ANTHROPIC_BASE,
            "metadata": {"user_id": "u1"},
            "container": "c1",
            "context_management": {"edits": []},
        },
    },
    "openai": {
        "responses_text_reasoning": {
            "model": "gpt-5",
            "input": "hi",
            "text": {"verbosity": "low"},
            "reasoning": {"summary": "detailed"},
            "tools": [{"type": "function", **FUNCTION}],
            "parallel_tool_calls": False,
            "user": "u1",
            "metadata": {"a": "b"},
            "truncation": "auto",
            "max_tool_calls": 5,  # (previous_response_id is refused to another dialect: F11)
        },
        "responses_text_format_text": {
            "model": "gpt-4o",
            "input": "hi",
            "text": {"format": {"type": "text"}},
        },
    },
    "gemini": {
        "gemini_settings": {
            "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
            "systemInstruction": {"parts": [{"text": "You are an agent."}, {"text": "Be terse."}]},
            "safetySettings": [{"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_NONE"}],
            "generationConfig": {"candidateCount": 1, "temperature": 0.5},
            "labels": {"team": "a"},
        },
        "gemini_modalities": {
            "contents": [{"role": "user", "parts": [{"text": "draw"}]}],
            "generationConfig": {"responseModalities": ["IMAGE"]},
        },
    },
}
MODELS = {
    "openai": "gpt-4o",
    "openai_chat": "gpt-4o",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
CASES = [(src, dst, name) for src, dst in PAIRS for name in BODIES[src]]


def _extensions(src: str, body: bytes) -> dict[str, Any]:
    request = lc.decode_request(src, body, model=MODELS[src] if src == "gemini" else None)
    return dict(request.config.extensions or {}) if request.config else {}


SHARED = {
    ("openai_chat", "openai"): frozenset(
        {"metadata", "moderation", "prompt_cache_retention", "prompt_cache_options"}
    ),
    ("openai", "openai_chat"): frozenset(
        {"metadata", "moderation", "prompt_cache_retention", "prompt_cache_options", "verbosity"}
    ),
}
"""Keys both OpenAI dialects take with the same meaning (the openai SDK's request types; Responses'
``text.verbosity`` is Chat's ``verbosity``: test_translate_openai_shared_keys.py)."""


@pytest.mark.parametrize(("src", "dst", "name"), CASES, ids=[f"{s}->{d}-{n}" for s, d, n in CASES])
def test_no_source_key_reaches_another_dialect(src: str, dst: str, name: str) -> None:
    body = json.dumps(BODIES[src][name]).encode()
    extensions = _extensions(src, body)
    built = lc.translate_request(src, dst, body, model=MODELS[src] if src == "gemini" else None)
    out = json.loads(built.body)
    shared = SHARED.get((src, dst), frozenset())
    assert set(out) <= BUILT_KEYS[dst] | shared, sorted(set(out) - BUILT_KEYS[dst])
    for key in shared & set(extensions):  # the same field with the same meaning: sent on, unnoted
        assert out[key] == extensions.pop(key)
    noted = {a.field: a for a in built.adaptations if a.field.startswith("extensions.")}
    if src == "anthropic" and "extensions.tools" not in noted and "tools" in extensions:
        # noted only for what no other pass carries or notes (red team 26 F01): here its cache marks
        marks = [
            f"$.tools[{i}].cache_control"
            for i, tool in enumerate(extensions.pop("tools"))
            if tool.keys() - {"name", "description", "input_schema", "strict"}
        ]
        assert marks and set(marks) <= {a.field for a in built.adaptations}
    assert set(noted) == {f"extensions.{key}" for key in extensions}
    for key, value in extensions.items():
        asked = noted[f"extensions.{key}"].asked
        assert noted[f"extensions.{key}"].reason
        if src == "gemini" and key in ("systemInstruction", "generationConfig"):  # the rest of it only
            assert asked.items() <= value.items(), (key, asked)
        elif src == "anthropic" and key == "system":  # sent as the system prompt: its blocks noted (F03)
            assert (noted["extensions.system"].action, asked) == ("substituted", len(value))
        else:
            assert asked == value
        if noted[f"extensions.{key}"].action == "dropped":
            assert key not in out or out[key] != value, key


def test_the_bodies_carry_their_dialects_own_keys() -> None:
    """Each dialect's bodies put keys in Config.extensions (else the table above tests nothing)."""
    for src, bodies in BODIES.items():
        kept = {key for raw in bodies.values() for key in _extensions(src, json.dumps(raw).encode())}
        assert len(kept) >= 2, (src, kept)


def test_the_naive_path_leaks() -> None:
    """Why translate_request exists: build_request forwards the source's extensions verbatim."""
    body = json.dumps(BODIES["anthropic"]["anthropic_system_tools_cache"]).encode()
    naive = json.loads(lc.build_request("openai_chat", lc.decode_request("anthropic", body)).body)
    assert "system" in naive and "input_schema" in naive["tools"][0]
    out = json.loads(lc.translate_request("anthropic", "openai_chat", body).body)
    assert "system" not in out and out["tools"][0]["type"] == "function"
    assert out["messages"][0] == {"role": "system", "content": "You are an agent.\nBe terse."}


@pytest.mark.parametrize("dst", ["anthropic", "openai"])
def test_canonical_meanings_move_onto_canonical_fields(dst: str) -> None:
    body = json.dumps({**CHAT_BASE, "parallel_tool_calls": False, "safety_identifier": "s1"}).encode()
    built = lc.translate_request("openai_chat", dst, body)
    out = json.loads(built.body)
    if dst == "anthropic":
        assert out["tool_choice"] == {"type": "auto", "disable_parallel_tool_use": True}
        assert out["metadata"] == {"user_id": "s1"}
    else:
        assert out["parallel_tool_calls"] is False
        assert out["safety_identifier"] == "s1"
    actions = {a.field: a.action for a in built.adaptations}
    assert actions["extensions.parallel_tool_calls"] == "substituted"
    assert actions["extensions.safety_identifier"] == "substituted"


@pytest.mark.parametrize("dialect", DIALECTS)
def test_same_dialect_is_decode_then_build(dialect: str) -> None:
    for name, raw in BODIES[dialect].items():
        body = json.dumps(raw).encode()
        model = MODELS[dialect] if dialect == "gemini" else None
        want = lc.build_request(dialect, lc.decode_request(dialect, body, model=model))
        assert lc.translate_request(dialect, dialect, body, model=model) == want, name


FIXTURES = Path(__file__).parent.parent / "fixtures" / "requests"
FIXTURE_CASES = [
    (src, dst, path.name) for src, dst in PAIRS for path in sorted((FIXTURES / src).glob("*.json"))
]


def _decoded(src: str, body: bytes) -> lc.Request:
    return lc.decode_request(src, body, model=MODELS[src] if src == "gemini" else None)


def _parts(request: lc.Request) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for i, message in enumerate(request.messages):
        for j, part in enumerate(message.parts):
            out.append((f"messages[{i}].parts[{j}]", part))
            for k, inner in enumerate(getattr(part, "content", ()) if part.type == "tool_result" else ()):
                out.append((f"messages[{i}].parts[{j}].content[{k}]", inner))
    return out


def _as_thinking_blocks(part: Any, dst: str) -> bool:
    """Whether ``part`` is Anthropic's signed or redacted thinking sent to Chat: as the row's
    ``thinking_blocks``, the one Chat field a backend fronting Claude gives back."""
    return (
        dst == "openai_chat"
        and part.type == "thinking"
        and len(part.continuation) == 1
        and part.continuation[0].provider == "anthropic"
        and bool(part.continuation[0].data.get("signature") or part.continuation[0].data.get("data"))
    )


@pytest.mark.parametrize(
    ("src", "dst", "name"), FIXTURE_CASES, ids=[f"{s}->{d}-{n}" for s, d, n in FIXTURE_CASES]
)
def test_what_the_destination_cannot_carry_is_in_the_adaptations(src: str, dst: str, name: str) -> None:
    """Another provider's continuation state (a thinking signature, encrypted reasoning, a thought
    signature) never reaches the destination's body, and each is named; so is thinking sent as
    text, an image detail the destination has no field for, and a file id crossing providers."""
    body = (FIXTURES / src / name).read_bytes()
    try:
        built = lc.translate_request(src, dst, body, model=MODELS[src] if src == "gemini" else None)
    except (lc.ProviderError, lc.ValidationError):
        return  # refused with a reason: nothing is sent
    notes = {(a.field, a.action) for a in built.adaptations}
    sent = built.body.decode()
    for path, part in _parts(_decoded(src, body)):
        if _as_thinking_blocks(part, dst):  # Anthropic's, on a Chat row (red team 5 F01)
            assert (path, "substituted") in notes, path
            blocks = [b for m in json.loads(sent)["messages"] for b in m.get("thinking_blocks", ())]
            state = part.continuation[0].data
            assert any(b.get("signature", b.get("data")) in state.values() for b in blocks)
            continue
        for state in part.continuation:
            if state.provider.replace("-", "_") == dst:
                continue
            assert (f"{path}.continuation", "dropped") in notes, (path, state.kind)
            for value in (state.data or {}).values():
                if isinstance(value, str) and len(value) > 12:
                    assert json.dumps(value) not in sent and value not in sent, (path, state.kind)
        if (
            part.type == "thinking"
            and part.text
            and not any(s.provider.replace("-", "_") == dst for s in part.continuation)
        ):
            assert (path, "dropped") in notes  # red-team gateway F12: not sent as text
        if part.type == "image" and part.detail is not None and dst in ("anthropic", "gemini"):
            assert (f"{path}.detail", "dropped") in notes
        if getattr(part, "file_id", None) is not None:
            assert (f"{path}.file_id", "substituted") in notes


def test_a_signed_and_a_redacted_thinking_block_are_named_for_every_other_dialect() -> None:
    """red-team 4 finding 01: they were dropped with no adaptation."""
    body = json.dumps(
        {
            **ANTHROPIC_BASE,
            "messages": [
                {"role": "user", "content": "hi"},
                {
                    "role": "assistant",
                    "content": [
                        {"type": "thinking", "thinking": "private chain of thought", "signature": "SIG123"},
                        {"type": "redacted_thinking", "data": "REDACTED_BLOB"},
                        {"type": "text", "text": "ok"},
                    ],
                },
                {"role": "user", "content": "more"},
            ],
        }
    ).encode()
    for dst in ("openai", "gemini"):  # to Chat: as thinking_blocks (test_translate_chat_chain_thinking)
        built = lc.translate_request("anthropic", dst, body)
        notes = {(a.field, a.action) for a in built.adaptations}
        assert {
            ("messages[1].parts[0].continuation", "dropped"),
            ("messages[1].parts[0]", "dropped"),
            ("messages[1].parts[1].continuation", "dropped"),
        } <= notes, dst
        assert b"SIG123" not in built.body and b"REDACTED_BLOB" not in built.body
    same = lc.translate_request("anthropic", "anthropic", body)
    assert not any(a.field.startswith("messages") for a in same.adaptations)
    assert b"SIG123" in same.body and b"REDACTED_BLOB" in same.body


def test_an_image_detail_and_a_file_id_crossing_providers_are_named() -> None:
    chat = {
        "model": "gpt-4o",
        "messages": [
            {
                "role": "user",
                "content": [{"type": "image_url", "image_url": {"url": "https://x/a.png", "detail": "high"}}],
            }
        ],
    }
    body = json.dumps(chat).encode()
    for dst in ("anthropic", "gemini"):
        notes = {(a.field, a.action) for a in lc.translate_request("openai_chat", dst, body).adaptations}
        assert ("messages[0].parts[0].detail", "dropped") in notes, dst
    notes = {(a.field, a.action) for a in lc.translate_request("openai_chat", "openai", body).adaptations}
    assert ("messages[0].parts[0].detail", "dropped") not in notes
    anthropic = {
        **ANTHROPIC_BASE,
        "messages": [
            {"role": "user", "content": [{"type": "image", "source": {"type": "file", "file_id": "f_1"}}]}
        ],
    }
    built = lc.translate_request("anthropic", "gemini", json.dumps(anthropic).encode())
    assert ("messages[0].parts[0].file_id", "substituted") in {(a.field, a.action) for a in built.adaptations}


@pytest.mark.parametrize(("source", "destination"), [p for p in PAIRS if p[0] != "gemini"])
def test_an_own_key_of_null_or_an_empty_list_is_not_noted_but_any_other_value_is(
    source: str, destination: str
) -> None:
    """Red team 36 F02: null and [] ask for nothing, so leaving them out is no loss; ``{}``, ``""``,
    ``0`` and ``false`` are values, noted ``dropped`` as any other (a Gemini body keeps no unknown
    top-level key to note)."""
    base: dict[str, dict[str, Any]] = {
        "openai": {"model": "m", "input": "hi"},
        "openai_chat": {"model": "m", "messages": [{"role": "user", "content": "hi"}]},
        "anthropic": {"model": "m", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}]},
    }
    values: dict[str, Any] = {"x_null": None, "x_empty": [], "x_obj": {}, "x_text": "", "x_zero": 0}
    values["x_no"] = False
    body = json.dumps({**base[source], **values})
    built = lc.translate_request(source, destination, body, model="m")
    noted = {a.field for a in built.adaptations if a.field.startswith("extensions.x_")}
    assert noted == {"extensions.x_obj", "extensions.x_text", "extensions.x_zero", "extensions.x_no"}
