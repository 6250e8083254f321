"""Options → Language: the system's language or a catalog's, shown at once, saved at once,
and read back at the next start (unless --lang says otherwise for that run)."""
from __future__ import annotations

import argparse

import pygame

from tcf_gui import i18n
from tcf_gui.gui.launch import read_session
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.config.settings import Settings, load_settings, save_option


def options_menu(settings, clock):
    scene = PlayScene(settings, (1280, 720))
    SceneManager(scene)
    scene.keep = lambda name, value: save_option(Settings(), name, value)
    clock.rest(scene)
    scene.menus.open_options()
    menu = scene.manager.stack[-1]
    menu.selected = next(i for i, item in enumerate(menu.items) if item.label == "Language")
    return scene, menu


def test_choosing_a_language_speaks_it_at_once_and_keeps_it(catalogs, settings, clock):
    scene, menu = options_menu(settings, clock)
    assert menu.items[menu.selected].value() == "system (English)"
    clock.key(scene, pygame.K_RIGHT)
    assert settings.language == "en" and menu.items[menu.selected].value() == "English"
    clock.key(scene, pygame.K_RIGHT)
    assert settings.language == "de" and i18n.language() == "de"
    menu = scene.manager.stack[-1]  # the menus made again in German, on the same row
    assert [type(s).__name__ for s in scene.manager.stack] == ["PlayScene", "MenuScene", "MenuScene"]
    assert menu.items[menu.selected].label == "Sprache"
    assert menu.items[menu.selected].value() == "Deutsch"
    assert load_settings()[0].language == "de"
    clock.key(scene, pygame.K_RIGHT)  # round again: the system's
    assert settings.language is None and i18n.language() == "en"
    scene.manager.draw(pygame.Surface((1280, 720)))


def test_the_saved_language_is_spoken_at_the_next_start_unless_lang_says_otherwise(catalogs):
    save_option(Settings(), "language", "de")
    window = argparse.Namespace(four_colour=False, speed=None, open=False, spectate=False,
                                mute=False, p2=None, lang=None)
    read_session(window).history.close()
    assert i18n.language() == "de"
    i18n.use_language("en")
    window.lang = "en"
    session = read_session(window)
    session.history.close()
    assert i18n.language() == "en"
    # Options names the language the window speaks; the saved choice stays unless changed
    assert session.settings.language == "en" and session.saved.language == "de"


def test_a_saved_language_without_a_catalog_is_the_systems(catalogs, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de")
    save_option(Settings(), "language", "sv")
    window = argparse.Namespace(four_colour=False, speed=None, open=False, spectate=False,
                                mute=False, p2=None, lang=None)
    read_session(window).history.close()
    assert i18n.language() == "de"
