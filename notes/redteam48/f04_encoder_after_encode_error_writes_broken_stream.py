"""F04: an Encoder that refused an event with ``lc.EncodeError`` (a lone surrogate, which provider
frames carry: lm15 reads ``"\\ud800"``) keeps what it began for that event, so the stream it goes on
writing is one the client's SDK fails on, or one that raises at a later, valid event.

A gateway decodes an Anthropic stream (text "Hello" in block 0, then a block 1 whose text is the
escape ``\\ud800``) and writes each event with ``lc.stream.Encoder(dst)``, skipping an event the
Encoder refuses (as it may for every other refusal: a non-event or an UnknownDelta leaves the
Encoder as it was, probe p9, 96 of 96 runs). Each client's SDK reads the result; the reference is
the same loop over the events without the refused one. Exits 1 while a dialect's continuation
neither equals the reference nor refuses every later call with an lc error (on main: three of
four; the Chat writer too where the refused event is a call, probe p9),
0 once each does one or the other."""
from __future__ import annotations

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import DIALECTS, ROOT, lc  # noqa: E402

sys.path.insert(0, ROOT)
from tests.providers.sdk_readers import sdk_anthropic, sdk_gemini  # noqa: E402
from tests.stream.write_support import sdk_chat, sdk_responses  # noqa: E402

READ = {"openai": sdk_responses, "openai_chat": sdk_chat, "anthropic": sdk_anthropic, "gemini": sdk_gemini}
SOURCE = (
    b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message",'
    b'"role":"assistant","model":"claude-x","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}\n\n'
    b'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
    b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}}\n\n'
    b'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
    b'event: content_block_start\ndata: {"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}\n\n'
    b'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"\\ud800"}}\n\n'
    b'event: content_block_stop\ndata: {"type":"content_block_stop","index":1}\n\n'
    b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}\n\n'
    b'event: message_stop\ndata: {"type":"message_stop"}\n\n'
)
_MINTED = re.compile(rb'_[0-9a-f]{24,}|("created(?:_at)?":)\d+')


def write(dst: str, events: list) -> tuple[bytes, bytes, int, int]:
    """The gateway's loop: each event written, a refused one logged and skipped. Returns the
    bytes, them with the ids and times the writers mint made equal, the calls refused, and the
    calls after the first refusal."""
    enc = lc.stream.Encoder(dst)
    out, refused, after = [], 0, 0
    for event in [*events, None]:
        if refused:
            after += 1
        try:
            out.append(enc.feed(event) if event is not None else enc.close())
        except lc.EncodeError:
            refused += 1
    body = b"".join(out)
    return body, _MINTED.sub(lambda m: (m.group(1) or b"_") + b"N", body), refused, after


def main() -> int:
    events = list(lc.stream.decode("anthropic", [SOURCE]))
    lone = [e for e in events if "\ud800" in str(getattr(getattr(e, "delta", None), "text", ""))]
    assert len(lone) == 1, "the source no longer decodes to a delta holding U+D800"
    bad = 0
    for dst in DIALECTS:
        body, got, refused, after = write(dst, events)
        _, want, _, _ = write(dst, [e for e in events if e not in lone])
        if refused and refused - 1 == after:
            verdict = "every call after the refusal refused: ok"
        elif refused and got == want:
            verdict = "the rest as if the event never came: ok"
        else:
            try:
                read = READ[dst](body)
                seen = f"the SDK reads {{text {read.get('text')!r}, tool_calls {read.get('tool_calls')}}}"
            except Exception as exc:  # noqa: BLE001
                seen = f"the SDK fails: {type(exc).__name__}: {str(exc)[:80]}"
            verdict = f"WRONG: refused {refused} of {len(events) + 1} calls; {seen}"
            bad += 1
        print(f"{dst:12s} {verdict}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
