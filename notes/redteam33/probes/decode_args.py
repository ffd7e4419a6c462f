"""Red team 33 probe: lc.stream.decode / lc.assemble(decode(...)) with wrong arguments: the
outcome's class (lc error, bare error, ok) printed one line a case, to diff between two trees.
Run: PYTHONPATH=<tree>/src /work/venv/bin/python notes/redteam33/probes/decode_args.py"""
import lmcodec as lc

body = b'data: {"candidates":[{"content":{"parts":[{"text":"hi"}],"role":"model"},"finishReason":"STOP"}],"modelVersion":"g"}\n\n'
req = lc.Request(model="m", messages=(lc.Message.user("hi"),))


class Weird:
    def __ne__(self, other):
        return False

    def __eq__(self, other):
        return False


class S(str):
    pass


cases = {
    "provider int": dict(provider=1),
    "provider None": dict(provider=None),
    "provider bytes": dict(provider=b"gemini"),
    "provider unknown": dict(provider="gemni"),
    "provider str subclass": dict(provider=S("gemini")),
    "provider list": dict(provider=["gemini"]),
    "unknown bad": dict(unknown="drop"),
    "unknown None": dict(unknown=None),
    "unknown list": dict(unknown=["skip"]),
    "unknown weird": dict(unknown=Weird()),
    "unknown S(keep)": dict(unknown=S("keep")),
    "request dict": dict(request={"model": "m"}),
    "request str": dict(request="m"),
    "request Response": dict(request=lc.Response.from_text("x", model="m") if hasattr(lc.Response, "from_text") else 3),
    "chunks str": dict(chunks=body.decode()),
    "chunks bytes": dict(chunks=body),
    "chunks [str]": dict(chunks=[body.decode()]),
    "chunks [memoryview]": dict(chunks=[memoryview(body)]),
    "chunks [bytearray]": dict(chunks=[bytearray(body)]),
    "chunks (memoryview,)": dict(chunks=(memoryview(body),)),
    "chunks [None]": dict(chunks=[None]),
    "chunks [int]": dict(chunks=[3]),
    "chunks None": dict(chunks=None),
    "chunks dict": dict(chunks={body: 1}),
    "chunks [body, str]": dict(chunks=[body[:10], body[10:].decode()]),
    "chunks [released mv]": "released",
    "chunks [mv of int array]": "intarray",
}
for name, kw in cases.items():
    if kw == "released":
        mv = memoryview(bytearray(body)); mv.release(); kw = dict(chunks=[mv])
    if kw == "intarray":
        import array
        kw = dict(chunks=[memoryview(array.array("i", [1, 2, 3]))])
    args = dict(provider="gemini", chunks=[body], request=None, unknown="skip")
    args.update(kw)
    for mode in ("decode", "assemble"):
        try:
            d = lc.stream.decode(args["provider"], args["chunks"], request=args["request"], unknown=args["unknown"])
            r = list(d) if mode == "decode" else lc.assemble(d)
            out = "ok " + (str(len(r)) if mode == "decode" else repr(r.text))
        except lc.LmcodecError as e:
            out = f"lc {type(e).__name__}"
        except Exception as e:
            out = f"BARE {type(e).__name__}: {str(e)[:60]}"
        print(f"{name:28} {mode:9} {out}")
