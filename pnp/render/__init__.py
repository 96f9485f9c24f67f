"""Rendering: the mm drawing interface, paper, sheet layout, tiling, PDF and SVG backends."""
