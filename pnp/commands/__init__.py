"""The commands of `pnp`, one small module each; pnp/cli.py composes them."""
