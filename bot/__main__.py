"""``python -m bot``: read the settings and run the bot until interrupted."""

from __future__ import annotations

import sys

from bot.app import GameBot
from bot.config import SettingsError, configure_logging, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    GameBot(settings).run(settings.discord_token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
