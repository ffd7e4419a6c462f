"""Long provider streams as varied as real traffic, and a matrix switching on one feature at a time.

A stream is built in two layers. The *content* (``Script``) says what the model
sends: thinking deltas and their signature, text deltas (plain words or
unicode-heavy ones), logprobs on each text delta, a citation every
``CITE_EVERY`` text deltas, and 6 parallel tool calls whose JSON arguments
arrive in ~150 fragments each, cut preferably inside escapes (``\\"``, ``\\\\``,
``\\n``, ``\\u00e9``) and between multi-byte characters. The dialect modules
(``streams_varied_dialects``) turn a script into the provider's frames, field
for field as the lm15 contract corpus bodies show them. The *framing*
(``Framing``) then writes each frame as SSE the way real servers and proxies do:
LF or CRLF line ends, keep-alive comment blocks and comment lines, ``id:`` and
``retry:`` fields, ``data:`` with and without its space, one JSON object spread
over several ``data:`` lines, compact or spaced JSON.

    plain = generate("anthropic")                     # LF, compact, text only
    row = generate("anthropic", {"crlf"})             # one feature switched on
    full = varied("anthropic")                        # every feature at once
    matrix("gemini")                                  # {"plain": ..., "lf": ..., "logprobs": ...}
    full.body, full.events                            # whole body; one chunk per SSE event
    full.text, full.thinking, full.tool_calls         # what assembling it must give

Deterministic (``random.Random(seed)``), no corpus needed at run time.
"""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")

# Switched on one at a time in the matrix; ``varied`` switches them all on.
FEATURES = (
    "crlf",  # CRLF line ends (Gemini sends CRLF natively: its row switches to LF)
    "comments",  # keep-alive comment blocks and comment lines inside events
    "fields",  # id: on every event, retry: on the first, "data:" without its space on every other event
    "multiline",  # one JSON object spread over several data: lines (one per top-level key)
    "spaced",  # JSON with ", " and ": " separators
    "logprobs",  # logprobs (with 2 top alternatives) on every text delta
    "tools",  # 6 parallel tool calls of ~150 argument fragments each
    "thinking",  # signed thinking (reasoning summary / thinking block / thought parts) before the text
    "citations",  # a citation every CITE_EVERY text deltas
    "unicode",  # unicode-heavy text: CJK, emoji ZWJ sequences, combining marks, RTL, escapes
)
FRAMING_FEATURES = frozenset({"crlf", "comments", "fields", "multiline", "spaced"})
# Content a dialect's wire has no place for (lm15 maps nothing there either).
NOT_ON_WIRE: dict[str, frozenset[str]] = {
    "openai": frozenset(),
    "openai_chat": frozenset(),
    "anthropic": frozenset({"logprobs"}),
    "gemini": frozenset(),
}
TEXTS = 3000
THINKING = 400
TOOLS = 6
FRAGMENTS = 150
CITE_EVERY = 60

_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_PLAIN_WORDS = (
    "The quick analysis of the data shows that the median latency dropped by 42 percent after the change."
    " Throughput rose roughly three times, and the error budget held for the whole quarter."
).split(" ")
_UNICODE_WORDS = (
    "数据",
    "分析",
    "表明",
    "延迟",
    "下降了",
    "42%",
    "。",
    "東京",
    "で",
    "会議",
    "👩\u200d💻",
    "👍🏽",
    "🇨🇦",
    "café",
    "nai\u0308ve",
    "résumé",
    "Ελληνικά",
    "русский",
    "עברית",
    "العربية",
    "हिन्दी",
    "≈",
    "—",
    "“quoted”",
    '"raw quote"',
    "back\\slash",
    "tab\there",
    "line\nbreak",
    "\u2028sep",
    "\U0001d518\U0001d52b\U0001d526\U0001d520\U0001d52c\U0001d521\U0001d522",  # Fraktur, outside the BMP
)


def token(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(_ALNUM) for _ in range(n))


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]
    fragments: tuple[str, ...]  # the argument text as it arrives (joined: the JSON text of ``arguments``)


@dataclass(frozen=True)
class Citation:
    after: int  # index of the text delta it follows
    url: str
    title: str
    cited_text: str
    start: int  # character offsets into the text so far
    end: int


@dataclass(frozen=True)
class Script:
    """What the model sends, independent of dialect and framing."""

    texts: tuple[str, ...]
    thinking: tuple[str, ...]
    signature: str | None
    logprobs: bool
    citations: tuple[Citation, ...]
    tool_calls: tuple[ToolCall, ...]


@dataclass(frozen=True)
class Framing:
    crlf: bool = False
    comments: bool = False
    fields: bool = False
    multiline: bool = False
    spaced: bool = False


