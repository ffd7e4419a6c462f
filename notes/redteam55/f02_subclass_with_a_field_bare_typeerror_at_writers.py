"""F02 (HIGH): a user's subclass of a part, message, event or delta that adds a field (the usual
reason to subclass: ``class TracedCall(lc.ToolCallPart): trace_id: str = ""``) is not written as
its kind: ``build_request`` anthropic / gemini, ``encode_response`` openai / openai_chat, the
Responses / Chat / Anthropic stream Encoders, ``lc.stream.assemble``, ``lc.arrow.to_table`` and
``lc.llm.from_turn`` raise a bare ``TypeError: Unexpected keyword argument 'trace_id'`` (or,
where a checker catches it, an ``lc.ValidationError`` saying the request was "changed past its
checks: msgspec.structs.replace?"). The trivial subclass (no field) is written as its kind since
subclass27; lm15's adapters (isinstance) write both as the kind.

``wire/_exact.as_exact`` rebuilds the lmcodec class from every name in the subclass's
``__struct_fields__``, extra fields included.

Exit 1 while any entry point answers otherwise for the subclass than for the same value of the
lmcodec classes; 0 once each writes it as its kind.
"""
from __future__ import annotations

import io
import re
import sys

from _h import lc, outcome


class TracedText(lc.TextPart):
    trace_id: str = ""


class TracedCall(lc.ToolCallPart):
    trace_id: str = ""


class TracedDelta(lc.TextDelta):
    trace_id: str = ""


class TracedEvent(lc.StreamDeltaEvent):
    trace_id: str = ""


def request(text: type, call: type) -> lc.Request:
    return lc.Request(model="gpt-4.1", messages=(
        lc.Message.user("q"),
        lc.Message(role="assistant", parts=(text(text="hi"), call(id="call_1", name="get", input={"q": "x"}))),
        lc.Message(role="tool", parts=(lc.ToolResultPart(id="call_1", name="get", content=(lc.TextPart(text="r"),)),)),
    ))


def response(text: type, call: type) -> lc.Response:
    return lc.Response(id="r1", model="gpt-4.1", finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=2),
                       message=lc.Message(role="assistant", parts=(text(text="hi"), call(id="call_1", name="get", input={"q": "x"}))))


def events(delta: type, event: type) -> list[object]:
    return [lc.StreamStartEvent(id="r1", model="gpt-4.1"), event(delta=delta(text="hi", part_index=0)),
            lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=2))]


def encoded(provider: str, evs: list[object]) -> object:
    encoder = lc.stream.Encoder(provider)
    return b"".join(encoder.feed(e) for e in evs) + encoder.close()


def table(turn: lc.Turn) -> object:
    import lmcodec.arrow as arrow
    return arrow.to_table([turn]).to_pylist()


MINTED = re.compile(rb'[_-][0-9a-zA-Z]{20,}"|"created(_at)?":[0-9]+')


def blank(out: object) -> object:
    return MINTED.sub(b"#", out) if isinstance(out, bytes) else out


ENTRIES = {}
for p in ("openai", "openai_chat", "anthropic", "gemini"):
    ENTRIES[f"build_request {p}"] = ("req", lambda v, p=p: lc.build_request(p, v).body)
    ENTRIES[f"encode_response {p}"] = ("resp", lambda v, p=p: lc.encode_response(p, v))
    ENTRIES[f"Encoder {p}"] = ("events", lambda v, p=p: encoded(p, v))
ENTRIES["lc.stream.assemble"] = ("events", lambda v: lc.encode(lc.stream.assemble(v)))
ENTRIES["lc.arrow.to_table"] = ("turn", table)
ENTRIES["lc.llm.from_turn"] = ("turn", lambda v: repr(lc.llm.from_turn(v)))

plain = {"req": lambda: request(lc.TextPart, lc.ToolCallPart), "resp": lambda: response(lc.TextPart, lc.ToolCallPart),
         "events": lambda: events(lc.TextDelta, lc.StreamDeltaEvent)}
traced = {"req": lambda: request(TracedText, TracedCall), "resp": lambda: response(TracedText, TracedCall),
          "events": lambda: events(TracedDelta, TracedEvent)}
for values in (plain, traced):
    values["turn"] = lambda values=values: lc.Turn(request=values["req"](), response=values["resp"]())

bad = 0
for name, (kind, write) in ENTRIES.items():
    want = blank(outcome(lambda: write(plain[kind]())))
    got = blank(outcome(lambda: write(traced[kind]())))
    same = got == want
    bad += not same
    print(("ok   " if same else "DIFF ") + name + ("" if same else f": {str(got)[:150]}"))
print(f"{bad} of {len(ENTRIES)} entry points differ")
sys.exit(1 if bad else 0)
