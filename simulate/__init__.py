"""simulate: plays pnp games with agents and measures balance."""
