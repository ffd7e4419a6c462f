"""Probe: callgrind self cost by C function of lc.assemble(lc.stream.decode()) on one shape
(name dialect scale [per]); prints callgrind_annotate's top rows."""
from __future__ import annotations
import os, subprocess, sys, tempfile
from pathlib import Path
HERE = Path(__file__).resolve().parent
if sys.argv[1] == "--inner":
    sys.path.insert(0, str(HERE.parent)); sys.path.insert(0, str(HERE.parents[2] / "benchmarks"))
    import _shapes as S
    import streams_varied_contestants as C
    name, d, k = sys.argv[2], sys.argv[3], int(sys.argv[4])
    f = S.BUILDERS.get(name) or S.ONE_DIALECT[name][1]
    ev = f(d, k)
    chunks = ev if sys.argv[5:] == ["per"] else [b"".join(ev)]
    run = C.lmcodec_runner(d)
    run(chunks)
    os.getppid(); run(chunks); os.getppid()
else:
    with tempfile.TemporaryDirectory() as t:
        subprocess.run(["valgrind", "--tool=callgrind", "--dump-before=os_getppid*", f"--callgrind-out-file={t}/cg",
                        sys.executable, __file__, "--inner", *sys.argv[1:]], check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": "0"})
        out = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", f"{t}/cg.2"], capture_output=True, text=True).stdout
        print("\n".join(out.splitlines()[:400]))
