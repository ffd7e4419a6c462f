"""One compiled constructor per wire class: its plan (``_plan.py``) as straight-line code.

The generic ``WireMeta`` binding walks the plan for every call (positional names, membership of
each keyword, defaults, one check call per field): about twice lm15's dataclass constructors
(red team 6 F11). As ``dataclasses`` compiles an ``__init__``, this compiles, at a class's first
construction, a function with the class's own signature: Python binds the arguments in C, an
argument not given takes its default already checked, each check is called in the plan's order
only where a test written inline (``guarded``: a string, a float, a known class...) does not
already say it would return the argument as given, then msgspec builds the Struct. Arguments
that do not bind (unknown, doubled, too many) are left to the generic path, which words them as
lm15 does; every other outcome is the generic path's, which ``tests/wire/test_compiled.py``
checks class by class.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable
from typing import Any

__all__ = ["compile_constructor", "guarded"]

Check = Callable[[Any], Any]

_BUILTINS: dict[str, Any] = {
    f"_lm_b_{b.__name__}": b for b in (type, isinstance, str, bool, int, float, bytes, tuple, TypeError)
}
"""The builtins an inline test may name, as ``{b}type``: bound under private names, as a field
named ``type`` or ``bytes`` (ModelOrigin.type, TokenLogprob.bytes) is a parameter that would
shadow the builtin."""

_NOT_GIVEN = object()
"""The default of every parameter of a compiled constructor: an argument the caller left out."""


def compile_constructor(
    cls: type,
    positional: tuple[str, ...],
    kwonly: tuple[str, ...],
    defaults: dict[str, Any],
    checks: dict[str, Check],
    *,
    required: Any,
    factory: type,
    prepare: Callable[[dict[str, Any]], None] | None,
    prepare_unless: tuple[str, dict[str, Any]] | None = None,
    build: Callable[..., Any],
) -> Callable[..., Any] | None:
    """The constructor of ``cls`` as one function ``(cls, <lm15's signature>)``, or None where a
    field name cannot be a parameter. ``defaults`` holds ``required`` for a required argument and
    a ``factory`` (``.make()``) for one built fresh; ``prepare`` is the class's ``_lm_prepare`` and
    ``prepare_unless`` its ``_lm_prepare_unless`` (a template as :func:`guarded` takes, over the
    argument names, under which the hook leaves every argument as given)."""
    names = (*positional, *kwonly)
    if any(keyword.iskeyword(n) or not n.isidentifier() or n.startswith("_lm_") for n in names):
        return None
    env: dict[str, Any] = {
        "_lm_build": build,
        "_lm_not_given": _NOT_GIVEN,
        "_lm_prepare": prepare,
        **_BUILTINS,
    }
    lines = [
        f"    if {n} is _lm_not_given: raise _lm_b_TypeError({_missing(cls, n)!r})"
        for n in names
        if defaults[n] is required
    ]
    checked_defaults: dict[str, Any] = {}
    for index, name in enumerate(names):
        default = defaults[name]
        if default is required:
            continue
        if isinstance(default, factory):
            env[f"_lm_make_{index}"] = default.make  # type: ignore[attr-defined]
            lines.append(f"    if {name} is _lm_not_given: {name} = _lm_make_{index}()")
            continue
        check = checks.get(name)
        if prepare is None and check is not None:
            try:  # the check of an argument left out, made once: its result is the default
                checked_defaults[name] = check(default)
                continue
            except (TypeError, ValueError):
                pass
        env[f"_lm_default_{index}"] = default
        lines.append(f"    if {name} is _lm_not_given: {name} = _lm_default_{index}")
    if prepare is not None:
        indent = "    "
        if prepare_unless is not None:  # the class's own test under which its hook changes nothing
            env.update({"_lm_p_" + key: value for key, value in prepare_unless[1].items()})
            lines.append(f"    if not ({prepare_unless[0].format(g='_lm_p_', b='_lm_b_')}):")
            indent = "        "
        lines.append(indent + "_lm_kw = {" + ", ".join(f"{n!r}: {n}" for n in names) + "}")
        lines.append(indent + "_lm_prepare(_lm_kw)")
        lines += [f"{indent}{n} = _lm_kw[{n!r}]" for n in names]
    for index, (name, check) in enumerate(checks.items()):
        env[f"_lm_check_{index}"] = check
        statement = f"{name} = _lm_check_{index}({name})"
        guard: tuple[str, dict[str, Any]] | None = getattr(check, "lm_guard", None)
        if guard is not None:
            template, names_used = guard
            prefix = f"_lm_g{index}_"
            env.update({prefix + key: value for key, value in names_used.items()})
            statement = f"if not ({template.format(v=name, g=prefix, b='_lm_b_')}): {statement}"
        if name in checked_defaults:
            env[f"_lm_checked_{index}"] = checked_defaults[name]
            lines.append(f"    if {name} is _lm_not_given:\n        {name} = _lm_checked_{index}")
            lines.append(f"    else:\n        {statement}")
        else:
            lines.append(f"    {statement}")
    lines.append("    return _lm_build(_lm_cls, " + ", ".join(f"{n}={n}" for n in names) + ")")
    params = [f"{n}=_lm_not_given" for n in positional]
    if kwonly:
        params.append("*")
        params += [f"{n}=_lm_not_given" for n in kwonly]
    source = f"def _lm_construct(_lm_cls, {', '.join(params)}):\n" + "\n".join(lines) + "\n"
    exec(compile(source, f"<{cls.__name__} constructor>", "exec"), env)
    construct: Callable[..., Any] = env["_lm_construct"]
    construct.__qualname__ = f"{cls.__qualname__}.<constructor>"
    return construct


def _missing(cls: type, name: str) -> str:
    return f"{cls.__name__}() missing required argument: '{name}'"


def guarded(check: Check, template: str, **names: Any) -> Check:
    """Mark ``check`` with the test under which it returns its argument as given (and raises
    nothing): the compiled constructor calls it only where the test fails. ``template`` is a
    Python expression over ``{v}`` (the argument), ``{g}NAME`` for each of ``names`` and
    ``{b}NAME`` for a builtin (``{b}type({v}) is {b}int``: a field may be named ``type``)."""
    check.lm_guard = (template, names)  # type: ignore[attr-defined]
    return check
