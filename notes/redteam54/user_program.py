"""A stranger's first typed program, written from README.md only: decode a stream, assemble it,
translate it, build a request, write and read a JSONL log. Run it, then `mypy --strict` and
`pyright` on it (notes/redteam54/typecheck_user_program.sh)."""

from __future__ import annotations

import glob
import json
import os
import sys
import tempfile
from collections.abc import Iterator

import lmcodec as lc

CORPUS = os.environ.get("LMCODEC_CORPUS", "/work/wt/shared/corpus") + "/lm15-contract"


def capture(name: str) -> bytes:
    """The first captured body of a corpus case, e.g. ``anthropic.streaming``."""
    with open(sorted(glob.glob(f"{CORPUS}/bodies/{name}/*"))[0], "rb") as f:
        return f.read()


def chunks(data: bytes, size: int = 64) -> Iterator[bytes]:
    for i in range(0, len(data), size):
        yield data[i : i + size]


def main() -> int:
    req = lc.Request("claude-sonnet-4-5", [lc.Message.user("Hello.")], config=lc.Config(max_tokens=256))

    # 1. decode a provider stream, then assemble it
    sse = capture("anthropic.streaming")
    events = list(lc.stream.decode("anthropic", chunks(sse), request=req))
    for ev in events:
        match ev:
            case lc.StreamDeltaEvent(delta=lc.TextDelta(text=piece)):
                print("delta:", repr(piece))
            case lc.StreamEndEvent(finish_reason=fr):
                print("end:", fr)
            case _:
                pass
    response: lc.Response = lc.assemble(events, request=req)
    print("assembled:", response.text, response.finish_reason, response.usage.total_tokens)

    # 1b. the incremental decoder, as a socket reader would use it
    dec = lc.stream.Decoder("anthropic", request=req)
    got: list[lc.StreamEvent] = []
    for c in chunks(sse, 7):
        got.extend(dec.feed(c))
    got.extend(dec.close())
    assert lc.assemble(got, request=req) == response
    print("decoder stats:", dec.stats)

    # 2. translate the stream for an OpenAI Chat client
    out = b"".join(lc.stream.translate("anthropic", "openai_chat", chunks(sse), request=req))
    print("translated bytes:", len(out))

    # 3. a client's Chat body -> the canonical Request -> Anthropic's request
    body = json.dumps(
        {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "Hi"}], "max_tokens": 50}
    ).encode()
    client_req: lc.Request = lc.decode_request("openai_chat", body)
    built: lc.ProviderRequest = lc.build_request("anthropic", client_req, stream=True)
    print("built:", built.path, sorted(built.headers), len(built.body), [(a.field, a.action) for a in built.adaptations])
    tr = lc.translate_request("openai_chat", "anthropic", body)
    print("translated request:", tr.path, json.loads(tr.body)["model"])

    # 4. a response body both ways
    answer = lc.decode_response("anthropic", capture("anthropic.basic_text"), request=req)
    chat_body: bytes = lc.encode_response("openai_chat", answer)
    print("chat body:", json.loads(chat_body)["choices"][0]["message"]["content"])

    # 5. write a log, read it back
    provider: lc.Provider = "anthropic"
    turns = [lc.Turn(request=req, response=response), lc.Turn(request=client_req, response=answer)]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "log.jsonl.gz")
        n: int = lc.jsonl.write(path, turns)
        reader = lc.jsonl.read(path, lc.Turn, on_error="collect")
        models = [t.request.model for t in reader]
        bad: int = reader.bad
        errors: list[lc.BadRecord] = list(reader.errors)
        print("log:", n, models, bad, errors, provider)
        for t in lc.jsonl.read(path, lc.Turn):
            print("turn id:", t.id, t.response.model)

    # 6. canonical JSON and parts
    data: bytes = lc.encode(req)
    back: lc.Request = lc.decode(data, lc.Request)
    part = lc.decode(b'{"type":"text","text":"x"}', lc.Part)
    if isinstance(part, lc.TextPart):
        print("part:", part.text)
    assert back == req
    try:
        lc.decode(b'{"type":"text"}', lc.Part)
    except lc.ValidationError as e:
        print("refused:", e, e.path)
    # 7. incremental assembly and the llm format
    asm = lc.Assembler(request=req)
    for ev in events:
        asm.push(ev)
    whole: lc.Response = asm.result()
    record = lc.llm.from_turn(lc.Turn(request=req, response=whole))
    llm_bytes: bytes = lc.llm.encode(record)
    again = lc.llm.to_turn(lc.llm.decode(llm_bytes))
    print("llm:", len(llm_bytes), again.response.text)
    packed: bytes = lc.msgpack.encode(whole)
    print("msgpack:", lc.msgpack.decode(packed, lc.Response) == whole)
    sse_out = b"".join(lc.stream.encode("openai", events))
    print("encoded:", len(sse_out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
