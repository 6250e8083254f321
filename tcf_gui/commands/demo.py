"""``tcf-gui demo [NAME ...|all]``: the lab's demonstrations with their transcripts."""
from __future__ import annotations

import argparse

from tcf_gui.i18n import _
from tcf_gui.lab.transcripts import DEMOS, demo_names, run_demo
from tcf_gui.commands.common import seed_int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui demo`` (its --help line is in tcf_gui.cli)."""
    parser.description = _(
        "Run the lab's demonstrations (all of them, in the lab's order, by "
        "default) and print their transcripts in the lab's format. Random demos play "
        "seeded games: the same --seed prints the same transcript."
    )
    parser.add_argument(
        "names", nargs="*", metavar="NAME", type=demo_name,
        help=_("a demonstration, several, or all (default all); --list shows them"),
    )
    parser.add_argument("--seed", type=seed_int, default=0,
                        help=_("seed of the run (default 0)"))
    parser.add_argument("--list", action="store_true",
                        help=_("list the demonstrations and exit (in the lab's words)"))
    parser.set_defaults(func=run)


def demo_name(text: str) -> str:
    """An argparse type: the name of a demonstration, or all."""
    if text == "all" or text in DEMOS:
        return text
    raise argparse.ArgumentTypeError(
        _("no demonstration {name!r}; choose all or one of: {names}").format(
            name=text, names=", ".join(demo_names())))


def selected(names: list[str]) -> list[str]:
    """The demonstrations to run: ``all`` (or none named) means every one, in the lab's order."""
    if not names or "all" in names:
        return demo_names()
    return list(dict.fromkeys(names))


def run(args: argparse.Namespace) -> int:
    if args.list:
        width = max(map(len, demo_names()))
        for name in demo_names():
            print(f"{name:<{width}}  {DEMOS[name].summary}")
        return 0
    blocks = ["\n".join(run_demo(name, args.seed)) for name in selected(args.names)]
    print("\n\n".join(blocks))
    return 0
