"""F01: the first access to lmcodec's lazy names from several threads at once fails.

Each round runs a fresh interpreter that imports lmcodec and then, from 26 threads released
together, reads the deferred names (lc.Assembler, lc.assemble, lc.translate_request, lc.stream, ...).
Every access must give the object; here some raise _DeadlockError or "ImportError: cannot import
name ... from partially initialized module". Exits non-zero while any round fails.
"""

import os
import subprocess
import sys

CHILD = r"""
import sys, threading
import lmcodec as lc
names = ["Assembler", "assemble", "ProviderRequest", "build_request", "decode_request",
         "decode_response", "encode_response", "translate_request", "stream", "providers",
         "jsonl", "llm", "msgpack"]
errors = []
barrier = threading.Barrier(len(names) * 2)
def first_access(name):
    barrier.wait()
    try:
        getattr(lc, name)
    except BaseException as exc:
        errors.append(f"lc.{name}: {type(exc).__name__}: {str(exc)[:120]}")
threads = [threading.Thread(target=first_access, args=(n,)) for n in names * 2]
for t in threads: t.start()
for t in threads: t.join()
print("\n".join(errors))
sys.exit(1 if errors else 0)
"""

ROUNDS = 10
failed = 0
for i in range(ROUNDS):
    run = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, env=os.environ)
    if run.returncode:
        failed += 1
        print(f"round {i}: " + run.stdout.strip().replace("\n", "\n  "))
print(f"{failed} of {ROUNDS} fresh interpreters failed a concurrent first access")
sys.exit(1 if failed else 0)
