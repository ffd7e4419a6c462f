"""Common mistakes a new user makes, and what lmcodec says. Prints one line per mistake:
the call, the exception type and its message (or what it returned)."""
import json, pathlib, sys, tempfile
import lmcodec as lc

corpus = pathlib.Path("/work/wt/shared/corpus/lm15-contract/bodies")
sse = sorted((corpus / "anthropic.streaming").iterdir())[0]
body = sorted((corpus / "anthropic.basic_text").iterdir())[0]
req = lc.Request("claude-sonnet-4-5", [lc.Message.user("Hello.")])
resp = lc.decode_response("anthropic", body.read_bytes(), request=req)
chat = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]})


def stream_list(p, c, **k):
    return list(lc.stream.decode(p, c, **k))


cases = [
    ("wrong provider name", lambda: lc.decode_response("claude", body.read_bytes())),
    ("provider name capitalised", lambda: lc.build_request("Anthropic", req)),
    ("provider 'openai_responses'", lambda: stream_list("openai_responses", [sse.read_bytes()])),
    ("provider 'google'", lambda: lc.translate_request("openai_chat", "google", chat)),
    ("str body to decode_request", lambda: lc.decode_request("openai_chat", chat)),
    ("dict body to decode_request", lambda: lc.decode_request("openai_chat", json.loads(chat))),
    ("str to lc.decode", lambda: lc.decode(lc.encode(req).decode(), lc.Request)),
    ("dict to lc.decode", lambda: lc.decode(json.loads(lc.encode(req)), lc.Request)),
    ("decode without a type", lambda: lc.decode(lc.encode(req))),  # type: ignore[call-arg]
    ("type as a string", lambda: lc.decode(lc.encode(req), "Request")),
    ("file path as bytes to decode_response", lambda: lc.decode_response("anthropic", str(body).encode())),
    ("file path str to decode_response", lambda: lc.decode_response("anthropic", str(body))),
    ("Path object to decode_response", lambda: lc.decode_response("anthropic", body)),
    ("file path to stream.decode", lambda: stream_list("anthropic", str(sse))),
    ("str chunks to stream.decode", lambda: stream_list("anthropic", [sse.read_text()])),
    ("one bytes object (not a list) to stream.decode", lambda: len(stream_list("anthropic", sse.read_bytes()))),
    ("open text file to stream.decode", lambda: stream_list("anthropic", open(sse))),
    ("Response where a Request goes (build_request)", lambda: lc.build_request("anthropic", resp)),
    ("Response as request= of stream.decode", lambda: stream_list("anthropic", [sse.read_bytes()], request=resp)),
    ("Request to assemble", lambda: lc.assemble(req)),
    ("bytes to assemble", lambda: lc.assemble(sse.read_bytes())),
    ("Response to encode_response's provider slot swapped", lambda: lc.encode_response(resp, "openai_chat")),
    ("dict to encode_response", lambda: lc.encode_response("openai_chat", json.loads(lc.encode(resp)))),
    ("bytes to encode_response", lambda: lc.encode_response("openai_chat", lc.encode(resp))),
    ("jsonl.read without a type", lambda: list(lc.jsonl.read(str(body)))),
    ("jsonl.read of a missing file", lambda: list(lc.jsonl.read("/nonexistent.jsonl", lc.Turn))),
    ("jsonl.read of a directory", lambda: list(lc.jsonl.read("/tmp", lc.Turn))),
    ("jsonl.write of one Turn (not a list)", lambda: lc.jsonl.write(tempfile.mktemp(suffix=".jsonl"), lc.Turn(request=req, response=resp))),
    ("jsonl.write of Responses", lambda: lc.jsonl.write(tempfile.mktemp(suffix=".jsonl"), [resp])),
    ("jsonl.read on_error typo", lambda: list(lc.jsonl.read(str(body), lc.Turn, on_error="ignore"))),
    ("Message.user with a list of str", lambda: lc.Message.user(["a", "b"])),
    ("Request with a str message", lambda: lc.Request("m", "hi")),
    ("Request with a dict message", lambda: lc.Request("m", [{"role": "user", "content": "hi"}])),
    ("Config(temperature='1')", lambda: lc.Config(temperature="1")),
    ("lc.Decoder (not lc.stream.Decoder)", lambda: lc.Decoder("anthropic")),
    ("Decoder.feed(str)", lambda: lc.stream.Decoder("anthropic").feed("data: {}\n\n")),
    ("Encoder.feed(bytes)", lambda: lc.stream.Encoder("openai_chat").feed(b"data: {}\n\n")),
    ("lc.llm.decode of a canonical Turn", lambda: lc.llm.decode(lc.encode(lc.Turn(request=req, response=resp)))),
    ("schema('Request') as a string", lambda: lc.schema("Request")),
]
for name, f in cases:
    try:
        r = f()
        out = f"returned {type(r).__name__}: {repr(r)[:140]}"
    except BaseException as e:
        out = f"{type(e).__module__}.{type(e).__name__}: {str(e)[:300]}"
    print(f"- {name}\n    {out}")
