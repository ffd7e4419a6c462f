"""F03: importlib.reload(lmcodec) raises KeyError: 'assemble' (it worked on a7c46ed).

lmcodec/__init__ ends with `del globals()["assemble"]` after importing lmcodec.assemble. On a
reload the submodule is already in sys.modules, so the import binds nothing and the del fails
(unless lc.assemble was read before, which put the function back in the namespace).
"""

import importlib
import sys

import lmcodec

try:
    importlib.reload(lmcodec)
except Exception as exc:
    print(f"importlib.reload(lmcodec) raised {type(exc).__name__}: {exc!r}")
    sys.exit(1)
print("reload ok:", lmcodec.assemble)
