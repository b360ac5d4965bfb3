"""Packages: the code folders, plus ``data/`` and ``kv/`` shipped as ``companion.data`` and
``companion.kv`` so an installed wheel finds them (``companion/core/resources.py``)."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["companion", "companion.*", "hardware", "hardware.*"])
    + ["companion.data", "companion.kv"],
    package_dir={"companion.data": "data", "companion.kv": "kv"},
)
