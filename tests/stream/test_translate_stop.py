"""A client-side stop sequence is applied to the translated stream as lm15's runtime applies it.

Red-team gateway F08: ``stop`` sent to a Responses backend (a wire with no stop field) is a
``client_side`` Adaptation promising the stream is cut at the stop sequence (MAP-13); lm15's runtime
cuts it (``result.truncate_stream_at_stop``), but nothing in ``lc.stream.translate`` or the example
gateway did, so the client got the text past its stop sequence. ``translate(..., adaptations=...)``
now applies it: compared with lm15's own cutter over lm15's events of the same corpus and synthetic
streams, at several chunkings, read back by lmcodec's decoder of every destination dialect.
"""

from __future__ import annotations

import json
import time
from typing import Any

import lm15
import pytest
from lm15 import result as lm15_result

import lmcodec as lc

from ..providers.provider_support import lm15_events, sse_body, stream_bodies
from .write_support import DIALECTS, REQUEST, sdk_chat


def _adaptations(stops: list[str]) -> tuple[lc.Adaptation, ...]:
    """The Adaptations lmcodec's Responses builder records for ``stops`` (the gateway's source)."""
    request = lc.replace(REQUEST, config=lc.Config(stop=tuple(stops)))
    built = lc.build_request("openai", request, stream=True)
    assert "stop" not in json.loads(built.body)
    return built.adaptations


def _delta(text: str, n: int) -> dict[str, Any]:
    return {
        "type": "response.output_text.delta",
        "item_id": "msg_1",
        "output_index": 0,
        "content_index": 0,
        "delta": text,
        "sequence_number": n,
    }


def _synthetic(deltas: list[str]) -> bytes:
    usage = {"input_tokens": 3, "output_tokens": 5, "total_tokens": 8}
    response = {"id": "resp_1", "object": "response", "status": "completed", "model": "gpt-5", "output": []}
    frames = [
        {"type": "response.created", "sequence_number": 0, "response": dict(response, status="in_progress")},
        *(_delta(text, n + 1) for n, text in enumerate(deltas)),
        {"type": "response.completed", "sequence_number": 99, "response": dict(response, usage=usage)},
    ]
    return sse_body(frames, events=[f["type"] for f in frames])


SYNTHETIC = {
    "across-deltas": _synthetic(["one two ", "EN", "D three", " four"]),
    "in-one-delta": _synthetic(["one two END three four"]),
    "at-the-start": _synthetic(["END", " one"]),
    "never": _synthetic(["one ", "two"]),
}


def _bodies() -> list[tuple[str, bytes]]:
    corpus = [(f"{p.parent.name}/{p.stem}", p.read_bytes()) for p in stream_bodies("openai")]
    return [*SYNTHETIC.items(), *corpus]


BODIES = _bodies()


def _stops_for(body: bytes) -> list[list[str]]:
    """Stop lists for ``body``: sequences of its text at several places and lengths, one it does not
    hold, and two where the one listed second comes first."""
    text = "".join(
        e.delta.text
        for e in lc.stream.decode("openai", [body])
        if e.type == "delta" and isinstance(e.delta, lc.TextDelta)
    )
    stops: list[list[str]] = [["\u2603never"]]
    for at in sorted({0, 1, len(text) // 3, len(text) // 2, max(0, len(text) - 2)}):
        for size in (1, 3, 8):
            if text[at : at + size]:
                stops.append([text[at : at + size]])
    if len(text) > 6:
        stops.append([text[5:7], text[1:3]])
    return stops


def _lm15_cut(body: bytes, stops: list[str]) -> tuple[str, str | None, bool]:
    """lm15's runtime over lm15's events: the text, the finish, and whether a usage was reported."""
    lm15_request = lm15.types.Request(
        model=REQUEST.model,
        messages=(lm15.types.Message.user("hi"),),
        config=lm15.types.Config(stop=tuple(stops)),
    )
    events: list[Any] = list(
        lm15_result.truncate_stream_at_stop(iter(lm15_events("openai", body, lm15_request)), tuple(stops))
    )
    text = "".join(
        e.delta.text for e in events if e.type == "delta" and type(e.delta).__name__ == "TextDelta"
    )
    end = events[-1]
    return text, end.finish_reason, _counted(end.usage)


def _counted(usage: Any) -> bool:
    """Whether a usage reports tokens (an Anthropic stream always carries a usage object, zeros
    where nothing was reported)."""
    return usage is not None and any((usage.input_tokens, usage.output_tokens, usage.total_tokens))


CASES = [(name, body, stops) for name, body in BODIES for stops in _stops_for(body)]


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize(("name", "body", "stops"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_translate_cuts_the_text_where_lm15_cuts_it(
    name: str, body: bytes, stops: list[str], dst: str
) -> None:
    want = _lm15_cut(body, stops)
    for size in (0, 7):
        pieces = [body[i : i + size] for i in range(0, len(body), size)] if size else [body]
        out = b"".join(
            lc.stream.translate("openai", dst, pieces, request=REQUEST, adaptations=_adaptations(stops))
        )
        got = lc.assemble(lc.stream.decode(dst, [out], request=REQUEST), request=REQUEST)
        assert (got.text or "", got.finish_reason, _counted(got.usage)) == want, size


def test_a_chat_client_gets_the_text_before_its_stop_sequence() -> None:
    out = b"".join(
        lc.stream.translate(
            "openai",
            "openai_chat",
            [SYNTHETIC["across-deltas"]],
            request=REQUEST,
            adaptations=_adaptations(["END"]),
        )
    )
    view = sdk_chat(out)
    assert (view["text"], view["finish_reason"], view["usage"]) == ("one two ", "stop", (None, None, None))


def test_without_a_client_side_stop_the_stream_is_written_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    # The Chat writer stamps each stream's chunks with the clock's second: the two translations
    # below must not straddle one (they did under load, and the test failed for that alone).
    monkeypatch.setattr(time, "time", lambda: 1_765_000_000.0)
    body = SYNTHETIC["across-deltas"]
    plain = b"".join(lc.stream.translate("openai", "openai_chat", [body], request=REQUEST))
    other = lc.Adaptation(field="config.top_k", action="dropped", reason="no such field")
    assert (
        b"".join(lc.stream.translate("openai", "openai_chat", [body], request=REQUEST, adaptations=[other]))
        == plain
    )
    assert b"D three" in plain


def test_adaptations_must_be_adaptations() -> None:
    with pytest.raises(lc.ValidationError, match="adaptations"):
        lc.stream.translate("openai", "openai_chat", [b""], adaptations=[{"field": "config.stop"}])  # type: ignore[list-item]


def test_held_text_is_searched_in_time_linear_in_the_stream() -> None:
    """A text that may start a sequence is held with every delta after it that adds no text; the
    held text was joined again per delta (100,000 empty deltas: quadratic, minutes). It is kept."""
    body = _synthetic(["one E", *[""] * 100_000, "ND two"])
    out = b"".join(
        lc.stream.translate(
            "openai", "openai_chat", [body], request=REQUEST, adaptations=_adaptations(["END"])
        )
    )
    got = lc.assemble(lc.stream.decode("openai_chat", [out], request=REQUEST), request=REQUEST)
    assert (got.text, got.finish_reason) == ("one ", "stop")
