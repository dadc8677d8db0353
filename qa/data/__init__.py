"""The evaluations' labelled data: router messages, retrieval questions, multi-turn scenarios."""
