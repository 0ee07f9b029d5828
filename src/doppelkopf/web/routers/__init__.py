"""The routers of the web app, one per resource: each has ``api`` (JSON under ``/api``) and ``pages``
(server-rendered HTML)."""
