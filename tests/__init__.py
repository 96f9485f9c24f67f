"""pnp's tests: per game under games/, the conformance over every registered game, then by layer."""
