"""Codecs of the canonical values: JSON, MessagePack, lm15's lenient read forms."""
