"""Card sets: two faces, three backs, three table colours, chosen in Options → Cards and
table with a preview, applied to the table at once and saved like the other options."""
from __future__ import annotations

import itertools
import json

import numpy as np
import pygame
import pytest

from tcf_gui.config.card_sets import BACKS, FACES, TABLES
from tcf_gui.engine.cards import CARDS, Card, Rank, Suit
from tcf_gui.gui import felt, palette
from tcf_gui.gui.card_art import CardArt
from tcf_gui.gui.card_chooser import CardChooser
from tcf_gui.gui.felt import felt_surface
from tcf_gui.gui.layout import MIN_SIZE
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.config.settings import Settings, load_settings, save_settings


def _rgb(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(int)


def test_the_catalogue_offers_two_faces_three_backs_four_tables():
    assert len(FACES) >= 2 and "classic" in FACES and "large" in FACES
    assert len(BACKS) == 3 and len(TABLES) == 4 and "contrast" in TABLES
    assert set(TABLES) == set(palette.TABLES)


@pytest.mark.parametrize("face", list(FACES))
def test_every_face_of_every_set_renders(face):
    art = CardArt(70, 98, face=face)
    for card in CARDS:
        picture = art.face(card)
        assert picture.get_size() == (70, 98)
        assert np.count_nonzero(pygame.surfarray.array_alpha(picture) > 200) > 0.85 * 70 * 98


def test_the_large_index_is_larger():
    """The large-index face's corner index (rank over suit) is much taller than the classic."""
    def index_height(face: str) -> int:
        art = CardArt(100, 140, face=face)
        canvas = art.blank()
        card = Card(Rank.EIGHT, Suit.SPADE)
        art.card_set.style.paint_indices(art, canvas, card, art.colour(card))
        picture = pygame.transform.smoothscale(canvas, art.size)
        inked = np.nonzero(np.any(_rgb(picture)[4:40, 4:70] < 90, axis=2).any(axis=0))[0]
        return int(inked.max() - inked.min())

    assert index_height("large") > 1.5 * index_height("classic")


def test_the_backs_differ_and_are_patterned():
    backs = {name: _rgb(CardArt(100, 140, back=name).back()) for name in BACKS}
    for a, b in itertools.combinations(BACKS, 2):
        assert np.any(np.abs(backs[a] - backs[b]) > 40, axis=2).mean() > 0.3, (a, b)
    for name, pixels in backs.items():
        assert len({tuple(c) for c in pixels.reshape(-1, 3)}) > 30, name


def test_the_tables_differ():
    felts = {name: _rgb(felt_surface((200, 120), name)).mean(axis=(0, 1)) for name in TABLES}
    for a, b in itertools.combinations(TABLES, 2):
        assert np.abs(felts[a] - felts[b]).max() > 15, (a, b)


def test_each_felt_asked_for_is_the_same_and_is_the_callers_to_draw_on():
    first = felt_surface((200, 120), "green")
    first.fill((255, 0, 0), pygame.Rect(0, 0, 50, 50))  # as the table draws its status bar
    again = felt_surface((200, 120), "green")
    assert again is not first and again.get_at((10, 10)) != first.get_at((10, 10))
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(
        felt._felt.__wrapped__((200, 120), "green"), "RGB")  # as made afresh


def test_settings_keep_a_card_set_and_refuse_what_is_not_one(tmp_path):
    path = tmp_path / "settings.json"
    chosen = Settings(card_face="large", card_back="tartan", table="burgundy", four_colour=True)
    assert save_settings(chosen, path) is None
    assert load_settings(path) == (chosen, None)
    path.write_text(json.dumps({"card_face": "huge", "card_back": ["lattice"], "table": 3}))
    settings, warning = load_settings(path)
    assert (settings.card_face, settings.card_back, settings.table) == ("classic", "lattice", "green")
    assert warning and "card_face='huge'" in warning


def _chooser(settings, clock, size=(1280, 720)) -> tuple[PlayScene, CardChooser]:
    scene = PlayScene(settings, size, seed=3)
    SceneManager(scene)
    clock.rest(scene)
    scene.menus.open_options()
    options = scene.manager.stack[-1]
    index = [item.label for item in options.items].index("Cards and table")
    options.selected = index
    clock.key(scene, pygame.K_RETURN)
    chooser = scene.manager.stack[-1]
    assert isinstance(chooser, CardChooser)
    return scene, chooser


def _preview_back(chooser: CardChooser, surface: pygame.Surface) -> np.ndarray:
    rect = chooser.card_rects()[-1]
    return _rgb(surface.subsurface(rect.inflate(-rect.width // 3, -rect.height // 3)))


def test_the_chooser_changes_the_table_at_once_previews_it_and_marks_it_to_save(settings, clock):
    scene, chooser = _chooser(settings, clock)
    surface = pygame.Surface(scene.layout.size)
    scene.manager.draw(surface)
    before = _preview_back(chooser, surface)
    assert [item.label for item in chooser.items] == ["Card face", "Card back", "Table", "Four-colour deck", "Back"]
    clock.key(scene, pygame.K_RIGHT)  # face: classic -> large
    clock.key(scene, pygame.K_DOWN)
    clock.key(scene, pygame.K_RIGHT)  # back: lattice -> argyle
    clock.key(scene, pygame.K_DOWN)
    clock.key(scene, pygame.K_LEFT)  # table: green -> high contrast (Left wraps round)
    clock.key(scene, pygame.K_DOWN)
    clock.key(scene, pygame.K_RETURN)  # four-colour on
    assert (settings.card_face, settings.card_back, settings.table, settings.four_colour) == (
        "large", "argyle", "contrast", True)
    assert {"card_face", "card_back", "table", "four_colour"} <= scene.changed
    renderer = scene.renderer
    assert (renderer.card_set.face, renderer.card_set.back, renderer.table) == ("large", "argyle", "contrast")
    assert renderer.art(scene.layout).card_set.four_colour
    scene.manager.draw(surface)
    after = _preview_back(chooser, surface)
    assert np.abs(after.mean(axis=(0, 1)) - before.mean(axis=(0, 1))).max() > 30  # a red back now
    assert chooser.items[0].value() == "Large index" and chooser.items[2].value() == "High contrast (black)"
    clock.key(scene, pygame.K_ESCAPE)
    assert scene.manager.stack[-1] is not chooser


def test_a_click_steps_a_row_too(settings, clock):
    scene, chooser = _chooser(settings, clock)
    clock.click(scene, chooser.item_rects()[1].center)
    assert settings.card_back == "argyle"


def test_the_chosen_set_is_saved_and_comes_back(settings, clock, tmp_path):
    from tcf_gui.gui.launch import Session, save_session

    scene, chooser = _chooser(settings, clock)
    clock.key(scene, pygame.K_DOWN)
    clock.key(scene, pygame.K_RIGHT)  # back: argyle
    clock.key(scene, pygame.K_DOWN)
    clock.key(scene, pygame.K_RIGHT)  # table: blue
    saved = Settings()
    session = Session(saved, settings, None, [], None)  # type: ignore[arg-type]
    scene.history = None
    save_session(session, scene)
    restored, warning = load_settings()
    assert warning is None
    assert (restored.card_back, restored.table, restored.card_face) == ("argyle", "blue", "classic")
    again = PlayScene(restored, (1280, 720), seed=3)
    assert (again.renderer.card_set.back, again.renderer.table) == ("argyle", "blue")


@pytest.mark.parametrize("size", [MIN_SIZE, (800, 600), (1920, 1080), (3840, 2160)])
def test_the_chooser_and_its_preview_fit_the_window(settings, clock, size):
    scene, chooser = _chooser(settings, clock, size)
    window = pygame.Rect((0, 0), size)
    panel = chooser.panel()
    assert window.contains(panel)
    for rect in chooser.item_rects():
        assert panel.contains(rect)
    preview = chooser.preview_rect()
    assert panel.contains(preview) and preview.height >= 80
    assert not any(preview.colliderect(rect) for rect in chooser.item_rects())
    for card in chooser.card_rects():
        assert preview.contains(card) and card.height >= 60
    scene.manager.draw(pygame.Surface(size))


def test_the_docs_card_sheets_show_todays_cards(tmp_path, capsys):
    """tools/make_card_sheet.py draws both sheets; the ones in docs/ are what it draws now."""
    from dev_tools import load_tool

    make_card_sheet = load_tool("make_card_sheet")
    assert make_card_sheet.main(["--out", str(tmp_path)]) == 0
    for face, name in make_card_sheet.SHEETS.items():
        made = pygame.image.load(str(tmp_path / name))
        shipped = pygame.image.load(str(make_card_sheet.DEFAULT_OUT / name))
        assert made.get_size() == shipped.get_size(), name
        assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(shipped, "RGB"), (
            f"docs/{name} is stale: run python tools/make_card_sheet.py")
    assert "cards-large-index.png" in capsys.readouterr().out


def test_the_card_sheet_tool_refuses_what_it_cannot_do(tmp_path, capsys):
    from dev_tools import load_tool

    make_card_sheet = load_tool("make_card_sheet")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert make_card_sheet.main(["--out", str(blocker)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("make_card_sheet: cannot write to") and err.count("\n") == 1
    with pytest.raises(SystemExit):
        make_card_sheet.main(["--height", "5"])
