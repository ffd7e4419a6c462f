"""F01/F02 fix sketch checked by a monkeypatch (src untouched): as_exact rebuilds the lmcodec class
from that class's own fields (the subclass's extra fields left out). Runs f01 and f02 patched."""
import os, runpy, sys
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, HERE)
from _h import lc  # noqa
import lmcodec.wire._exact as ex
from typing import Any
import msgspec
from lmcodec.wire._struct import unpickle

def as_exact(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return _exact_items(value)
    if not isinstance(value, msgspec.Struct):
        return value
    cls = type(value)
    base = cls if cls.__module__.startswith("lmcodec.") else exact_class(cls)
    if base is None:
        return value
    fields = {name: getattr(value, name) for name in base.__struct_fields__}
    exact = {name: as_exact(field) for name, field in fields.items()}
    if base is cls and all(exact[name] is fields[name] for name in fields):
        return value
    return unpickle(base, exact)

ex.as_exact.__code__ = as_exact.__code__
rc = 0
for f in ("f01_config_usage_subclass_with_a_field_bare_typeerror.py", "f02_subclass_with_a_field_bare_typeerror_at_writers.py"):
    try:
        runpy.run_path(os.path.join(HERE, f), run_name="__main__")
    except SystemExit as e:
        print(f, "exit", e.code); rc |= bool(e.code)
sys.exit(rc)
