"""Python's garbage collector, set for a bot that keeps a large heap and answers clicks in real time.

Everything a collection looks at waits for it: the event loop stands still while it runs. Under load
the bot makes a full collection every two seconds or so, and with the default settings each paused
every click for over 100 ms, mostly to look again at the objects imported at start-up, which live as
long as the process. Those are set aside as the process starts (``gc.freeze``), which halves the
pause. (Full collections made rarer instead let cyclic garbage pile up: each then took half a second
and the heap grew by tens of megabytes.)
"""

from __future__ import annotations

import gc


def settle_after_imports() -> None:
    """Collects what the imports left, then sets everything still alive aside for good. For the
    process that runs the bot only: a test process starting many bots would pile up what it froze."""
    gc.collect()
    gc.freeze()
