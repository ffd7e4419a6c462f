"""Citations and continuation states of the bodies.py sources through encode_response to every
dialect: counted before and after, the SDK's citations beside."""
import sys, json; HERE = __import__("os").path.dirname(__import__("os").path.abspath(__file__)); sys.path[:0] = [HERE, HERE + "/.."]
from bodies import SOURCES, WIRES, lc, REQUEST
from _bodies import sdk_body
for src, bodies in SOURCES.items():
    for name, b in bodies.items():
        R = lc.decode_response(src, json.dumps(b).encode(), request=REQUEST) if True else None
        cits = [(p.url, p.title, p.text) for p in R.message.parts if isinstance(p, lc.CitationPart)]
        states = [(s.provider, s.kind) for p in R.message.parts for s in getattr(p, "continuation", ()) or ()]
        if not cits and not states: continue
        for dst in WIRES:
            try:
                out = lc.encode_response(dst, R, usage_from=src)
            except lc.LmcodecError as e:
                print(src, name, dst, "ERR", e); continue
            back = lc.decode_response(dst, out, request=REQUEST)
            bc = [(p.url, p.title, p.text) for p in back.message.parts if isinstance(p, lc.CitationPart)]
            bs = [(s.provider, s.kind) for p in back.message.parts for s in getattr(p, "continuation", ()) or ()]
            sv = sdk_body(dst, out)
            print(f"{src:11} {name:18} -> {dst:11} cits {len(cits)}->{len(bc)} {'OK' if bc==cits else 'DIFF'} states {states}->{bs} sdk_cits {sv.get('citations')}")
