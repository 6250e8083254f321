"""How to add an extra depends on how the game was installed: pipx inject under pipx (Debian's
pip refuses there), pip elsewhere, and the standalone app says it has none."""
from __future__ import annotations

import pytest

from tcf_gui.system import installation
from tcf_gui.lab import cluster, plots
from tcf_gui.system.installation import APP, PIP, PIPX, extra_hint, install_kind


@pytest.mark.parametrize("prefix, kind", [
    ("/home/ann/.local/share/pipx/venvs/tcf-gui", PIPX),
    ("/home/ann/.local/pipx/venvs/tcf-gui", PIPX),
    ("/opt/pipx-home/venvs/tcf-gui", PIPX),
    ("/home/ann/tcf/.venv", PIP),
    ("/home/ann/venvs/tcf-gui", PIP),  # a venvs folder of one's own is no pipx
    ("/usr", PIP),
])
def test_install_kind_from_the_prefix(prefix, kind):
    assert install_kind(prefix) == kind


def test_the_standalone_app_is_told_apart(monkeypatch):
    monkeypatch.setattr("sys.frozen", True, raising=False)
    assert install_kind() == APP


def test_hints_per_kind():
    assert extra_hint("plot", "matplotlib", PIPX) == "pipx inject tcf-gui matplotlib"
    assert extra_hint("plot", "matplotlib", PIP) == \
        'pip install ".[plot]" in the checkout, or pip install matplotlib'
    assert "standalone app" in extra_hint("plot", "matplotlib", APP)


def test_the_plot_and_cluster_messages_follow_the_installation(monkeypatch):
    monkeypatch.setattr(installation.sys, "prefix", "/home/ann/.local/share/pipx/venvs/tcf-gui")
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)  # not importable
    assert plots.missing_matplotlib().endswith("get it with: pipx inject tcf-gui matplotlib")
    assert cluster.install_hint().endswith('pipx inject tcf-gui "dask[distributed]"')
