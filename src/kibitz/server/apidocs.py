"""`/docs`: the REST API's OpenAPI schema (`/openapi.json`) in Swagger UI, whose files come
from the installed `swagger-ui-bundle-v2` package rather than a CDN, on a page that runs no
inline script (the pages' Content-Security-Policy forbids it)."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]

from kibitz.server.errors import ServiceError

PAGE = Path(__file__).parent / "static" / "apidocs.html"
ASSETS = ("swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png")
"""The files of the package the page loads (it holds others: an example page, maps)."""


def install(app: FastAPI) -> None:
    """Add `/docs` and its files to the kibitz app (made with `docs_url=None`)."""

    @app.get("/docs", include_in_schema=False)
    async def docs() -> FileResponse:
        return FileResponse(PAGE)

    @app.get("/docs/{name}", include_in_schema=False)
    async def asset(name: str) -> FileResponse:
        if name not in ASSETS:
            raise ServiceError("not_found")
        return FileResponse(Path(str(swagger_ui_path)) / name)
