"""``python -m tcf_gui``: the same as the ``tcf-gui`` command."""
import sys

from .cli import main

sys.exit(main())
