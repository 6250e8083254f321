"""The sealed deck (issue 31, item 3): mental poker over the prime-order group of ed25519,
so that a card is opened only for the player it goes to, with the other player's help.

Each card has a public point (``group.card_point``). Encrypting a point is multiplying it by
a secret nonzero scalar; multiplications commute, so two players can each put a key on and
take theirs off in any order (SRA over an elliptic-curve group). The group arithmetic is
libsodium's, through PyNaCl; nothing here does curve arithmetic of its own.

The deal (``seat.SealedSeat``, three passes of 52 points, player 1 first):

1. Player 1 encrypts the 52 card points with its global key ``a`` and shuffles them.
2. Player 2 shuffles that deck and puts a key of its own ``b_i`` on each position ``i``.
3. Player 1 takes ``a`` off and puts a key of its own ``a_i`` on each position. Both now
   hold the sealed deck: position ``i`` is ``a_i * b_i * P(card at i)``.

The draw order is fixed by the rules (positions 0, 2, 4 to hand 1 and 1, 3, 5 to hand 2,
then each turn the next even position to hand 1 and the next odd one to hand 2), so the
sealed deck is one fixed sequence: a position's owner is ``1 + i % 2``. A player's card is
opened for it when the other player gives its key for that position; a discard (or a hand
shown as a flush) is opened for both when its owner gives its own key. The combined shuffle
is uniform when either player is honest, so neither can choose the deal.

Every key, permutation and the global key of a seat comes from one 256-bit seed
(``keys.SeatKeys``): a seat kept on disk after a crash keeps its keys by keeping its seed,
and at the end revealing both seeds lets each side (``audit.check_sealed_deal``) redo all
three passes, check each point it was sent and each key it was given, and read the deck.
"""
