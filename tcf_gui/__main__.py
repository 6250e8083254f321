"""``python -m tcf_gui``: the same as the ``tcf-gui`` command."""
import sys

from tcf_gui.cli import main

sys.exit(main())
