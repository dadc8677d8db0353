"""The performance benchmark (`school-agent bench`): the project's graph beside a stock LangGraph one.

Nothing here is imported by the application; `school-agent bench` loads it on demand.
"""
