"""F06: every Response read from a provider stream or body carries `provider_data`, which
`lc.encode` (and `lc.msgpack.encode`, `lc.jsonl.write` of Responses) leaves out unless
`include_provider_data=True`: `lc.decode(lc.encode(r), lc.Response) == r` is False, where the tour
shows the round trip equal. `lc.encode`'s one-line docstring does not say so. Exits 1 while the
docstring names neither provider_data nor the keyword, and the round trip is unequal."""
import sys

import lmcodec as lc
from _h import capture

r = lc.assemble(lc.stream.decode("anthropic", [capture("anthropic.streaming").read_bytes()]))
same_json = lc.decode(lc.encode(r), lc.Response) == r
same_msgpack = lc.msgpack.decode(lc.msgpack.encode(r), lc.Response) == r
doc = lc.encode.__doc__ or ""
print("decode(encode(r)) == r:", same_json, "| msgpack:", same_msgpack, "| provider_data held:", r.provider_data is not None)
print("lc.encode.__doc__:", repr(doc))
sys.exit(1 if not same_json and "provider_data" not in doc else 0)
