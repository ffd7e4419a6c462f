"""Cross-dialect translation: decode_request in one dialect, build_request in another, for every ordered pair.

A gateway reads the client's body in its dialect and builds the backend's. ``Config.extensions``
from ``decode_request`` hold the source dialect's own wire keys (lm15's builders forward
extensions verbatim), so a gateway drops them when it crosses dialects; everything asserted here
lives in the canonical fields. Where lm15 refuses what the destination cannot carry (a document
on Chat Completions, a video on Anthropic, a stored cache off Gemini), the refusal is an
``unsupported_feature`` ProviderError naming the feature, never a silent drop.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

import lmcodec as lc

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
PAIRS = [(src, dst) for src in DIALECTS for dst in DIALECTS]
FIXTURES = Path(__file__).parent.parent / "fixtures" / "requests"


def _decode(provider: str, body: bytes) -> lc.Request:
    try:
        return lc.decode_request(provider, body)
    except NotImplementedError:
        pytest.skip(f"decode_request is not implemented for {provider} yet")


def _build(provider: str, request: lc.Request) -> lc.ProviderRequest:
    try:
        return lc.build_request(provider, request)
    except NotImplementedError:
        pytest.skip(f"build_request is not implemented for {provider} yet")


def _crossing(request: lc.Request, src: str, dst: str) -> lc.Request:
    """What a gateway forwards: the source dialect's extensions stay behind when the dialect changes."""
    if src == dst:
        return request
    return msgspec.structs.replace(request, config=msgspec.structs.replace(request.config, extensions=None))


def translate(src: str, dst: str, body: bytes) -> tuple[lc.Request, lc.ProviderRequest, lc.Request]:
    """(the source Request, the destination's wire request, that request read back by the destination)."""
    source = _decode(src, body)
    wire = _build(dst, _crossing(source, src, dst))
    return source, wire, _decode(dst, wire.body)


def _part(part: Any) -> tuple[Any, ...]:
    kind = type(part).__name__
    if isinstance(part, lc.TextPart):
        return ("text", part.text)
    if isinstance(part, lc.ToolCallPart):
        return ("call", part.id, part.name, part.input)
    if isinstance(part, lc.ToolResultPart):
        return ("result", part.id, part.is_error, tuple(_part(p) for p in part.content))
    if isinstance(part, lc.ThinkingPart):
        return ("thinking", part.text)
    # A URL or file id travels without its media type on the Anthropic and OpenAI wires, and
    # Gemini's fileUri does not say which of the two it is: the address is what must survive.
    return (kind, part.media_type if part.data is not None else None, part.data, part.url or part.file_id)


def essentials(request: lc.Request) -> dict[str, Any]:
    """The conversation a model sees: turns (consecutive same-role messages merged), system text, tools."""
    turns: list[tuple[str, list[Any]]] = []
    for message in request.messages:
        parts = [_part(p) for p in message.parts]
        if turns and turns[-1][0] == message.role:
            turns[-1][1].extend(parts)
        else:
            turns.append((message.role, parts))
    system = request.system
    if system is not None and not isinstance(system, str):
        system = "\n".join(p.text for p in system if isinstance(p, lc.TextPart))
    tools = [(t.name, getattr(t, "description", None), getattr(t, "parameters", None)) for t in request.tools]
    config = request.config
    return {
        "turns": turns,
        "system": system,
        "tools": tools,
        "temperature": config.temperature,
        "max_tokens": config.max_tokens,
    }


# ─── a conversation every dialect carries: the canonical content survives every pair ───

TOOL = lc.FunctionTool(
    name="get_weather",
    description="Current weather for a city.",
    parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)
CONVERSATION = lc.Request(
    model="model-x",
    system=(lc.TextPart(text="You are a weather bot."), lc.TextPart(text="Answer in Celsius.")),
    messages=(
        lc.Message(
            role="user",
            parts=(
                lc.TextPart(text="Weather in Paris and Rome? Here is my window:"),
                lc.ImagePart(media_type="image/png", data="iVBORw0KGgoAAAANSUhEUg=="),
                lc.ImagePart(media_type="image/jpeg", url="https://example.com/window.jpg"),
            ),
        ),
        lc.Message(
            role="assistant",
            parts=(
                lc.TextPart(text="Checking both."),
                lc.ToolCallPart(id="call_paris", name="get_weather", input={"city": "Paris"}),
                lc.ToolCallPart(id="call_rome", name="get_weather", input={"city": "Rome"}),
            ),
        ),
        lc.Message(
            role="tool",
            parts=(
                lc.ToolResultPart(
                    id="call_rome", name="get_weather", content=(lc.TextPart(text="21C sunny"),)
                ),
                lc.ToolResultPart(
                    id="call_paris", name="get_weather", content=(lc.TextPart(text="14C rain"),)
                ),
            ),
        ),
        lc.Message(role="user", parts=(lc.TextPart(text="Which is warmer?"),)),
    ),
    tools=(TOOL,),
    config=lc.Config(max_tokens=400, temperature=0.3),
)


