"""The HTTP server: the LangGraph Server API (the product's one HTTP API), the school's extensions, the page.

`app` builds the application over one `backend.Backend`; `auth` reads keys, `errors` answers
every error and guards every request; `langgraph_api` holds the platform's routes, `extensions`
the school's (`/school/...`). A face: it imports the runtime and the layers below; nothing imports
it but `serve`, the worker (the platform's event shapes) and the tests.
"""
