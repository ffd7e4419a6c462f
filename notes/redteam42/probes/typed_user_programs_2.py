from __future__ import annotations

import pathlib
import sys
from collections.abc import AsyncIterator, Iterator

import httpx

import lmcodec as lc


def stream_chat(client: httpx.Client, req: lc.Request) -> lc.Response:
    built = lc.build_request("openai_chat", req, stream=True)
    with client.stream("POST", "https://api.openai.com/v1" + built.path, headers=built.headers,
                       content=built.body) as resp:
        return lc.assemble(lc.stream.decode("openai_chat", resp.iter_bytes(), request=req), request=req)


async def astream(client: httpx.AsyncClient, req: lc.Request) -> AsyncIterator[str]:
    built = lc.build_request("anthropic", req, stream=True)
    async with client.stream("POST", built.path, headers=built.headers, content=built.body) as resp:
        async for ev in lc.stream.adecode("anthropic", resp.aiter_bytes(), request=req):
            match ev:
                case lc.StreamDeltaEvent(delta=lc.TextDelta(text=t)):
                    yield t
                case lc.StreamEndEvent(usage=u) if u is not None:
                    yield str(u.input_tokens)
                case lc.StreamErrorEvent(error=err):
                    yield str(err)
                case _:
                    pass


def logs(p: pathlib.Path) -> None:
    with open(p, "rb") as f:
        for t in lc.jsonl.read(f, lc.Turn):
            print(t.id)
    turns = list(lc.jsonl.read(p, lc.Turn, on_error="skip"))
    lc.jsonl.write(sys.stdout.buffer, turns)
    lc.msgpack.write_stream(p.with_suffix(".msgpack"), turns)
    fixed = [lc.replace(t, response=lc.replace(t.response, model="x")) for t in turns]
    lc.jsonl.write(p, fixed)
    reader = lc.jsonl.read(p, lc.Turn, on_error="collect")
    list(reader)
    for b in reader.bad:
        print(b.line, b.raw)
    for parq in lc.arrow.read_parquet("x.parquet", lc.Turn):
        print(parq.request.model)  # Turn, as read_parquet was asked for
    lc.arrow.write_parquet(turns, "x.parquet")


def build() -> Iterator[lc.Part | lc.Message]:
    yield lc.ToolCallPart(id="c", name="f", input={"a": 1})
    yield lc.Message(role="user", parts=[lc.TextPart("x"), lc.image(url="https://x/y.png")])
    yield lc.tool_result("c", "done")
    u = lc.Usage(input_tokens=1)
    cfg = lc.Config(extensions={"x": 1}, reasoning=lc.Reasoning(effort="high"), max_tokens=10)
    print(u, cfg)
    m: lc.Message | lc.Part = lc.decode(b"{}", lc.Message | lc.Part)
    yield m


def llm_side(data: bytes) -> None:
    rec = lc.llm.decode(data)
    prompt = lc.llm.decode(data, lc.llm.Prompt)
    print(rec.model, prompt)
    turn = lc.llm.to_turn(rec)
    print(lc.llm.encode(lc.llm.from_turn(turn)))


def enc(events: list[lc.StreamEvent]) -> bytes:
    e = lc.stream.Encoder("openai_chat")
    out = b"".join(e.feed(ev) for ev in events) + e.close()
    for chunk in lc.stream.encode("gemini", events):
        out += chunk
    ev2 = lc.decode(b"{}", lc.StreamEvent)
    out += e.feed(ev2)
    return out