@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_a_conversation_survives_every_pair(src: str, dst: str) -> None:
    body = _build(src, CONVERSATION).body  # what a client of the source dialect sends
    source, _, back = translate(src, dst, body)
    assert essentials(source) == essentials(CONVERSATION)
    assert essentials(back) == essentials(CONVERSATION)


# ─── client bodies of every dialect: what must not be lost ───

BODIES = sorted((p.parent.name, p) for d in DIALECTS for p in (FIXTURES / d).glob("*.json"))
CASES = [(src, path, dst) for src, path in BODIES for dst in DIALECTS if dst != src]


def _calls(request: lc.Request) -> dict[str, tuple[str, Any]]:
    return {
        p.id: (p.name, p.input) for m in request.messages for p in m.parts if isinstance(p, lc.ToolCallPart)
    }


def _results(request: lc.Request) -> list[str]:
    return [p.id for m in request.messages for p in m.parts if isinstance(p, lc.ToolResultPart)]


def _images(request: lc.Request) -> list[tuple[Any, ...]]:
    return [_part(p) for m in request.messages for p in m.parts if isinstance(p, lc.ImagePart)]


@pytest.mark.parametrize(("src", "path", "dst"), CASES, ids=[f"{s}:{p.stem}->{d}" for s, p, d in CASES])
def test_client_bodies_translate_without_silent_loss(src: str, path: Path, dst: str) -> None:
    try:
        source, wire, back = translate(src, dst, path.read_bytes())
    except lc.ProviderError as exc:
        assert exc.code == "unsupported_feature" and exc.feature  # refused, and the refusal names the feature
        return
    assert _calls(back) == _calls(source)  # parallel calls: every id, name and input
    assert sorted(_results(back)) == sorted(_results(source))  # every result, paired by the same id
    assert set(_results(back)) <= set(_calls(back)) | set(_results(source))
    assert _images(back) == _images(source)
    assert json.loads(wire.body)  # a JSON object body


# ─── the cases gateways get wrong ───


def _fixture(provider: str, name: str) -> bytes:
    return (FIXTURES / provider / f"{name}.json").read_bytes()


@pytest.mark.parametrize("dst", DIALECTS)
def test_gemini_calls_without_ids_pair_with_their_results(dst: str) -> None:
    _, _, back = translate("gemini", dst, _fixture("gemini", "function_calls_no_ids"))
    calls = _calls(back)
    answers = {
        calls[p.id][1].get("city", calls[p.id][1].get("tz")): (p.content[0].text, p.is_error)  # type: ignore[union-attr]
        for m in back.messages
        for p in m.parts
        if isinstance(p, lc.ToolResultPart)
    }
    assert {k: v[0].removeprefix("[error] ") for k, v in answers.items()} == {
        "Boston": "5C, snow",
        "Asia/Tokyo": "09:12",
        "Tokyo": "station offline",
    }
    assert len(calls) == 3


ANTHROPIC_SIGNATURES = ("EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds", "EmwKAhgBEgy3va3pzix")
GEMINI_SIGNATURES = (
    "CiIBVKhc7oDWgtmwoI0aD4ZrJ3qlEXAMPLE0=",
    "CiQBVKhc7s2sigEXAMPLE1=",
    "CiYBVKhc7kEXAMPLE2=",
)


@pytest.mark.parametrize("dst", DIALECTS)
def test_anthropic_thinking_signatures_replay_to_anthropic_only(dst: str) -> None:
    _, wire, back = translate("anthropic", dst, _fixture("anthropic", "thinking_signed"))
    body = wire.body.decode()
    for signature in ANTHROPIC_SIGNATURES:
        assert (signature in body) == (dst == "anthropic")
    if dst == "anthropic":
        blocks = json.loads(wire.body)["messages"][1]["content"]
        assert [b["type"] for b in blocks] == ["thinking", "redacted_thinking", "tool_use"]
        assert back.config.reasoning == lc.Reasoning(effort="medium", thinking_budget=10000)


@pytest.mark.parametrize("dst", DIALECTS)
def test_gemini_thought_signatures_replay_to_gemini_only(dst: str) -> None:
    _, wire, _ = translate("gemini", dst, _fixture("gemini", "thought_signatures"))
    body = wire.body.decode()
    for signature in GEMINI_SIGNATURES:
        assert (signature in body) == (dst == "gemini")
    if dst == "gemini":
        parts = json.loads(wire.body)["contents"][1]["parts"]
        assert [p.get("thought", False) for p in parts] == [True, False, False]
        assert all("thoughtSignature" in p for p in parts)


