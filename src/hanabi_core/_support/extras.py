"""How to install an optional extra: the one wording of every missing-extra message and docs line.

hanabi_core is not yet on PyPI, so ``pip install hanabi-core[...]`` fails until it is released;
the commands that work are the install from a clone (``pip install -e ".[rl]"``) and from the
repository's URL (``pip install "hanabi_core[rl] @ git+URL"``). Every message names both, and the
command that will work once the package is released.
"""

from __future__ import annotations

__all__ = ["install_command", "missing_extra"]


def install_command(extra: str) -> str:
    """How to install the optional `extra`, in one sentence a user can copy from.

    ```python
    from hanabi_core._support.extras import install_command

    assert 'pip install -e ".[rl]"' in install_command("rl")
    ```
    """
    return (
        f'from a clone of hanabi_core, pip install -e ".[{extra}]"; '
        f'from the repository, pip install "hanabi_core[{extra}] @ git+<repository URL>"; '
        f'once hanabi-core is released on PyPI, pip install "hanabi-core[{extra}]"'
    )


def missing_extra(what: str, needs: str, extra: str) -> ImportError:
    """The error raised when `what` needs packages (`needs`) of the missing `extra`."""
    return ImportError(f'{what} needs {needs} (the "{extra}" extra): {install_command(extra)}')
