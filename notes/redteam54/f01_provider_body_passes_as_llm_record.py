"""F01: a provider's response body, given to `lmcodec validate`, is pointed at `--format llm`,
where it is "1 good record"; `lmcodec convert --from llm` then writes a Turn whose answer text is
empty, exit status 0, "0 bad records". Exits 1 while so."""
import json
import sys
import tempfile

from _h import capture, lmcodec

body = capture("anthropic.basic_text")
text = json.loads(body.read_text())["content"][0]["text"]
bad = []
v = lmcodec("validate", str(body))
if "--format llm" in v.stderr:
    bad.append(f"validate's hint sends an Anthropic body to --format llm: {v.stderr.strip().splitlines()[-1]!r}")
v2 = lmcodec("validate", str(body), "--format", "llm")
if v2.returncode == 0:
    bad.append(f"validate --format llm: exit 0, {v2.stderr.strip()!r}")
with tempfile.TemporaryDirectory() as d:
    out = f"{d}/out.jsonl"
    c = lmcodec("convert", str(body), out, "--from", "llm")
    if c.returncode == 0:
        turn = json.loads(open(out).read())
        got = turn["response"]["message"]["parts"][0].get("text")
        if got != text:
            bad.append(f"convert --from llm: exit 0 ({c.stderr.strip()!r}); the answer {text!r} written as {got!r}")
for b in bad:
    print("FINDING:", b)
sys.exit(1 if bad else 0)
