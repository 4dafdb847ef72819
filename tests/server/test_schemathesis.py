"""The REST API against its own OpenAPI document, with schemathesis: a bounded number of
valid and invalid examples of every operation, sent over HTTP to the server as `kibitz serve`
runs it, by a signed-in browser. No answer is a server error; every answer's status, content
type and body are the documented ones; every error is in the error shape with a known code
of its status. (Valid-looking data may still be refused: game names, rule options, records
and nicknames are checked by the games and the service, not by the schema.)"""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import requests
from hypothesis import HealthCheck, given, settings

from kibitz.server.errors import ERRORS

from .processes import Server, free_port

schemathesis = pytest.importorskip("schemathesis")

EXAMPLES = int(os.environ.get("KIBITZ_SCHEMATHESIS_EXAMPLES", "15"))
"""Examples of each operation in each mode (valid, invalid): about 400 requests (more for a
longer run; docs/protocol.md reports one)."""


def rejections() -> Any:
    """schemathesis's settings: invalid data may also be refused as too large (413: a text
    past its length can make the body larger than the server reads)."""
    statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "429"]
    return schemathesis.Config.from_dict(
        {"checks": {"negative_data_rejection": {"expected-statuses": statuses}}}
    )


CONFIG = rejections()


def documented_error(ctx: Any, response: Any, case: Any) -> None:
    """An error answer is `{"error": {"code", "message"}}` with a code of its status."""
    if response.status_code < 400:
        return
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    assert ERRORS[body["error"]["code"]][0] == response.status_code, body


def test_every_operation_keeps_to_the_openapi_document(tmp_path: Path) -> None:
    statuses: Counter[int] = Counter()
    server = Server(
        str(tmp_path / "kibitz.sqlite3"),
        free_port(),
        tmp_path / "server.log",
        *("--bot-workers", "0", "--requests-per-minute", "100000"),
        *("--tables-per-minute", "100000"),
    )
    server.start()  # a process of its own: the server and the examples use both cores
    try:
        browser = requests.Session()
        assert browser.post(server.url + "/api/players", json={"nickname": "Fuzzy"}).ok
        schema = schemathesis.openapi.from_url(server.url + "/openapi.json", config=CONFIG)
        operations = sorted(
            (result.ok() for result in schema.get_all_operations()),
            key=lambda operation: operation.label == "POST /api/signout",  # signs out: last
        )
        assert len(operations) >= 15
        checks = [documented_error]
        for operation in operations:
            for mode in (
                schemathesis.GenerationMode.POSITIVE,
                schemathesis.GenerationMode.NEGATIVE,
            ):

                @given(case=operation.as_strategy(generation_mode=mode))
                @settings(
                    max_examples=EXAMPLES,
                    deadline=None,
                    database=None,
                    derandomize=True,
                    suppress_health_check=list(HealthCheck),
                )
                def send(case: Any) -> None:
                    response = case.call(base_url=server.url, session=browser)
                    statuses[response.status_code] += 1
                    case.validate_response(
                        response,
                        additional_checks=checks,
                        excluded_checks=[schemathesis.checks.positive_data_acceptance],
                    )

                # Unsatisfiable: nothing invalid to send (no parameters, or any text is valid)
                with contextlib.suppress(hypothesis.errors.Unsatisfiable):
                    send()
    finally:
        server.stop()
    print(f"schemathesis: {sum(statuses.values())} requests, answers {dict(statuses)}")
    assert not [status for status in statuses if status >= 500]
    assert sum(statuses.values()) >= 300 and statuses[200] and statuses[400]
