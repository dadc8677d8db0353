"""Infrastructure: database resources, schema migrations, locks, retention, ledger, fake provider.

The pool, checkpointer and store are opened here (`persistence`), in one place. May import
`agent.config`, `agent.domain`, `agent.journal` and `middleware` (the ledger implements
`middleware.budget.BudgetLedger`); never a graph, a model, the runtime or a face.
"""
