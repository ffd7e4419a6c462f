"""Probe 6: pickle / copy / deepcopy of every public Struct instance the corpus-free seeds give, and of
the stream Decoder / Encoder / Assembler / Decoding / translate generator."""
from __future__ import annotations

import copy
import os
import pickle
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import DIALECTS, cut, digest, lc, wire_streams, event_streams  # noqa: E402
from tests import fuzz_support as fs  # noqa: E402

W = wire_streams()


def main() -> int:
    counts = {"ok": 0, "bad": 0}
    seen_types = set()
    objs = []
    for seed in fs.json_seeds():
        try:
            objs.append(lc.decode(seed.data, seed.target))
        except lc.LmcodecError:
            pass
    from lmcodec import llm
    for seed in fs.llm_seeds():
        try:
            objs.append(llm.decode(seed.data, seed.target))
        except lc.LmcodecError:
            pass
    for seed in fs.json_seeds()[:80]:  # unknown variants kept
        bad = seed.data.replace(b'"type":"text"', b'"type":"hologram"', 1)
        try:
            objs.append(lc.decode(bad, seed.target, unknown="keep"))
        except lc.LmcodecError:
            pass
    for events in event_streams().values():
        objs += events
        objs.append(lc.assemble(events))
    objs.append(lc.build_request("openai", lc.Request(model="m", messages=(lc.Message.user("x"),))))
    for obj in objs:
        seen_types.add(type(obj).__name__)
        for how, fn in (("pickle", lambda o: pickle.loads(pickle.dumps(o, protocol=pickle.HIGHEST_PROTOCOL))),
                        ("pickle0", lambda o: pickle.loads(pickle.dumps(o, protocol=0))),
                        ("copy", copy.copy), ("deepcopy", copy.deepcopy)):
            try:
                back = fn(obj)
                same = type(back) is type(obj)  # (compared by their encodings: a NaN is not == itself)
                if isinstance(obj, lc.ProviderRequest):
                    same = back.body == obj.body and back.path == obj.path
                elif type(obj).__module__.startswith("lmcodec.llm"):
                    same = same and llm.encode(back) == llm.encode(obj)
                else:
                    same = same and digest(back) == digest(obj)
            except Exception as exc:  # noqa: BLE001
                same = False
                print("RAISED", how, type(obj).__name__, type(exc).__name__, exc)
            counts["ok" if same else "bad"] += 1
            if not same:
                print("DIFF", how, type(obj).__name__)
    print(f"values: {len(objs)} of {len(seen_types)} types; round trips held {counts['ok']}, not {counts['bad']}")
    stateful = {
        "Decoder": lambda: lc.stream.Decoder("openai_chat"),
        "Decoder fed": lambda: (lambda d: (d.feed(W["openai_chat", "text"][:100]), d)[1])(lc.stream.Decoder("openai_chat")),
        "Encoder": lambda: lc.stream.Encoder("anthropic"),
        "Assembler": lambda: lc.Assembler(),
        "decode()": lambda: lc.stream.decode("gemini", [W["gemini", "text"]]),
        "translate()": lambda: lc.stream.translate("gemini", "openai", [W["gemini", "text"]]),
        "DecodeStats": lambda: lc.stream.Decoder("openai").stats,
    }
    for name, make in stateful.items():
        for how, fn in (("pickle", lambda o: pickle.loads(pickle.dumps(o))), ("copy", copy.copy), ("deepcopy", copy.deepcopy)):
            try:
                obj = make()
                back = fn(obj)
                print(f"{name:12s} {how:9s} -> a copy ({type(back).__name__})")
            except Exception as exc:  # noqa: BLE001
                print(f"{name:12s} {how:9s} -> {type(exc).__name__}: {str(exc)[:100]}")
    return 1 if counts["bad"] else 0


if __name__ == "__main__":
    sys.exit(main())
