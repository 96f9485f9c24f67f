"""The manual's own code: the scripts that write its generated pages (not part of pnp)."""
