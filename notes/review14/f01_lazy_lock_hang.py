"""F01: the lazy-import RLock (rtfix22, lmcodec/assemble.py _LAZY_IMPORTS) against a direct import.

Thread B runs ``import lmcodec.dask`` (holding CPython's module lock of lmcodec.dask); thread A
reads ``lc.dask`` (takes _LAZY_IMPORTS, then waits for that module lock). lmcodec/dask.py runs
``from lmcodec import arrow`` at import, which calls the package's ``__getattr__("arrow")``, which
waits for _LAZY_IMPORTS: a lock-order inversion CPython cannot detect (one of the two locks is not a
module lock), so both threads hang for ever, where 58c3527 had no such lock.
A meta-path finder only widens the race window (it sleeps while B holds lmcodec.dask's module lock).
Exits 1 if the two threads are still blocked after 10 s.
"""

import os
import sys
import threading
import time

import lmcodec as lc

entered = threading.Event()


class SlowFinder:
    """Sleeps on the lookup of lmcodec.dask in thread B (its module lock held): widens the window."""

    def find_spec(self, name, path=None, target=None):
        if name == "lmcodec.dask" and threading.current_thread().name == "B":
            entered.set()
            time.sleep(0.5)
        return None


sys.meta_path.insert(0, SlowFinder())


def direct_import() -> None:
    import lmcodec.dask  # noqa: F401


def lazy_name() -> None:
    entered.wait()
    lc.dask  # noqa: B018


b = threading.Thread(target=direct_import, name="B", daemon=True)
a = threading.Thread(target=lazy_name, name="A", daemon=True)
b.start()
a.start()
a.join(10)
b.join(0.1)
if a.is_alive() or b.is_alive():
    print("FAIL: lc.dask and `import lmcodec.dask` in two threads deadlocked (both still blocked after 10 s)")
    sys.stdout.flush()
    os._exit(1)
print("ok: both threads finished")
