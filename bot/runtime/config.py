"""Settings from the environment and ``.env``, validated at start-up with a clear word for each problem.

pydantic-settings reads them: each setting is the environment variable of its name in capitals
(``DISCORD_TOKEN``), which wins over the same line in ``.env``; empty values count as unset.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, ClassVar

from dotenv.parser import parse_stream
from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)
from pydantic_settings import SettingsError as UnreadableSetting

PROJECT_ROOT = Path(__file__).resolve().parents[2]

NO_TOKEN_HELP = """\
No Discord bot token found. To create one:
  1. Open https://discord.com/developers/applications and click "New Application".
  2. In "Bot", click "Reset Token" and copy the token.
  3. Put it in the .env file at the project root:  DISCORD_TOKEN=your-token  (see .env.example).
  4. Invite the bot: in "OAuth2 → URL Generator" tick the scopes "bot" and "applications.commands",
     and the permissions View Channels, Send Messages, Embed Links, Attach Files and
     Read Message History; open the generated URL and pick your server.
No privileged intents are needed."""


class SettingsError(Exception):
    """Start-up settings are missing or wrong; the message says what to fix."""


class Settings(BaseSettings):
    """The bot's settings. Made directly (as the tests do) they are the arguments given and the
    defaults; ``load_settings`` reads them from the environment and ``.env``."""

    model_config = SettingsConfigDict(env_ignore_empty=True, str_strip_whitespace=True, extra="ignore")
    read_from: ClassVar[tuple[str, ...]] = ("arguments",)
    """Where the values come from, first ones first."""

    discord_token: str = Field(min_length=1)
    database_path: Path = PROJECT_ROOT / "data" / "games.sqlite3"
    database_url: str | None = None
    """``postgresql://…`` stores the games on a PostgreSQL server instead of the SQLite file."""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    ai_turn_delay: float = Field(default=1.5, ge=0, le=30)
    ai_sweep_interval: float = Field(default=30.0, gt=0, le=3600)
    retention_days: float = Field(default=180, gt=0)
    backup_dir: Path | None = None
    backup_interval_hours: float = Field(default=24, gt=0)
    backup_keep: int = Field(default=7, ge=1)
    turn_clock_scale: float = Field(default=1.0, gt=0, le=10)
    """Multiplies every turn-clock and lobby delay of every server (tests make them short)."""
    shard_count: int | None = Field(default=None, ge=1)
    """Gateway shards of the whole bot; unset runs one unsharded connection."""
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    """The shards this process holds (all of them when unset), written ``0,1``."""
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    """Serves ``/healthz`` and Prometheus ``/metrics`` on this port when set."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources = {"arguments": init_settings, "environment": env_settings, "env file": dotenv_settings}
        return tuple(sources[name] for name in cls.read_from)

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise ValueError("LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR")
        return level

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _id_list(cls, value: object) -> object:
        if isinstance(value, str):
            try:
                return tuple(int(part) for part in value.replace(" ", "").split(",") if part)
            except ValueError:
                raise ValueError("SHARD_IDS must be shard numbers separated by commas, such as 0,1") from None
        return value

    @model_validator(mode="after")
    def _shards_exist(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards of the whole bot")
        if not self.shard_ids or any(not 0 <= shard < self.shard_count for shard in self.shard_ids):
            raise ValueError(f"SHARD_IDS must be numbers from 0 to {self.shard_count - 1} (SHARD_COUNT - 1)")
        return self

    @field_validator("database_path")
    @classmethod
    def _relative_to_project(cls, value: Path) -> Path:
        return value if value.is_absolute() else PROJECT_ROOT / value

    @field_validator("database_url")
    @classmethod
    def _postgres_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError(
                "DATABASE_URL must start with postgresql:// (leave it empty to use DATABASE_PATH)"
            )
        return value

    @model_validator(mode="after")
    def _backups_need_sqlite(self) -> Settings:
        if self.database_url is not None and self.backup_dir is not None:
            raise ValueError(
                "BACKUP_DIR copies the SQLite file; with DATABASE_URL back up the server with pg_dump instead"
            )
        return self

    @property
    def database_target(self) -> str | Path:
        """What ``bot.storage.open_storage`` opens: the PostgreSQL URL if set, else the SQLite file."""
        return self.database_url or self.database_path

    @field_validator("backup_dir")
    @classmethod
    def _backups_relative_to_project(cls, value: Path | None) -> Path | None:
        return value if value is None or value.is_absolute() else PROJECT_ROOT / value


class _FromEnvironment(Settings):
    read_from = ("environment", "env file")


class _FromGivenEnvironment(Settings):
    """The arguments stand in for the environment, which is left out."""

    read_from = ("arguments", "env file")


def check_env_file(path: Path) -> None:
    """Raises SettingsError naming the first line of ``path`` that is not ``KEY=value`` (blank lines
    and ``#`` comments are fine)."""
    if not path.exists():
        return
    with path.open(encoding="utf-8") as lines:
        for binding in parse_stream(lines):
            if binding.error or (binding.key is not None and binding.value is None):
                found = binding.original.string.splitlines()[0]
                raise SettingsError(
                    f"{path.name} line {binding.original.line}: expected KEY=value, found {found!r}"
                )


def load_settings(
    env_file: Path = PROJECT_ROOT / ".env", environ: Mapping[str, str] | None = None
) -> Settings:
    """Environment variables win over ``.env``; empty values count as unset. ``environ`` stands in for
    the environment (the tests give their own)."""
    check_env_file(env_file)
    try:
        if environ is None:
            loaded: Settings = _FromEnvironment(_env_file=env_file)  # type: ignore[call-arg]
        else:
            given: dict[str, Any] = {key.lower(): value for key, value in environ.items() if value.strip()}
            loaded = _FromGivenEnvironment(_env_file=env_file, **given)  # type: ignore[call-arg]
    except UnreadableSetting as error:
        raise SettingsError(f"Some settings in .env are wrong:\n  {error}") from None
    except ValidationError as error:
        issues = error.errors()
        if any(
            issue["loc"] == ("discord_token",) and issue["type"] in ("missing", "string_too_short")
            for issue in issues
        ):
            raise SettingsError(NO_TOKEN_HELP) from None
        # A rule between two settings has no single field: its message names both.
        problems = "\n".join(
            f"  {str(issue['loc'][0]).upper() + ': ' if issue['loc'] else ''}"
            f"{issue['msg'].removeprefix('Value error, ')}"
            for issue in issues
        )
        raise SettingsError(f"Some settings in .env are wrong:\n{problems}") from None
    # The values, validated, as the bot's own class: the subclasses only chose where they came from.
    return Settings.model_construct(**dict(loaded))


def configure_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(max(logging.getLevelName(level), logging.INFO))
