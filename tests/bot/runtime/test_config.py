"""The start-up settings: read from ``.env`` and the environment, with a clear word for each problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.runtime.config import NO_TOKEN_HELP, SettingsError, load_settings


def test_settings_come_from_env_file_and_environment(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("# comment\nDISCORD_TOKEN='abc'\nDATABASE_PATH=/tmp/x.sqlite3\nLOG_LEVEL=debug\n")
    settings = load_settings(env, environ={"DEV_GUILD_ID": "42"})
    assert settings.discord_token == "abc"
    assert settings.database_path == Path("/tmp/x.sqlite3")
    assert settings.dev_guild_id == 42
    assert settings.log_level == "DEBUG"


def test_a_missing_token_explains_how_to_get_one(tmp_path: Path) -> None:
    with pytest.raises(SettingsError) as error:
        load_settings(tmp_path / "missing.env", environ={})
    assert str(error.value) == NO_TOKEN_HELP
    assert "applications.commands" in NO_TOKEN_HELP


def test_wrong_values_are_named(tmp_path: Path) -> None:
    with pytest.raises(SettingsError) as error:
        load_settings(
            tmp_path / "none", environ={"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "abc", "LOG_LEVEL": "LOUD"}
        )
    message = str(error.value)
    assert "DEV_GUILD_ID" in message and "LOG_LEVEL" in message


def test_a_malformed_env_line_is_reported(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN\n")
    with pytest.raises(SettingsError, match="line 1"):
        load_settings(env, environ={})


def test_the_process_environment_wins_over_the_env_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = tmp_path / ".env"
    env.write_text('DISCORD_TOKEN="from-file"\nLOG_LEVEL=warning\nSHARD_COUNT=4\n')
    monkeypatch.setenv("DISCORD_TOKEN", "from-environment")
    monkeypatch.setenv("SHARD_IDS", "1,3")
    monkeypatch.setenv("LOG_LEVEL", "")
    settings = load_settings(env)
    assert settings.discord_token == "from-environment"
    assert settings.log_level == "WARNING", "an empty variable counts as unset"
    assert settings.shard_count == 4 and settings.shard_ids == (1, 3)
