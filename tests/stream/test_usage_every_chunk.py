"""A Chat stream with usage on every chunk (vLLM's continuous_usage_stats; red team 7, F02): the
event and writer sinks pass on that msgspec read each end's provider_data, so the kept one is not
walked again at every later end; the merged end is unchanged, a NaN-bearing one still refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.stream import coalesce

_USAGE = {"usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def _chunk(extra: dict[str, Any] | None = None, finish: str | None = None, content: str = "word ") -> str:
    delta = {"content": content} if finish is None else {}
    body = {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        **(extra or {}),
    }
    return "data: " + json.dumps(body, separators=(",", ":"), allow_nan=True) + "\n\n"


def _body(n: int, end_usage: Any = None) -> bytes:
    end = _chunk(None if end_usage is None else {"usage": end_usage}, "stop")
    return ("".join(_chunk(_USAGE) for _ in range(n)) + end + "data: [DONE]\n\n").encode()


def _walks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = coalesce.is_json_value

    def counted(value: Any) -> bool:
        calls[0] += 1
        return real(value)

    monkeypatch.setattr(coalesce, "is_json_value", counted)
    return calls


def test_usage_on_every_chunk_is_not_walked_again_by_the_event_sink(monkeypatch: pytest.MonkeyPatch) -> None:
    body = _body(300)
    calls = _walks(monkeypatch)
    events = list(lc.stream.decode("openai_chat", [body[i : i + 4096] for i in range(0, len(body), 4096)]))
    assert calls[0] == 0  # was one walk per later usage chunk (300)
    assert isinstance(events[-1], lc.StreamEndEvent)
    assert events[-1].usage == lc.assemble(lc.stream.decode("openai_chat", [body])).usage


def test_usage_on_every_chunk_is_not_walked_again_by_the_writer_sink(monkeypatch: pytest.MonkeyPatch) -> None:
    body = _body(300)
    calls = _walks(monkeypatch)
    for dest in ("anthropic", "openai", "gemini", "openai_chat"):
        out = b"".join(
            lc.stream.translate("openai_chat", dest, [body[i : i + 4096] for i in range(0, len(body), 4096)])
        )
        assert out
    assert calls[0] == 0


def _nan_bearing_body() -> bytes:
    """Usage on every chunk, one of them (read by json.loads: not strict) with a NaN."""
    nan_chunk = _chunk({"usage": _USAGE["usage"], "x_score": float("nan")})
    return (
        _chunk(_USAGE) + nan_chunk + _chunk(_USAGE) * 3 + _chunk(None, "stop") + "data: [DONE]\n\n"
    ).encode()


def _outputs() -> list[Any]:
    bodies = [
        _body(50, {"prompt_tokens": 3, "completion_tokens": 51, "total_tokens": 54}),
        _nan_bearing_body(),
    ]
    out: list[Any] = []
    for body in bodies:
        events = list(lc.stream.decode("openai_chat", [body]))
        end = events[-1]
        assert isinstance(end, lc.StreamEndEvent)
        out += [repr(events), json.dumps(end.provider_data, sort_keys=True)]  # text: NaN equal to NaN
        out += [
            b"".join(lc.stream.translate("openai_chat", d, [body]))
            for d in ("anthropic", "gemini", "openai_chat")
        ]
    return out


def test_the_merged_end_against_every_end_walked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The end events and the translated bytes equal those of the merge told nothing was read by
    msgspec (every provider_data walked, the old path), with a NaN-bearing end among the others."""
    fast = _outputs()
    real = coalesce.EndMerge.add

    def walked(
        self: coalesce.EndMerge, finish: Any, usage: Any, data: Any, strict_json: bool = False
    ) -> None:
        real(self, finish, usage, data, False)

    monkeypatch.setattr(coalesce.EndMerge, "add", walked)
    assert fast == _outputs()
    assert '"x_score": NaN' in fast[6]  # the NaN-bearing end is the one kept
