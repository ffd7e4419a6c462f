import copy, io, sys, os, warnings; warnings.simplefilter("ignore")
sys.path.insert(0, "notes/redteam48")
from _h import event_streams, lc, wire_streams
W = wire_streams()
for dialect in ("openai", "openai_chat", "anthropic", "gemini"):
    data = W[dialect, "calls"]
    buf = bytearray(data)
    for cut in (7, len(data)//2, len(data)-3):
        d = lc.stream.Decoder(dialect)
        d.feed(memoryview(buf)[:cut])
        try:
            c = copy.copy(d)
            a = lc.encode(c.feed(memoryview(buf)[cut:]) + c.close())
            b = lc.encode(d.feed(memoryview(buf)[cut:]) + d.close())
            print(dialect, cut, "decoder mv copy ok", a == b)
        except Exception as e:
            print(dialect, cut, "decoder mv copy", type(e).__name__, e)
# Decoding over a generator
def gen():
    yield W["openai_chat", "text"]
it = lc.stream.decode("openai_chat", gen())
try:
    c = copy.copy(it); print("Decoding copy before pull:", type(c).__name__, [type(e).__name__ for e in c], [type(e).__name__ for e in it])
except Exception as e:
    print("Decoding copy before pull over generator:", type(e).__name__, e)
it = lc.stream.decode("openai_chat", iter([W["openai_chat", "text"]]))
try:
    c = copy.copy(it); print("Decoding copy (list_iterator):", [type(e).__name__ for e in c], [type(e).__name__ for e in it])
except Exception as e:
    print("Decoding copy before pull over iterator:", type(e).__name__, e)
f = io.BytesIO(W["openai_chat", "text"])
it = lc.stream.decode("openai_chat", f)
try:
    c = copy.copy(it); print("Decoding copy (file):", [type(e).__name__ for e in c], [type(e).__name__ for e in it])
except Exception as e:
    print("Decoding copy over file:", type(e).__name__, e)
# Assembler with request
a = lc.Assembler()
ev = event_streams()["calls"]
for e in ev[:4]: a.push(e)
c = copy.copy(a)
for e in ev[4:]: c.push(e); a.push(e)
print("assembler", lc.encode(c.result()) == lc.encode(a.result()))
