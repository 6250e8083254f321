"""The honest twin of every hostile strategy here: discard the lowest card. Each hostile
file plays exactly this whenever its attack finds nothing, so any gain is the attack's."""


def choose(view):
    return min(range(3), key=view.hand.__getitem__)
