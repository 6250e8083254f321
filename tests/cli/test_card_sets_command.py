"""``tcf-gui card-sets``: the built-in faces, every deck found and where, a line for each that
cannot be read, and with --check which cannot be drawn."""
from deck_fixtures import write_kde_deck, write_pysol_set

from tcf_gui.cli import main


def test_it_lists_the_decks_and_where_they_are(tmp_path, capsys):
    write_kde_deck(tmp_path / "carddecks" / "svg-tiny")
    write_pysol_set(tmp_path / "cardsets" / "cardset-tiny")
    (tmp_path / "carddecks" / "svg-old").mkdir()
    (tmp_path / "carddecks" / "svg-old" / "index.desktop").write_text("[KDE Backdeck]\nName=Old\n")
    assert main(["card-sets", "--card-folder", str(tmp_path), "--folders"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Built in: Classic, Large index"
    assert "Tiny (KDE): kde/svg-tiny" in out
    assert f"    {tmp_path / 'carddecks' / 'svg-tiny' / 'tiny.svgz'}" in out
    assert "Tiny set (PySolFC): pysol/cardset-tiny" in out
    assert f"{tmp_path / 'carddecks' / 'svg-old'}: skipped: a deck of pictures without SVG: not supported" in out
    assert f"    {tmp_path / 'cardsets'}" in out  # --folders
    assert out[-1] == "2 decks of other games can be chosen in Options, Cards and table."


def test_check_draws_each_and_names_what_cannot_be_drawn(tmp_path, capsys):
    write_kde_deck(tmp_path / "svg-good")
    write_kde_deck(tmp_path / "svg-empty", svg="<svg xmlns='http://www.w3.org/2000/svg'/>")
    assert main(["card-sets", "--card-folder", str(tmp_path), "--check"]) == 0
    out = capsys.readouterr().out
    assert "the card deck Tiny cannot be drawn: no card 1_spade" in out
    assert out.splitlines()[-1] == "1 deck of other games can be chosen in Options, Cards and table."
    assert "Traceback" not in out


def test_none_found_is_said(tmp_path, capsys):
    assert main(["card-sets", "--card-folder", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "No card decks of other games found." in out and out.splitlines()[-1].startswith("0 decks")
