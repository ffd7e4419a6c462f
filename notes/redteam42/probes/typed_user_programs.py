"""Realistic user programs, strictly typed."""
from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Literal

import lmcodec as lc

Provider = Literal["openai", "openai_chat", "anthropic", "gemini"]


def gateway(src: Provider, dst: Provider, client_body: bytes, backend: Iterable[bytes]) -> Iterator[bytes]:
    built = lc.translate_request(src, dst, client_body)
    path: str = built.path
    headers: dict[str, str] = dict(built.headers)
    body: bytes = built.body
    for a in built.adaptations:
        note: str = f"{a.field} {a.action} {a.reason}"
        print(note, path, headers, len(body))
    req: lc.Request = lc.decode_request(src, client_body)
    yield from lc.stream.translate(dst, src, backend, request=req, adaptations=built.adaptations)


def hot_loop(chunks: Iterable[bytes]) -> str:
    dec = lc.stream.Decoder("openai_chat")
    out: list[str] = []
    for chunk in chunks:
        for ev in dec.feed(chunk):
            if isinstance(ev, lc.StreamDeltaEvent) and isinstance(ev.delta, lc.TextDelta):
                out.append(ev.delta.text)
    for ev in dec.close():
        match ev:
            case lc.StreamEndEvent(finish_reason=fr):
                print(fr)
            case _:
                pass
    stats = dec.stats
    n: int = stats.frames
    return "".join(out) + str(n)


def match_parts(m: lc.Message) -> list[str]:
    res: list[str] = []
    for p in m.parts:
        match p:
            case lc.TextPart(text):
                res.append(text)
            case lc.ToolCallPart(id=i, name=n, input=args):
                res.append(f"{i}{n}{json.dumps(args)}")
            case _:
                pass
    return res


def convert_log(src: str, dst: str) -> int:
    rejects: list[lc.BadRecord] = []
    turns = lc.jsonl.read(src, lc.Turn, on_error=rejects.append)
    n: int = lc.jsonl.write(dst, (lc.replace(t, metadata={"x": 1}) for t in turns))
    for b in rejects:
        print(b.line, b.offset, b.path, b.message, b.raw)
    reader = lc.jsonl.read(src, lc.Turn, on_error="collect")
    for t in reader:
        resp: lc.Response = t.response
        print(resp.text, resp.usage.input_tokens)
    print(reader.bad, reader.errors)
    llm_records = [lc.llm.from_turn(t) for t in lc.jsonl.read(src, lc.Turn)]
    for r in llm_records:
        back: lc.Turn = lc.llm.to_turn(r)
        print(back.request.model)
    return n


def dataclass_style() -> lc.Request:
    req = lc.Request("gpt-4.1-mini", [lc.Message.user("Hi!")], config=lc.Config(temperature=1))
    req2 = lc.replace(req, model="x")
    parts: list[lc.Part] = [lc.text("a"), lc.TextPart("b")]
    m = lc.Message("user", parts)
    t = lc.FunctionTool("f", description="d", parameters={"type": "object"})
    req3 = lc.Request("m", [m], tools=[t])
    data: bytes = lc.encode(req3)
    back: lc.Request = lc.decode(data, lc.Request)
    p: lc.Part = lc.decode(b'{"type":"text","text":"x"}', lc.Part)
    ev: lc.StreamEvent = lc.decode(b'{"type":"start"}', lc.StreamEvent)
    blt = lc.to_builtins(back)
    r4: lc.Request = lc.from_builtins(blt, lc.Request)
    schema: dict[str, object] = lc.schema(lc.Request)
    mp: bytes = lc.msgpack.encode(req2)
    r5: lc.Request = lc.msgpack.decode(mp, lc.Request)
    print(p, ev, schema, r4, r5)
    return req2


def assemble_body(provider: Provider, body: bytes, req: lc.Request) -> bytes:
    resp = lc.decode_response(provider, body, request=req)
    a = lc.Assembler(request=req)
    for e in lc.stream.decode(provider, [body], request=req):
        a.push(e)
    r2: lc.Response = a.result()
    print(r2.finish_reason)
    return lc.encode_response("openai_chat", resp)


async def async_loop(chunks: AsyncIterator[bytes]) -> lc.Response:
    evs = [e async for e in lc.stream.adecode("anthropic", chunks)]
    return lc.assemble(evs)


def errors(body: bytes) -> None:
    try:
        lc.decode(body, lc.Request)
    except lc.ValidationError as e:
        print(e.path, e.offset)
    except lc.DecodeError as e:
        print(e.offset)
    try:
        lc.assemble(lc.stream.decode("openai", [body]))
    except lc.StreamAssemblyError as e:
        partial: lc.Response | None = e.partial
        print(partial)
