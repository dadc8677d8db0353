"""Data shipped with the operator tools (the router's labelled evaluation set)."""
