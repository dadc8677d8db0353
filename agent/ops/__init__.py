"""Operator tools: `doctor`, the crash sweep, the demo story and the router evaluation.

May import the runtime, graphs and every layer below; never `interfaces` (which call these).
"""
