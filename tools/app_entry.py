"""The standalone app's entry point (PyInstaller freezes this file as ``tcf-gui``).

It runs ``tcf_gui.cli.main``, as the ``tcf-gui`` command does. The app has no Python of its
own to start, so the helper processes the game starts with ``sys.executable -m MODULE`` (the
sandbox of user strategy files) start the app itself with those arguments, and it runs that
module instead; only the modules in ``CHILD_MODULES`` are run this way, and of ``-c CODE``
only the probes in ``CHILD_CODE`` (the sandbox checks that bubblewrap works with one).
"""
from __future__ import annotations

import runpy
import sys

#: The modules the game starts as child processes of its own executable.
CHILD_MODULES = ("tcf_gui.engine.strategies.sandbox.server",)
#: The ``-c`` snippets the game runs with its own executable (none does anything).
CHILD_CODE = ("pass",)


def main() -> int:
    if sys.platform != "linux":  # Windows and macOS start worker processes afresh
        import multiprocessing

        multiprocessing.freeze_support()
    if sys.argv[1:2] == ["-m"] and sys.argv[2:3] and sys.argv[2] in CHILD_MODULES:
        module = sys.argv[2]
        sys.argv = [sys.argv[0], *sys.argv[3:]]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        return 0
    if sys.argv[1:2] == ["-c"] and sys.argv[2:3] and sys.argv[2] in CHILD_CODE:
        return 0
    from tcf_gui.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
