"""The runtime: threads and runs over the compiled graph — the one API every face calls.

Sits above `graphs`: it may import graphs and every layer below them, never `upkeep` or `interfaces`.
"""
