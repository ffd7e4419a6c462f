"""F03: cli/_assemble.read_bounded says "memory stays bounded by ``bound``", but it keeps every
1 MiB piece in a list and joins them at the end: at the join the pieces and the joined copy are
both alive, so a body at the bound peaks at twice the bound (64 MiB default -> ~128 MiB) before
decode_response builds anything. Exits 1 while reading a body of N bytes peaks over 1.5 N."""

import io
import sys
import tracemalloc

from lmcodec.cli._assemble import read_bounded

size = 32 << 20
source = io.BytesIO(b"{" + b" " * (size - 2) + b"}")
tracemalloc.start()
data = read_bounded(source, size)
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
assert data is not None and len(data) == size
print(f"body {size >> 20} MiB at the bound: read_bounded peaked at {peak / (1 << 20):.1f} MiB ({peak / size:.2f}x)")
if peak > 1.5 * size:
    print("FAIL: memory is bounded by twice the bound, not by the bound the docstring names")
    sys.exit(1)