@dataclass(frozen=True)
class Frame:
    """One SSE event before framing: its ``event:`` name and its data (a JSON object or a raw string)."""

    event: str | None
    data: dict[str, Any] | str
    pad: int = 0  # spaces before the closing brace (Anthropic pads its frames)


@dataclass(frozen=True)
class Varied:
    """One generated SSE body and what it must assemble to."""

    provider: str
    variant: str
    events: tuple[bytes, ...]  # one chunk per SSE event with data (a comment block rides the next event)
    text: str
    thinking: str
    tool_calls: tuple[ToolCall, ...]
    body: bytes = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "body", b"".join(self.events))

    @property
    def n_events(self) -> int:
        """SSE events carrying data (the benchmark's unit; comment blocks are not counted)."""
        return len(self.events)


# -- content ------------------------------------------------------------------------------------


def _arguments(k: int, rng: random.Random) -> dict[str, Any]:
    """Tool arguments of ~2 KiB full of escapes and multi-byte characters."""
    return {
        "query": f'call {k}: "quarterly" revenue — “Montréal” & 東京 👩\u200d💻 path C:\\data\\q{k}',
        "filters": {"year": 2025 + k, "regions": ["north", "south", "東", "西"], "include_tax": k % 2 == 0},
        "rows": [
            {
                "id": i,
                "label": f"item {i} «{token(rng, 4)}» ñ",
                "score": round(rng.random(), 4),
                "ok": i % 3 != 0,
            }
            for i in range(14)
        ],
        "note": 'line one\nline two\twith a "quote", a backslash \\ and an emoji 🎉 — end',
        "tags": ["naïve", "résumé", "数据", "🇨🇦", "\u00e9\u0301"],
    }


