"""The tests every registered game passes, fed by the cases in tests/games/<game>/cases.py."""
