"""``match`` patterns: the ``__match_args__`` type checkers read (declared under ``TYPE_CHECKING`` in
each wire class) is the one the class has at run time (lm15's positional fields), for every public
wire type; a class that declares none has none at run time."""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec.wire._struct import WireStruct

WIRE_TYPES = sorted(
    (
        obj
        for obj in (getattr(lc, name) for name in lc.__all__)
        if isinstance(obj, type) and issubclass(obj, WireStruct)
    ),
    key=lambda cls: cls.__name__,
)


def _literals(node: ast.expr, aliases: dict[str, ast.expr]) -> tuple[str, ...]:
    """The strings of ``tuple[Literal["a"], Literal["b"]]`` (or of an alias naming one)."""
    if isinstance(node, ast.Name):
        node = aliases[node.id]
    assert isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "tuple"
    items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    out = []
    for item in items:
        assert isinstance(item, ast.Subscript) and isinstance(item.value, ast.Name)
        assert item.value.id == "Literal" and isinstance(item.slice, ast.Constant)
        out.append(item.slice.value)
    return tuple(out)


def _is_type_checking(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.If) and isinstance(stmt.test, ast.Name) and stmt.test.id == "TYPE_CHECKING"


def declared_match_args(cls: type) -> tuple[str, ...]:
    """What a type checker reads: the class's ``__match_args__: ClassVar[...]`` under TYPE_CHECKING."""
    tree = ast.parse(Path(inspect.getfile(sys.modules[cls.__module__])).read_text("utf-8"))
    aliases: dict[str, ast.expr] = {
        stmt.target.id: stmt.value
        for block in tree.body
        if isinstance(block, ast.If) and _is_type_checking(block)
        for stmt in block.body
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None
    }
    (node,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__]
    for block in node.body:
        if not (isinstance(block, ast.If) and _is_type_checking(block)):
            continue
        for stmt in block.body:
            if isinstance(stmt, ast.AnnAssign) and getattr(stmt.target, "id", None) == "__match_args__":
                annotation = stmt.annotation
                assert (
                    isinstance(annotation, ast.Subscript)
                    and getattr(annotation.value, "id", "") == "ClassVar"
                )
                return _literals(annotation.slice, aliases)
    return ()


def test_the_sweep_sees_the_wire_types() -> None:
    assert len(WIRE_TYPES) >= 70 and lc.TextPart in WIRE_TYPES and lc.Turn in WIRE_TYPES


@pytest.mark.parametrize("cls", WIRE_TYPES, ids=lambda cls: cls.__name__)
def test_checkers_read_the_match_args_the_class_has_at_run_time(cls: type) -> None:
    assert declared_match_args(cls) == cls.__match_args__


def test_a_positional_pattern_binds_lm15s_fields() -> None:
    match lc.ToolCallPart("c1", "f", {"a": 1}):
        case lc.ToolCallPart(call_id, name, arguments):
            assert (call_id, name, arguments) == ("c1", "f", {"a": 1})
        case _:
            pytest.fail("no match")
