"""Setup files: the JSON Schema derived from each game's setup records."""
