"""The research-interface tests' parameters as fixtures: a test that takes `config` runs for
every game and option set (`rl_configs.configs`), one that takes `copier` for both ways to
copy an environment. A test that covers fewer configs parametrizes `config` itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rl_configs import COPIERS, Config, config_id, configs

try:
    CONFIGS = configs()
except ImportError:  # the `rl` extra is missing: every module here skips on its own
    CONFIGS = []


@pytest.fixture(params=CONFIGS, ids=config_id)
def config(request: pytest.FixtureRequest) -> Config:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture(params=list(COPIERS.values()), ids=list(COPIERS))
def copier(request: pytest.FixtureRequest) -> Callable[[Any], Any]:
    return request.param  # type: ignore[no-any-return]
