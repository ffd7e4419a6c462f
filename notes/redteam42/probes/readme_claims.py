import sys, copy, dataclasses, threading, io, os, tempfile
import lmcodec as lc
ok = bad = 0
def check(name, cond, info=""):
    global ok, bad
    if cond: ok += 1
    else: bad += 1; print("FAIL", name, info)
def raises(name, f, exc, contains=""):
    try: r = f()
    except exc as e:
        check(name, contains in str(e), f"{type(e).__name__}: {e}")
        return e
    except BaseException as e:
        check(name, False, f"got {type(e).__mro__[:3]}: {e}")
        return e
    else: check(name, False, f"no raise: {r!r}"[:300])
req = lc.Request("m", [lc.Message.user("x")])
# errors tree
E = lc
check("tree1", issubclass(E.ValidationError, E.DecodeError) and issubclass(E.ValidationError, ValueError))
check("tree2", issubclass(E.StreamDecodeError, E.DecodeError) and issubclass(E.RecordError, E.DecodeError))
for n in ["EncodeError","ProviderError","StreamError","StreamAssemblyError","UnsupportedTypeError"]:
    check("tree-"+n, issubclass(getattr(E,n), E.LmcodecError) and not issubclass(getattr(E,n), E.DecodeError), str(getattr(E,n).__mro__))
check("unsup-typeerror", issubclass(E.UnsupportedTypeError, TypeError))
raises("decode dict", lambda: lc.decode(b"{}", dict), lc.UnsupportedTypeError)
raises("schema int", lambda: lc.schema(int), lc.UnsupportedTypeError)
raises("jsonl dict", lambda: list(lc.jsonl.read(b"{}\n", dict)), lc.UnsupportedTypeError)
e = raises("decode offset", lambda: lc.decode(b'{"model":', lc.Request), lc.DecodeError)
check("offset attr", hasattr(e, "offset"), repr(e))
e = raises("valerr path", lambda: lc.decode(b'{"model":"m","messages":[{"role":"user","parts":[{"type":"text"}]}]}', lc.Request), lc.ValidationError)
check("path attr", getattr(e, "path", None), repr(getattr(e,"path",None)))
print("path:", getattr(e,"path",None), "| msg:", e)
# Response requires usage and id
raises("Response no usage", lambda: lc.Response(model="m", message=lc.Message.assistant("x"), finish_reason="stop"), TypeError)
# surrogate
tp = lc.TextPart("a\ud800b")
data = lc.encode(tp); check("surr encode", b"\\ud800" in data, data)
raises("surr strict", lambda: lc.decode(data, lc.Part), lc.DecodeError)
try: check("surr lenient", lc.decode(data, lc.Part, lenient=True) == tp)
except Exception as ex: check("surr lenient", False, repr(ex))
raises("surr msgpack", lambda: lc.msgpack.encode(tp), lc.EncodeError)
# float spelling
check("float", lc.encode(lc.Config(temperature=1e-5)) == b'{"temperature":0.00001}', lc.encode(lc.Config(temperature=1e-5)))
# replace
r2 = lc.replace(lc.Config(), stop="x"); check("replace stop", r2.stop == ("x",), r2.stop)
raises("replace type", lambda: lc.replace(lc.TextPart("x"), type="image"), (ValueError, TypeError))
raises("replace non-lc", lambda: lc.replace(object()), TypeError)
if sys.version_info >= (3, 13):
    c = copy.replace(lc.Config(), stop="y"); check("copy.replace", c.stop == ("y",), c)
check("not dataclass", not dataclasses.is_dataclass(tp))
raises("assign", lambda: setattr(tp, "text", "y"), AttributeError)
raises("dc.replace", lambda: dataclasses.replace(tp, text="y"), TypeError)
check("stop str", lc.Config(stop="x").stop == ("x",))
check("toolchoice allowed", lc.ToolChoice(allowed="x").allowed == ("x",), lc.ToolChoice(allowed="x"))
# normalization
check("FunctionTool desc", lc.FunctionTool("f", description="").description is None)
check("Response logprobs", lc.Response(model="m", message=lc.Message.assistant("x"), finish_reason="stop", usage=lc.Usage(), id=None, logprobs=()).logprobs is None)
# unknown keep
p = lc.decode(b'{"type":"weird","x":1}', lc.Part, unknown="keep")
check("unknown keep", isinstance(p, lc.UnknownPart) and isinstance(p, lc.Unknown), p)
check("unknown reencode", lc.encode(p) == b'{"type":"weird","x":1}', lc.encode(p))
# UTF-16 log
u16 = (lc.encode(lc.Turn(req, lc.Response(model="m", message=lc.Message.assistant("y"), finish_reason="stop", usage=lc.Usage(), id="r"))) + b"\n").decode().encode("utf-16")
e = raises("utf16", lambda: list(lc.jsonl.read(u16, lc.Turn)), lc.LmcodecError, "UTF-16")
# StreamAssemblyError partial
sse = open("/work/wt/shared/corpus/lm15-contract/bodies/anthropic.streaming/2026-04-13T13-25-39Z.txt","rb").read()
cut = sse[: sse.index(b"event: message_delta")]
e = raises("assemble partial", lambda: lc.assemble(lc.stream.decode("anthropic", [cut])), lc.StreamAssemblyError)
check("partial attr", e is not None and hasattr(e, "partial"), repr(e))
bad_frame = sse[:sse.index(b"event: content_block_stop")] + b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"\n\n' + sse[sse.index(b"event: content_block_stop"):]
bad_frame_unused = cut + b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":5}}\n\n'
e = raises("bad frame", lambda: lc.assemble(lc.stream.decode("anthropic", [bad_frame])), lc.StreamDecodeError)
check("bad frame partial", e is not None and getattr(e, "partial", None) is not None, repr(getattr(e,"partial",None))[:200])
# wrong dialect with a request -> empty Response
# llm
check("llm ctors", lc.llm.TextPart() is not None and lc.llm.ToolCallPart() is not None and lc.llm.Message("user") is not None)
raises("llm encode canonical", lambda: lc.llm.encode(req), lc.EncodeError)
raises("llm nan ok", lambda: lc.llm.encode(lc.llm.TextPart(text=b"x")), lc.EncodeError)
# ModelInfo positional
try:
    mi = lc.ModelInfo("id", "prov", "chat", (), lc.ModelOrigin(), None, {"a": 1})
    check("modelinfo 7th", mi.extensions == {"a": 1}, mi)
except Exception as ex: check("modelinfo 7th", False, repr(ex))
raises("AudioFormat sample_rate None", lambda: lc.AudioFormat(sample_rate=None), (ValueError, TypeError))
check("input_modalities ab", lc.InferenceModelInfo(input_modalities="ab").input_modalities == ("a","b") if hasattr(lc,"InferenceModelInfo") else False)
# Decoder from two threads
# max_line_bytes None
check("max_line None", len(list(lc.jsonl.read(b"", lc.Turn, max_line_bytes=None))) == 0)
print("ok", ok, "bad", bad)
