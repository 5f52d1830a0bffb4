"""``python -m bot``: read the settings, open the database, and run the bot until told to stop.

Ctrl-C and SIGTERM (what a service manager or ``docker stop`` sends) both close the bot cleanly.
Every start-up problem ends the process with one line that says what to fix and its own exit code:

- 2: the settings (``.env``) are missing or wrong (or ``METRICS_PORT`` is taken);
- 3: the database (file or server) cannot be used;
- 4: Discord refused the token;
- 5: Discord cannot be reached.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import aiohttp
import discord

from bot.app import create_bot
from bot.runtime.config import Settings, SettingsError, configure_logging, load_settings
from bot.runtime.event_loop import run as run_on_event_loop
from bot.runtime.process_memory import settle_after_imports, tune_allocator
from bot.storage import StorageError, open_storage

EXIT_SETTINGS, EXIT_DATABASE, EXIT_TOKEN, EXIT_NETWORK = 2, 3, 4, 5

log = logging.getLogger("bot")


async def run(settings: Settings) -> None:
    storage = await open_storage(settings.database_target)
    bot = create_bot(settings, storage=storage)
    closing: list[asyncio.Task[None]] = []

    def stop(signal_name: str) -> None:
        log.info("%s received: closing", signal_name)
        closing.append(asyncio.create_task(bot.close()))

    loop = asyncio.get_running_loop()
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(stop_signal, stop, stop_signal.name)
    try:
        await bot.start(settings.discord_token)
    finally:
        # The gateway stops as soon as closing begins; the storage must still be closed in full, or
        # its database thread would keep the process alive. A failed login returns without closing.
        if closing:
            await asyncio.gather(*closing)
        if not bot.is_closed() or bot.storage is not None:
            await bot.close()


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return EXIT_SETTINGS
    configure_logging(settings.log_level)
    tune_allocator()
    settle_after_imports()
    try:
        run_on_event_loop(run(settings))
    except SettingsError as error:
        print(error, file=sys.stderr)
        return EXIT_SETTINGS
    except StorageError as error:
        print(error, file=sys.stderr)
        return EXIT_DATABASE
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN: copy it again from the Developer Portal "
            "(Bot → Reset Token) into .env.",
            file=sys.stderr,
        )
        return EXIT_TOKEN
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, OSError, TimeoutError) as error:
        print(
            f"Cannot reach Discord ({type(error).__name__}: {error}). Check the network and try again.",
            file=sys.stderr,
        )
        return EXIT_NETWORK
    return 0


if __name__ == "__main__":
    sys.exit(main())
