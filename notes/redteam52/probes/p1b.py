import copy, sys
from _h import DIALECTS, answer, chunkings, frame, translated, lc, REQUEST
from p1_items import SHAPES
from tests.stream.write_support import sdk_responses
for name in sys.argv[1:]:
    frames = [frame(copy.deepcopy(e)) for e in SHAPES[name]]
    data = b"".join(frames)
    try:
        s = sdk_responses(data); print(name, "SDK source:", s["text"], s["tool_calls"], repr(s["thinking"]), s["reasoning_state"])
    except Exception as e:
        print(name, "SDK source raised", type(e).__name__, e)
    print("  decode:", answer("openai", [data]))
    for dst in DIALECTS:
        for cut, ch in chunkings(frames).items():
            print(f"  {dst:11} {cut:9}", translated("openai", dst, ch))
        if dst == "openai":
            for cut, ch in chunkings(frames).items():
                out = b"".join(lc.stream.translate("openai", "openai", ch, request=REQUEST))
                try:
                    s = sdk_responses(out); print("     SDK of out", cut, s["text"], s["tool_calls"], repr(s["thinking"]), s["reasoning_state"])
                except Exception as e:
                    print("     SDK of out raised", type(e).__name__, e)
