"""The keys the screens share, named once."""
from __future__ import annotations

import pygame

#: Enter on the main keys and on the keypad.
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
#: The keys that press what is chosen (a menu's item, a closed table's Back): Enter or Space.
PRESS_KEYS = (*ENTER_KEYS, pygame.K_SPACE)
#: The keys 1, 2, 3 (main keys and keypad) and the slot of the card each discards.
SLOT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2,
             pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
#: The keys that make the cards faster, and slower.
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
