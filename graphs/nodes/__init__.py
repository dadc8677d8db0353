"""The school graph's nodes. Each `make_*` returns a node bound to its dependencies."""
