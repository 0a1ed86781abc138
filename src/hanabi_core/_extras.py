"""The former path of `_support.extras`, kept while `hanablive/` imports it (to go at merge)."""

from ._support.extras import install_command, missing_extra

__all__ = ["install_command", "missing_extra"]
