"""The local network only: which peers may talk to the server, and the address phones use.

The server binds to every IPv4 interface (``0.0.0.0``) rather than to one LAN address:
a Pi's address on Wi-Fi changes with DHCP and after a reconnect, and a server bound to
the old one would go deaf. Instead every request's peer is checked: only loopback,
private (RFC 1918, IPv6 ULA) and link-local addresses are served; any other peer gets a
403 before its request is read further. A router that forwards a port from the internet
therefore still reaches nothing.
"""

from __future__ import annotations

import ipaddress
import socket


def is_local_peer(address: str | None) -> bool:
    """Whether ``address`` (the TCP peer) is on this machine or the local network."""
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_unspecified or ip.is_multicast:
        return False
    # is_private also covers documentation and other reserved ranges; none of them routes
    # from the internet either.
    return ip.is_loopback or ip.is_link_local or ip.is_private


def lan_address() -> str:
    """This machine's address on the local network (the one phones reach), or 127.0.0.1.

    Asks the routing table which local address would be used towards a private network
    address; a UDP "connect" sends no packet.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address if is_local_peer(address) else "127.0.0.1"


def join_url(host: str, port: int, token: str) -> str:
    """The address a seat's QR code carries."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}/s/{token}"
