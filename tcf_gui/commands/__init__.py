"""The subcommands of ``tcf-gui``; each module offers ``add_parser(subparsers)``."""
