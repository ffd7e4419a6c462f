"""The base64 shape check (INV-011/012) is lm15's regex, ``^[A-Za-z0-9+/]*={0,2}$`` by fullmatch, for
every string: it is a deletion of the alphabet in C now (red team 17 F10: the regex engine was 62%
of decoding a request carrying images)."""

from __future__ import annotations

import string

from hypothesis import example, given, settings
from hypothesis import strategies as st
from lm15 import types as lm15_types

from lmcodec.wire._checks import check_base64, has_base64_shape

from ..budget import examples

_NEAR = string.ascii_letters + string.digits + "+/=-_ \t\n\r\v\f.:;,\x00\x7féΩ\U0001f600\ud800"
_TEXTS = st.one_of(
    st.text(alphabet=_NEAR, max_size=24),
    st.text(max_size=12),  # any code point, lone surrogates included
    st.builds(
        lambda body, pad, tail: body + "=" * pad + tail,
        st.text(alphabet=string.ascii_letters + string.digits + "+/", max_size=16),
        st.integers(0, 4),
        st.sampled_from(["", "\n", " ", "A", "=A", "é", "\r\n"]),
    ),
)


@settings(max_examples=examples(2000), deadline=None)
@given(_TEXTS)
@example("")
@example("=")
@example("==")
@example("===")
@example("AA==\n")
@example("A=A=")
@example("\uff21\uff22\uff23\uff24")  # fullwidth letters: not ASCII, outside the class
@example("\u0663\u0663\u0663\u0663")  # Arabic-Indic digits: str.isdigit, not [0-9]
def test_shape_is_lm15_s_regex(text: str) -> None:
    assert has_base64_shape(text) is bool(lm15_types._BASE64_RE.fullmatch(text))


@settings(max_examples=examples(1000), deadline=None)
@given(_TEXTS | _TEXTS.map(lambda t: "data:image/png;base64," + t))
def test_check_refuses_what_lm15_refuses(data: str) -> None:
    """The whole check (data URI, whitespace, length mod 4, shape) against lm15's own."""
    try:
        lm15_types._validate_base64_data("ImagePart", data)
        expected = None
    except ValueError as error:
        expected = str(error)
    try:
        check_base64("ImagePart", data)
        got = None
    except ValueError as error:
        got = str(error)
    assert got == expected