def _fragments(text: str, n: int, rng: random.Random) -> tuple[str, ...]:
    """``text`` cut into ``n`` non-empty pieces, half the cuts inside escapes or between non-ASCII chars."""
    awkward = [
        i
        for i in range(1, len(text))
        if text[i - 1] == "\\" or text[i - 2 : i] == "\\u" or (ord(text[i - 1]) > 127 and ord(text[i]) > 127)
    ]
    n = max(1, min(n, len(text)))
    cuts = set(rng.sample(awkward, min(len(awkward), (n - 1) // 2)))
    rest = [i for i in range(1, len(text)) if i not in cuts]
    cuts.update(rng.sample(rest, n - 1 - len(cuts)))
    bounds = [0, *sorted(cuts), len(text)]
    return tuple(text[a:b] for a, b in pairwise(bounds))


def arguments_text(provider: str, k: int, arguments: dict[str, Any]) -> str:
    """The argument JSON as the provider spells it.

    Anthropic spaced; OpenAI compact, every other call ASCII-escaped (``\\u`` escapes to cut inside).
    """
    if provider == "anthropic":
        return json.dumps(arguments, ensure_ascii=False)
    return json.dumps(arguments, separators=(",", ":"), ensure_ascii=k % 2 == 1)


def script(provider: str, features: Iterable[str], seed: int = 13, texts: int = TEXTS) -> Script:
    on = set(features)
    rng = random.Random(seed)
    words = _UNICODE_WORDS if "unicode" in on else _PLAIN_WORDS
    deltas = tuple(words[i % len(words)] + ("" if "unicode" in on and i % 3 else " ") for i in range(texts))
    thinking = tuple(
        f"Step {i}: consider the {_PLAIN_WORDS[i % len(_PLAIN_WORDS)]} case. " for i in range(THINKING)
    )
    citations: list[Citation] = []
    if "citations" in on:
        offset = 0
        for i, d in enumerate(deltas):
            offset += len(d)
            if i % CITE_EVERY == CITE_EVERY - 1:
                j = len(citations)
                citations.append(
                    Citation(
                        i,
                        f"https://news.example.org/2026/04/{j}/story-{token(rng, 6)}?utm_source=openai",
                        f"Story {j} — Example News",
                        "".join(deltas[i - 3 : i + 1]),
                        max(0, offset - 40),
                        offset,
                    )
                )
    calls: list[ToolCall] = []
    if "tools" in on:
        names = (
            "search_records",
            "get_weather",
            "create_report",
            "send_email",
            "lookup_customer",
            "book_room",
        )
        prefix = "toolu_01" if provider == "anthropic" else "call_"
        for k in range(TOOLS):
            args = _arguments(k, rng)
            call_id = "" if provider == "gemini" else prefix + token(rng, 24)
            frags = _fragments(arguments_text(provider, k, args), FRAGMENTS, rng)
            calls.append(ToolCall(call_id, names[k], args, frags))
    return Script(
        texts=deltas,
        thinking=thinking if "thinking" in on else (),
        signature=base64.b64encode(rng.randbytes(300)).decode() if "thinking" in on else None,
        logprobs="logprobs" in on,
        citations=tuple(citations),
        tool_calls=tuple(calls),
    )


def openai_logprob(tok: str, rng: random.Random) -> dict[str, Any]:
    """One token's logprobs, as both OpenAI dialects send them (bytes, logprob, token, 2 alternatives)."""
    lp = round(-rng.random() * 3, 6)
    return {
        "bytes": list(tok.encode()),
        "logprob": lp,
        "token": tok,
        "top_logprobs": [
            {"bytes": list(tok.encode()), "logprob": lp, "token": tok},
            {"bytes": [32, 97], "logprob": round(lp - 1.25, 6), "token": " a"},
        ],
    }


# -- framing --------------------------------------------------------------------------------------


def _dumps(value: Any, spaced: bool, gemini: bool) -> str:
    seps = (", ", ": ") if spaced else ((",", ": ") if gemini else (",", ":"))
    return json.dumps(value, separators=seps, ensure_ascii=False)


def _data_lines(frame: Frame, framing: Framing, gemini: bool) -> list[str]:
    data = frame.data
    if isinstance(data, str):
        return [data]
    if not framing.multiline:
        text = _dumps(data, framing.spaced, gemini)
        return [text[:-1] + " " * frame.pad + "}" if frame.pad else text]
    colon = ": " if framing.spaced or gemini else ":"
    items = [f"{json.dumps(k)}{colon}{_dumps(v, framing.spaced, gemini)}" for k, v in data.items()]
    lines = ["{" + items[0], *items[1:]] if items else ["{"]
    lines = [line + "," for line in lines[:-1]] + [lines[-1] + " " * frame.pad + "}"]
    return lines


def frame_all(frames: list[Frame], framing: Framing, gemini: bool = False) -> tuple[bytes, ...]:
    """Each frame as one SSE chunk; keep-alive comment blocks ride the chunk of the event after them."""
    eol = "\r\n" if framing.crlf else "\n"
    chunks: list[bytes] = []
    for n, frame in enumerate(frames):
        lines: list[str] = []
        if framing.comments and n % 8 == 0:
            lines += [": keep-alive" if n % 16 else ": OPENROUTER PROCESSING", ""]
        if framing.fields and n == 0:
            lines.append("retry: 3000")
        if frame.event is not None:
            lines.append(f"event: {frame.event}")
        if framing.comments and n % 5 == 2:
            lines.append(": ping")
        if framing.fields:
            lines.append(f"id: {n}")
        prefix = "data:" if framing.fields and n % 2 else "data: "
        lines += [prefix + line for line in _data_lines(frame, framing, gemini)]
        chunks.append((eol.join(lines) + eol + eol).encode())
    return tuple(chunks)


# -- public face ------------------------------------------------------------------------------------


def applicable(provider: str) -> tuple[str, ...]:
    return tuple(f for f in FEATURES if f not in NOT_ON_WIRE[provider])


def row_name(provider: str, feature: str) -> str:
    return "lf" if provider == "gemini" and feature == "crlf" else feature


def generate(provider: str, features: Iterable[str] = (), seed: int = 13, texts: int = TEXTS) -> Varied:
    from streams_varied_dialects import FRAMES  # benchmarks/ is on sys.path

    on = frozenset(features)
    unknown = on - set(FEATURES)
    if unknown:
        raise ValueError(f"unknown features: {sorted(unknown)}")
    on -= NOT_ON_WIRE[provider]
    gemini = provider == "gemini"
    s = script(provider, on, seed, texts)
    frames = FRAMES[provider](s, random.Random(seed + 1))
    framing = Framing(
        crlf=("crlf" in on) != gemini,
        comments="comments" in on,
        fields="fields" in on,
        multiline="multiline" in on,
        spaced="spaced" in on,
    )
    if on == set(applicable(provider)):
        name = "varied"
    elif on:
        name = "+".join(row_name(provider, f) for f in FEATURES if f in on)
    else:
        name = "plain"
    return Varied(
        provider,
        name,
        frame_all(frames, framing, gemini),
        "".join(s.texts),
        "".join(s.thinking),
        s.tool_calls,
    )


def varied(provider: str, seed: int = 13, texts: int = TEXTS) -> Varied:
    """Every feature of real traffic at once."""
    return generate(provider, FEATURES, seed, texts)


def matrix(provider: str, seed: int = 13, texts: int = TEXTS) -> dict[str, Varied]:
    """The plain stream, then the same stream with one feature switched on at a time."""
    rows = {"plain": generate(provider, (), seed, texts)}
    for feature in applicable(provider):
        rows[row_name(provider, feature)] = generate(provider, (feature,), seed, texts)
    return rows
