"""Reporting a run: its typed summary and summary.json (with its schema), the verdict, the
terminal text, report.pdf and its charts, games.csv and seats.csv.

Imports only simulate.measure and the floors below it.
"""
