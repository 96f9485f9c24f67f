"""The shared kit builder and the kits of several games at once."""
