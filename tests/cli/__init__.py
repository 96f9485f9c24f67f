"""The command line through typer's CliRunner: commands, conventions, options and bad input."""
