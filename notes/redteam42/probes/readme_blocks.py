import os, tempfile, io
import lmcodec as lc
os.chdir(tempfile.mkdtemp())
req = lc.Request("gpt-4.1-mini", [lc.Message.user("Hi!")], config=lc.Config(temperature=1))
resp = lc.Response(id="r1", model="gpt-4.1-mini", message=lc.Message.assistant("Hello"), finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=1))
turns = [lc.Turn(request=req, response=resp) for _ in range(3)]
# logs block
print("write ->", lc.jsonl.write("log.jsonl.gz", turns))
reader = lc.jsonl.read("log.jsonl.gz", lc.Turn, on_error="collect")
for turn in reader:
    pass
print("bad/errors", reader.bad, reader.errors)
print("msgpack write ->", lc.msgpack.write_stream("log.msgpack", turns))
print(list(lc.msgpack.read_stream("log.msgpack", lc.Turn, on_error="skip"))[:1])
rejects = []
open("huge.jsonl","wb").write(lc.encode(turns[0]) + b"\n{bad\n")
print(len(list(lc.jsonl.read("huge.jsonl", lc.Turn, on_error=rejects.append))), rejects)
# filter in place
p = "log.jsonl.gz"
keep = lambda t: True
print("inplace", lc.jsonl.write(p, (t for t in lc.jsonl.read(p, lc.Turn) if keep(t))))
# streams block
sse = b"".join(lc.stream.encode("anthropic", lc.stream.decode("anthropic", [b""], request=req))) if False else None
events_src = list(lc.stream.Encoder("anthropic").feed(e) for e in [])
# craft an anthropic stream by encoding a response
body = lc.encode_response("anthropic", resp)
print("anth body", body[:80])
class R:
    def iter_bytes(self):
        # from a canonical event list
        evs = [lc.StreamStartEvent(id="r1", model="claude"), lc.PartStartEvent(part_index=0, part_type="text") if hasattr(lc,"PartStartEvent") else None]
        return iter([])
enc = lc.stream.Encoder("anthropic")
print([n for n in dir(lc) if n.endswith("Event")])
