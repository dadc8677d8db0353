"""The HTTP face of the assistant: API, Server-Sent Events, the page."""
