"""The REST API's OpenAPI document (`/openapi.json`) and `/docs`, which shows it in Swagger
UI: its files come from the installed `swagger-ui-bundle-v2` package rather than a CDN, on a
page that runs no inline script (the pages' Content-Security-Policy forbids it).

The document names the error answers every operation may really give, all in the error
shape (`ErrorBody`): 400 where FastAPI would say 422 (the server answers `bad_message` with
400), 413 with a body, 404 with a path parameter, 429 under `/api/`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]

from kibitz.server.errors import ServiceError

PAGE = Path(__file__).parent / "static" / "apidocs.html"
ASSETS = ("swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png")
"""The files of the package the page loads (it holds others: an example page, maps)."""


def install(app: FastAPI) -> None:
    """Add `/docs` and its files to the kibitz app (made with `docs_url=None`), and the
    error answers to its OpenAPI document."""
    plain = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            add_error_answers(plain())
        return app.openapi_schema or {}

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/docs", include_in_schema=False)
    async def docs() -> FileResponse:
        return FileResponse(PAGE)

    @app.get("/docs/{name}", include_in_schema=False)
    async def asset(name: str) -> FileResponse:
        if name not in ASSETS:
            raise ServiceError("not_found")
        return FileResponse(Path(str(swagger_ui_path)) / name)


def add_error_answers(document: dict[str, Any]) -> None:
    """Name the error answers of every operation in `document` (see the module's doc)."""
    for path, operations in document["paths"].items():
        for operation in operations.values():
            answers = operation.setdefault("responses", {})
            if answers.pop("422", None) is not None:
                answers.setdefault("400", _error("bad_message"))
            if "requestBody" in operation:
                answers.setdefault("413", _error("too_large"))
            if "{" in path:
                answers.setdefault("404", _error("not_found", "Nothing has this id."))
            if path.startswith("/api/"):
                answers.setdefault("429", _error("rate_limited"))
    schemas = document.get("components", {}).get("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)


def _error(code: str, description: str | None = None) -> dict[str, Any]:
    return {
        "description": description or ServiceError(code).message,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
    }
