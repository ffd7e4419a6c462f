"""Probe: translate_request / decode_request of red team 34's SDK-captured request matrix in every
pair, printed as one digest line per run, to diff 286a702 against 5b3525f (run under each PYTHONPATH)."""
from __future__ import annotations
import hashlib, sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "redteam34" / "probes"))
import sdk_matrix as m  # noqa: E402
import lmcodec as lc  # noqa: E402
import json
for name, (p, f) in sorted(m.CASES.items()):
    try:
        raw = json.dumps(f()).encode()
    except Exception:
        continue
    for d in m.PROVIDERS:
        kw = {"model": m.MODEL[d]} if p == "gemini" else {}
        try:
            out = lc.translate_request(p, d, raw, **kw)
            got = hashlib.sha256(out if isinstance(out, bytes) else repr(out).encode()).hexdigest()[:12]
        except Exception as e:
            got = f"{type(e).__name__}: {str(e)[:100]}"
        print(name, p, "->", d, got)
