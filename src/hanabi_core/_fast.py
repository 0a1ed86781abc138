"""The former path of `_support.fast`, kept while `hanablive/` imports it (to go at merge)."""

from ._support.fast import frozen_builder

__all__ = ["frozen_builder"]
