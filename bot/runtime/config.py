"""Settings from the environment and ``.env``, validated at start-up with a clear word for each problem."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError, field_validator, model_validator

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


class Settings(BaseModel):
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
    shard_ids: tuple[int, ...] | None = None
    """The shards this process holds (all of them when unset)."""
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    """Serves ``/healthz`` and Prometheus ``/metrics`` on this port when set."""

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


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; blank lines and ``#`` comments ignored, optional quotes stripped."""
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, separator, value = line.partition("=")
        if not separator:
            raise SettingsError(f"{path.name} line {number}: expected KEY=value, found {raw!r}")
        values[key.strip()] = value.strip().strip("'\"")
    return values


def load_settings(env_file: Path = PROJECT_ROOT / ".env", environ: dict[str, str] | None = None) -> Settings:
    """Environment variables win over ``.env``; empty values count as unset."""
    merged = {**read_env_file(env_file), **(os.environ if environ is None else environ)}
    raw = {
        field: merged[key]
        for field, key in (
            ("discord_token", "DISCORD_TOKEN"),
            ("database_path", "DATABASE_PATH"),
            ("database_url", "DATABASE_URL"),
            ("dev_guild_id", "DEV_GUILD_ID"),
            ("log_level", "LOG_LEVEL"),
            ("ai_turn_delay", "AI_TURN_DELAY"),
            ("ai_sweep_interval", "AI_SWEEP_INTERVAL"),
            ("retention_days", "RETENTION_DAYS"),
            ("backup_dir", "BACKUP_DIR"),
            ("backup_interval_hours", "BACKUP_INTERVAL_HOURS"),
            ("backup_keep", "BACKUP_KEEP"),
            ("turn_clock_scale", "TURN_CLOCK_SCALE"),
            ("shard_count", "SHARD_COUNT"),
            ("shard_ids", "SHARD_IDS"),
            ("metrics_port", "METRICS_PORT"),
        )
        if merged.get(key, "").strip()
    }
    if "discord_token" not in raw:
        raise SettingsError(NO_TOKEN_HELP)
    try:
        return Settings(**raw)
    except ValidationError as error:
        # A rule between two settings has no single field: its message names both.
        problems = "\n".join(
            f"  {str(issue['loc'][0]).upper() + ': ' if issue['loc'] else ''}"
            f"{issue['msg'].removeprefix('Value error, ')}"
            for issue in error.errors()
        )
        raise SettingsError(f"Some settings in .env are wrong:\n{problems}") from None


def configure_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(max(logging.getLevelName(level), logging.INFO))
