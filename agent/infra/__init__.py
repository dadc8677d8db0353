"""Infrastructure: database resources, schema migrations, locks, retention, ledger, fake provider.

The pool, checkpointer and store are opened here (`persistence`), in one place. May import
`agent.config`, `agent.domain` and `middleware` (the ledger implements
`middleware.ledger.BudgetLedger`); not the journal, which sits above it, and never a graph, a
model, the runtime or a face.
"""
