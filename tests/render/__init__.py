"""Drawing and printing: pages, sheets, PDF and SVG output, print modes."""
