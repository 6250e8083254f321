"""The record: counting; reading the old record.json (for its import), damaged files losing nothing."""
import json

from history_helpers import write_old_record

from tcf_gui.history.record import Record, load_record, record_path


def test_counting_from_player_ones_side():
    record = Record()
    for winner in (1, 1, 2, 0):
        record.add(winner)
    assert (record.wins, record.losses, record.draws, record.games) == (2, 1, 1, 4)
    assert str(record) == "2 W · 1 L · 1 D"
    record += Record(1, 2, 3)
    assert (record.wins, record.losses, record.draws) == (3, 3, 4)


def test_reading_it_from_the_config_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TCF_GUI_CONFIG_DIR", str(tmp_path))
    assert record_path() == tmp_path / "record.json"
    assert load_record() == (Record(), None)
    write_old_record(record_path(), 5, 4, 1)
    assert load_record() == (Record(5, 4, 1), None)


def test_corrupt_file_gives_zero_and_is_kept(tmp_path):
    path = tmp_path / "record.json"
    path.write_text('{"wins": 3, "losses"')
    record, warning = load_record(path)
    [kept] = tmp_path.glob("record.json.*.bad")
    assert record == Record() and str(kept) in warning
    assert kept.read_text() == '{"wins": 3, "losses"'


def test_bad_counts_are_dropped_one_by_one(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"wins": 7, "losses": -2, "draws": True}))
    record, warning = load_record(path)
    assert record == Record(wins=7)
    assert "losses=-2" in warning and "draws=True" in warning
