"""llm's serialization format (``llm`` 0.36 ``Response.to_dict()``), read and written exactly.

- Structs mirroring each shape: :class:`Response`, :class:`Prompt`,
  :class:`Message`, the parts (:class:`TextPart`, :class:`ReasoningPart`,
  :class:`ToolCallPart`, :class:`ToolResultPart`, :class:`AttachmentPart`;
  union :data:`Part`), :class:`Attachment`, :class:`Usage`.
- TypedDicts under llm's own names (``ResponseDict``, ``MessageDict``, ...),
  importable without llm.
- :func:`encode` / :func:`decode` (JSON), :func:`to_builtins` /
  :func:`from_builtins` (the dicts of ``to_dict()`` / ``from_dict()``).
- :func:`reloaded`: what llm writes after reading a record back;
  :func:`apply_model`: the model-dependent checks of ``Response.from_dict``
  (needs llm installed).
- :func:`to_turn` / :func:`from_turn`: lossless conversion to and from the canonical
  :class:`lmcodec.Turn` (see :mod:`lmcodec.llm.convert` for what cannot be carried).
- :func:`from_llm` / :func:`to_llm`: llm's own live objects (needs llm installed).
"""

from lmcodec.llm.codec import NonFiniteFloat, decode, encode, from_builtins, to_builtins
from lmcodec.llm.convert import from_turn, to_turn
from lmcodec.llm.interop import apply_model, from_llm, to_llm
from lmcodec.llm.reading import reloaded
from lmcodec.llm.typeddicts import (
    AttachmentDict,
    AttachmentPartDict,
    MessageDict,
    PartDict,
    PromptDict,
    ReasoningPartDict,
    ResponseDict,
    TextPartDict,
    ToolCallPartDict,
    ToolResultPartDict,
    UsageDict,
)
from lmcodec.llm.types import (
    Attachment,
    AttachmentPart,
    Message,
    Part,
    Prompt,
    ReasoningPart,
    Response,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    Usage,
)

__all__ = [
    "Attachment",
    "AttachmentDict",
    "AttachmentPart",
    "AttachmentPartDict",
    "Message",
    "MessageDict",
    "NonFiniteFloat",
    "Part",
    "PartDict",
    "Prompt",
    "PromptDict",
    "ReasoningPart",
    "ReasoningPartDict",
    "Response",
    "ResponseDict",
    "TextPart",
    "TextPartDict",
    "ToolCallPart",
    "ToolCallPartDict",
    "ToolResultPart",
    "ToolResultPartDict",
    "Usage",
    "UsageDict",
    "apply_model",
    "decode",
    "encode",
    "from_builtins",
    "from_llm",
    "from_turn",
    "reloaded",
    "to_builtins",
    "to_llm",
    "to_turn",
]
