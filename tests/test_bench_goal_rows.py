"""bench/goal_rows.py (issue 13): the benches' figures are said to be a Pi's own when they
run on a Raspberry Pi, and a Pi estimate (3-5 times this machine) elsewhere; memory drawn by
a GPU driver is not reduced by the software renderer's share. Nothing here is timed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import goal_rows  # noqa: E402


def test_a_pi_is_known_by_its_device_tree_model(tmp_path: Path) -> None:
    pi = tmp_path / "model"
    pi.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    other = tmp_path / "other"
    other.write_bytes(b"Pine64 RockPro64 v2.1\x00")
    assert goal_rows.raspberry_pi((str(tmp_path / "missing"), str(pi))) == "Raspberry Pi 4 Model B Rev 1.4"
    assert goal_rows.raspberry_pi((str(other),)) is None
    assert goal_rows.raspberry_pi((str(tmp_path / "missing"),)) is None


@pytest.mark.parametrize(("renderer", "software"), [
    ("llvmpipe (LLVM 15.0.6, 256 bits)", True), ("softpipe", True), ("Software Rasterizer (swrast)", False),
    ("swrast", True), ("V3D 4.2", False), ("VC4 V3D 2.1", False), ("Mesa Intel(R) UHD Graphics 620", False)])
def test_software_renderers_are_told_from_gpu_drivers(renderer: str, software: bool) -> None:
    assert goal_rows.software_renderer(renderer) is software


def test_times_get_an_estimate_here_and_are_the_pis_own_on_a_pi(monkeypatch: pytest.MonkeyPatch) -> None:
    ms = goal_rows.row("every tap < 50 ms", "a tap", 20.0, "ms", 50.0)
    ratio = goal_rows.row("odds >= 50x", "a battle", 60.0, "x", 50.0, higher=True)
    memory = goal_rows.row("< 150 MB", "after game 3", 220.0, "MB", 150.0, pi="about 141 MB")
    monkeypatch.setattr(goal_rows, "PI_MODEL", None)
    assert goal_rows.pi_times(0.02, lambda v: f"{v * 1000:.0f} ms") == "60 ms-100 ms"
    assert goal_rows.pi_estimate(ms, False) == "60.0 ms to 100.0 ms"
    assert goal_rows.pi_estimate(ratio, False) == "the same"
    assert goal_rows.pi_estimate(memory, False) == "about 141 MB"
    monkeypatch.setattr(goal_rows, "PI_MODEL", "Raspberry Pi 5 Model B Rev 1.0")
    assert goal_rows.pi_times(0.02, lambda v: f"{v * 1000:.0f} ms") == "20 ms measured on this Pi"
    for r in (ms, ratio, memory):
        assert goal_rows.pi_estimate(r, True) == "measured on a Pi"
