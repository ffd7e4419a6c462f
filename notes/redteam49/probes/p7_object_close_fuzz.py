"""Anthropic stream writer: arguments that open an object, followed by garbage, cut anywhere;
the partial_json written must be the object (and whitespace) exactly; read back by the SDK."""
import json, random, sys, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
ATOMS = ['"a"', '"}"', '"]"', '"{"', '"\\""', '"\\\\"', '"\\\\\\""', '"é🌍"', '"\\u005c"', '"\\ud83d\\ude00"', '1', '-0.5e3', 'true', 'null', '"},{"', '"x\\\\"']
def value(d=0):
    r = rng.random()
    if d < 4 and r < 0.25:
        return "{" + ",".join(f'{rng.choice(ATOMS[:10]) if rng.random()<0.5 else chr(34)+"k"+str(i)+chr(34)}:{value(d+1)}' for i in range(rng.randint(0, 3))) + "}"
    if d < 4 and r < 0.45:
        return "[" + ",".join(value(d+1) for _ in range(rng.randint(0, 3))) + "]"
    return rng.choice(ATOMS)
def obj():
    return "{" + ",".join(f'"k{i}":{value(1)}' for i in range(rng.randint(0, 4))) + "}"
TAILS = ["", " ", "\n  ", "}", "]", ',{"b":1}', ' x', '{}', '"', '\\', '}}', ' {"c":"}"}']
bad = 0; n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
for t in range(n):
    o = obj(); o = o if rng.random() < 0.7 else o.replace(":", ": ").replace(",", ", ")
    tail = rng.choice(TAILS)
    text = o + tail
    cuts = sorted(set(rng.randint(1, len(text)) for _ in range(rng.randint(0, 6))))
    frags = []; prev = 0
    for c in cuts + [len(text)]:
        if c > prev: frags.append(text[prev:c]); prev = c
    events = [lc.StreamStartEvent(id="msg_1", model="m"),
              lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input="", part_index=0, id="toolu_1", name="f"))]
    events += [lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input=f, part_index=0)) for f in frags]
    events.append(lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=1)))
    try:
        out = b"".join(lc.stream.encode("anthropic", events))
    except lc.LmcodecError as e:
        bad += 1; print("refused", repr(text), frags, e); continue
    pj = ""
    for line in out.split(b"\n"):
        if line.startswith(b"data: "):
            d = json.loads(line[6:])
            if d.get("type") == "content_block_delta" and d["delta"].get("type") == "input_json_delta":
                pj += d["delta"]["partial_json"]
    expect = o + (tail if tail.strip() == "" else "")
    if pj.rstrip() != o or json.loads(pj) != json.loads(o):
        bad += 1
        if bad < 6: print("DIFF", repr(text), frags, "->", repr(pj))
print("n", n, "bad", bad)
