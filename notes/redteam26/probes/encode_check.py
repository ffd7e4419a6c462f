import sys, json, importlib.util, io, contextlib, collections
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
import lmcodec as lc
from openai.types.responses import Response as OR
from openai.types.chat import ChatCompletion as OC
from anthropic.types import Message as AM
from google.genai import types as gt
VAL = {"openai": OR.model_validate, "openai_chat": OC.model_validate, "anthropic": AM.model_validate, "gemini": gt.GenerateContentResponse.model_validate}
def load(name):
    spec = importlib.util.spec_from_file_location(name, str(__import__("pathlib").Path(__file__).resolve().parent / f"{name}.py")); mod = importlib.util.module_from_spec(spec)
    with contextlib.redirect_stdout(io.StringIO()): spec.loader.exec_module(mod)
    return mod.cases
req = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
seen = collections.Counter()
for src, mod in (("openai", "resp_openai"), ("openai_chat", "resp_chat"), ("anthropic", "resp_anth"), ("gemini", "resp_gem")):
    for name, body in load(mod).items():
        try:
            r = lc.decode_response(src, json.dumps(body).encode(), request=req)
        except Exception:
            continue
        for dst in VAL:
            try:
                out = lc.encode_response(dst, r, usage_from=src)
            except lc.ValidationError as e:
                seen[(src, dst, "refused")] += 1
                continue
            except Exception as e:
                print(f"CRASH {src}/{name} -> {dst}: {type(e).__name__}: {e}"[:300]); continue
            try:
                VAL[dst](json.loads(out))
            except Exception as e:
                print(f"SDK-REJECTS {src}/{name} -> {dst}: {str(e)[:300]}")
print(seen)
