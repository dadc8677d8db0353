"""The faces: the `school-agent` CLI, the HTTP server and page, Studio's checkpointer, progress display.

The top layer: it may import anything below; nothing imports it.
"""
