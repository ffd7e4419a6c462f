"""Run README.md's python blocks (the tour as a doctest, the fragments with the names they assume
supplied from the corpus) in a scratch directory; print each block's outcome.

Usage: PYTHONPATH=<checkout>/src python run_readme_blocks.py <checkout>
"""
import doctest, glob, json, os, pathlib, sys, tempfile, traceback

root = pathlib.Path(sys.argv[1]).resolve()
corpus = pathlib.Path(__file__).resolve().parents[3] / "shared/corpus"
sys.path.insert(0, str(pathlib.Path(__file__).parent))
from extract_blocks_lib import blocks  # noqa: E402

import lmcodec as lc  # noqa: E402


def first(pattern: str) -> bytes:
    return pathlib.Path(sorted(glob.glob(str(corpus / pattern)))[0]).read_bytes()


class FakeHTTP:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def iter_bytes(self):
        for i in range(0, len(self.data), 100):
            yield self.data[i : i + 100]


class Sink:
    def __init__(self) -> None:
        self.out = []

    def write(self, b) -> None:
        self.out.append(b)


anth_stream = first("lm15-contract/bodies/anthropic.streaming/*")
case = json.loads((corpus / "lm15-contract/cases/openai_chat/streaming.json").read_text())
llm_resp = next(x["value"] for x in json.load(open(corpus / "llm-0.36/vectors.json")) if x["kind"] == "response")
fixtures = dict(
    lc=lc,
    req=lc.Request("claude-sonnet-4-5", [lc.Message.user("Hello.")], config=lc.Config(max_tokens=256)),
    http_response=FakeHTTP(anth_stream),
    backend=FakeHTTP(anth_stream),
    client=Sink(),
    client_body=json.dumps(case["request"]["body"]).encode(),
    backend_body=first("lm15-contract/bodies/gemini.basic_text/*"),
    body=first("lm15-contract/bodies/openai.basic_text/*") if glob.glob(str(corpus / "lm15-contract/bodies/openai.basic_text/*")) else b"",
    data=json.dumps(llm_resp).encode(),
    rejects=[],
)
r0 = lc.assemble(lc.stream.decode("anthropic", FakeHTTP(anth_stream).iter_bytes(), request=fixtures["req"]), request=fixtures["req"])
fixtures["response"] = r0
fixtures["turns"] = [lc.Turn(request=fixtures["req"], response=r0)] * 3
fixtures["event"] = next(iter(lc.stream.decode("anthropic", [anth_stream], request=fixtures["req"])))

os.chdir(tempfile.mkdtemp())
failed = 0
for b in blocks(root):
    if b["lang"] != "python":
        continue
    where = f'{b["file"]}:{b["line"]}'
    if b["text"].lstrip().startswith(">>>"):
        t = doctest.DocTestParser().get_doctest(b["text"], {"lc": lc}, where, where, b["line"])
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(t)
        res = runner.summarize(verbose=False)
        print(where, "doctest", res)
        failed += res.failed
        continue
    ns = dict(fixtures)
    for n, stmt in enumerate(b["text"].split("\n")):
        pass
    try:
        exec(compile(b["text"].replace("\n    ...", "\n    pass"), where, "exec"), ns)
        print(where, "ran")
        for k in ("reader", "built", "record"):
            if k in ns and k not in fixtures:
                v = ns[k]
                print("   ", k, "->", type(v).__name__, getattr(v, "bad", ""), getattr(v, "adaptations", ""))
    except Exception:
        failed += 1
        print(where, "RAISED")
        traceback.print_exc(limit=3)
print("failed blocks:", failed)
sys.exit(1 if failed else 0)
