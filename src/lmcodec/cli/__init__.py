"""The ``lmcodec`` command: convert, validate, assemble, schema, and the headline benchmark."""

from lmcodec.cli.main import main

__all__ = ["main"]
