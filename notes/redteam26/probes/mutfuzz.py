import sys, json, random, importlib.util, io, contextlib, collections
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent)); sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[3]))
from _common import compare
from tests.mutation import ODD_VALUES, change_node, REPLACE, DROP, ADD
def load(name):
    spec = importlib.util.spec_from_file_location(name, str(__import__("pathlib").Path(__file__).resolve().parent / f"{name}.py"))
    mod = importlib.util.module_from_spec(spec)
    with contextlib.redirect_stdout(io.StringIO()):
        spec.loader.exec_module(mod)
    return mod
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
prov, modname = {"openai": ("openai", "resp_openai"), "chat": ("openai_chat", "resp_chat"), "anth": ("anthropic", "resp_anth"), "gem": ("gemini", "resp_gem")}[sys.argv[1]]
cases = load(modname).cases
extra = ["type", "index", "text", "id", "name", "annotations", "logprobs", "citations", "thought", "refusal", "content", "parts", "bytes", "top_logprobs", "groundingMetadata", "signature", "data"]
found = collections.OrderedDict()
N = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
for i in range(N):
    name = rng.choice(list(cases))
    body = json.loads(json.dumps(cases[name]))
    for _ in range(rng.choice([1, 1, 2])):
        op = rng.random()
        action = REPLACE if op < 0.7 else DROP if op < 0.85 else ADD
        body = change_node(body, rng.random(), rng.choice(ODD_VALUES), action, rng.choice(extra))
    if not isinstance(body, dict):
        continue
    try:
        d = compare(prov, body)
    except Exception as exc:
        d = [f"harness crash {exc!r}"]
    if d and not any("error" in json.dumps(body)[:0] for _ in [0]):
        key = d[0][:120]
        if key not in found:
            found[key] = (name, json.dumps(body)[:700], d[:3])
for k, (name, b, d) in found.items():
    print("==", name); print("  body", b); [print("  ", x[:300]) for x in d]
print(len(found), "distinct")
