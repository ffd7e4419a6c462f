from __future__ import annotations
import lmcodec as lc
req = lc.Request("m", [lc.Message.user("x")])
lc.build_request("opnai", req)                      # E1 provider typo
lc.stream.decode("anthopic", [b""])                  # E2
lc.translate_request("openai_chat", "antropic", b"{}")  # E3
x: int = lc.decode(b"", lc.Request)                  # E4
lc.jsonl.read("f", lc.Turn, on_error="ignore")       # E5
lc.Message("usr", [])                               # E6 role literal
lc.Config(temperature="hot")                        # E7
lc.encode_response("openai_chat", req)              # E8 request not response
lc.stream.Encoder("gemini").feed(req)               # E9
lc.assemble([req])                                  # E10
y: str = lc.encode(req)                             # E11
lc.decode(b"", lc.Request, lenient="yes")           # E12
lc.stream.decode("openai", "not bytes")             # E13 str chunks