@pytest.mark.parametrize("dst", DIALECTS)
def test_cache_marks_become_the_destinations_cache_form(dst: str) -> None:
    source, wire, _ = translate("anthropic", dst, _fixture("anthropic", "cache_history_long"))
    assert source.config.cache == lc.CacheConfig(mode="auto", retention="long", prefix="history")
    if dst == "anthropic":
        body = json.loads(wire.body)
        assert body["system"][0]["cache_control"] == {"type": "ephemeral", "ttl": "1h"}
        assert body["messages"][-1]["content"][-1]["cache_control"] == {"type": "ephemeral", "ttl": "1h"}
    else:
        assert "cache_control" not in wire.body.decode()


@pytest.mark.parametrize("dst", DIALECTS)
def test_a_system_prompt_of_several_blocks_reaches_every_dialect(dst: str) -> None:
    _, _, back = translate("anthropic", dst, _fixture("anthropic", "cache_system_blocks"))
    assert essentials(back)["system"] == (
        "You are an assistant for the ACME code base.\n<repository summary: 40 modules, 12k lines>"
    )


@pytest.mark.parametrize("dst", DIALECTS)
def test_images_by_data_and_url_reach_every_dialect(dst: str) -> None:
    source, _, back = translate("anthropic", dst, _fixture("anthropic", "parallel_tools"))
    assert _calls(back) == _calls(source)
    body = _build("anthropic", CONVERSATION).body
    _, _, back = translate("anthropic", dst, body)
    assert _images(back) == _images(CONVERSATION)


def test_decode_request_takes_the_model_of_the_url(provider: str) -> None:
    """Gemini's body carries no model (it is in the URL); elsewhere ``model`` replaces the body's."""
    bodies = {
        "openai": {"model": "gpt-4.1-mini", "input": "hi"},
        "openai_chat": {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "hi"}]},
        "anthropic": {"model": "claude-x", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]},
        "gemini": {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
    }
    body = json.dumps(bodies[provider]).encode()
    assert lc.decode_request(provider, body, model="backend-model").model == "backend-model"
    kept = lc.decode_request(provider, body).model
    assert kept == bodies[provider].get("model", "models/unnamed")


_ROUTED = {
    "openai": ("gpt-5.6", "gpt-4.1-mini"),
    "openai_chat": ("gpt-5.6", "gpt-4.1-mini"),
    "anthropic": ("claude-opus-4-6", "claude-3-haiku-20240307"),
}
"""Backend models whose rules differ (cache options, adaptive thinking): each body is routed to both."""


@pytest.mark.parametrize(
    "path",
    [path for name in _ROUTED for path in sorted((FIXTURES / name).glob("*.json"))],
    ids=lambda path: f"{path.parent.name}-{path.stem}",
)
def test_a_routed_model_replaces_the_bodys_model_and_nothing_else(path: Path) -> None:
    """The readers make the Request with the routed model directly (one Request, not two), yet the
    body's own model still decides the model-dependent rules: the same Request as replacing the model
    of the body's."""
    provider, body = path.parent.name, path.read_bytes()
    try:
        request = lc.decode_request(provider, body)
    except lc.LmcodecError:
        return
    for routed in _ROUTED[provider]:
        assert lc.decode_request(provider, body, model=routed) == lc.replace(request, model=routed)


@pytest.mark.parametrize(
    ("provider", "lm15_name", "model"),
    [
        ("openai", "openai", "gpt-4.1-mini"),
        ("openai_chat", "openai-chat", "gpt-4.1-mini"),
        ("anthropic", "anthropic", "claude-sonnet-4-5"),
        ("gemini", "gemini", "gemini-2.5-flash"),
    ],
)
def test_lone_surrogate_is_refused_with_lm15s_message(provider: str, lm15_name: str, model: str) -> None:
    """Every builder shares one body encoder, whose refusal names the code points as lm15's json_dumps."""
    vet = pytest.importorskip("lm15.vet")
    from lmcodec.lm15 import to_lm15

    request = lc.Request(model, [lc.Message.user("a\ud800\udfffb")])
    with pytest.raises(ValueError) as theirs:
        vet.adapter_for_provider(lm15_name, api_key="sk-test")._build(to_lm15(request), stream=False)
    with pytest.raises(lc.ValidationError) as ours:
        lc.build_request(provider, request)
    assert str(ours.value) == str(theirs.value)
