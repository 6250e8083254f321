"""The table drawn to a plain Surface and saved as PNG: not blank, cards where the layout says."""
from __future__ import annotations

import pygame
import pytest

from tcf_gui.gui.play_scene import PlayScene


def opaque_points(picture: pygame.Surface, step: int = 7):
    """Points of a card picture that are (nearly) opaque: inside the rounded corners."""
    w, h = picture.get_size()
    for x in range(2, w - 2, step):
        for y in range(2, h - 2, step):
            if picture.get_at((x, y)).a >= 250:
                yield x, y


def close(a, b, tolerance: int = 6) -> bool:
    """Colours equal up to what a nearly opaque pixel lets through of the felt."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


@pytest.mark.parametrize("size", [(1280, 720), (860, 560)])
def test_the_table_renders_with_the_cards_where_the_layout_says(settings, clock, tmp_path, size, open_seed):
    scene = PlayScene(settings, size, seed=open_seed)
    clock.settle(scene)
    surface = pygame.Surface(size)
    scene.draw(surface)
    path = tmp_path / f"table_{size[0]}x{size[1]}.png"
    pygame.image.save(surface, str(path))
    picture = pygame.image.load(str(path))
    assert picture.get_size() == size

    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, size[0], 9) for y in range(0, size[1], 9)}
    assert len(colours) > 50  # not blank

    art = scene.renderer.art(scene.layout)
    faces = [(rect, art.face(card)) for rect, card in zip(scene.layout.hands[1], scene.game.hand1)]
    backs = [(rect, art.back()) for rect in scene.layout.hands[2]]
    for rect, card_picture in faces + backs:
        assert card_picture.get_size() == rect.size
        # The key caps 1 2 3 sit on the lower edge of the person's cards.
        points = [(x, y) for x, y in opaque_points(card_picture) if y < rect.height - scene.layout.font_px]
        assert len(points) > 30
        for x, y in points:
            drawn = tuple(picture.get_at((rect.x + x, rect.y + y)))[:3]
            assert close(drawn, tuple(card_picture.get_at((x, y)))[:3]), (rect, x, y)


def test_the_end_of_a_game_draws_at_a_small_size(settings, clock):
    settings.speed = "instant"
    settings.show_log = True
    scene = PlayScene(settings, (800, 520), seed=3)
    while not scene.game.over:
        clock.rest(scene)
        clock.key(scene, pygame.K_1)
    clock.rest(scene)
    clock.key(scene, pygame.K_h)
    surface = pygame.Surface((800, 520))
    scene.draw(surface)
    assert scene.layout.log_panel is not None
    assert scene.layout.table.contains(scene.layout.banner)
