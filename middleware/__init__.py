"""LangChain `AgentMiddleware` classes for the school's agents, one per file.

The school graph of today routes deterministically and calls no model, so it runs no agent
middleware yet; the planner and worker subagents bring their middleware here. Before adding one,
check that LangChain does not already ship it (todo list, summarization, human-in-the-loop,
call limits, retries).
"""
