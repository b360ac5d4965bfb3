"""companion.phones.net: the local network only (issue 14: "listening on the local network only")."""

from __future__ import annotations

import pytest

from companion.phones.net import is_local_peer, join_url


@pytest.mark.parametrize("address", ["127.0.0.1", "127.8.0.2", "::1", "10.1.2.3", "172.16.0.9", "172.31.255.1",
                                     "192.168.1.20", "169.254.3.4", "fe80::1", "fe80::1%wlan0", "fd12:3456::1",
                                     "::ffff:192.168.0.7"])
def test_local_peers_are_served(address):
    assert is_local_peer(address)


@pytest.mark.parametrize("address", ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.64.0.1", "2001:4860::8888",
                                     "::ffff:8.8.8.8", "0.0.0.0", "224.0.0.1", "", None, "not an address"])
def test_other_peers_are_refused(address):
    assert not is_local_peer(address)


def test_join_url():
    assert join_url("192.168.1.20", 8765, "abc") == "http://192.168.1.20:8765/s/abc"
    assert join_url("fd00::2", 8765, "abc") == "http://[fd00::2]:8765/s/abc"
