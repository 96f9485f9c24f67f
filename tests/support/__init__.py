"""What several test folders share: random play, moves written as text, PDF geometry, the CLI."""
