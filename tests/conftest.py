pytest_plugins = ["tests.fakediscord.plugin", "tests.postgres_plugin"]
