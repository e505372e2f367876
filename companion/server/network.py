"""Where phones at the table reach this app: the machine's LAN addresses.

The addresses come from the network interfaces themselves (``psutil``), not
from the host name: Debian and Ubuntu map the host name to 127.0.1.1, which
would send every phone to itself.  Loopback and link-local addresses are
skipped; every other one is a candidate, IPv4 first.
"""

from __future__ import annotations

import errno
import ipaddress
import socket
from collections.abc import Iterable, Mapping

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
ALL_INTERFACES = frozenset({"0.0.0.0", "::", ""})

#: interface name -> its addresses (as ``psutil.net_if_addrs`` gives them, reduced to text)
Interfaces = Mapping[str, Iterable[str]]


def system_interfaces() -> dict[str, list[str]]:
    """This machine's interfaces and their IPv4/IPv6 addresses."""
    import psutil

    found: dict[str, list[str]] = {}
    for name, addresses in psutil.net_if_addrs().items():
        found[name] = [a.address for a in addresses if a.family in (socket.AF_INET, socket.AF_INET6)]
    return found


def lan_addresses(interfaces: Interfaces | None = None) -> list[str]:
    """Addresses other devices can use: no loopback, no link-local; IPv4 first."""
    seen: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for addresses in (system_interfaces() if interfaces is None else interfaces).values():
        for text in addresses:
            try:
                address = ipaddress.ip_address(text.split("%", 1)[0])
            except ValueError:
                continue
            if address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast:
                continue
            if address not in seen:
                seen.append(address)
    seen.sort(key=lambda a: (a.version, int(a)))
    return [str(a) for a in seen]


def url_host(address: str) -> str:
    """An address as it stands in a URL (IPv6 in brackets)."""
    return f"[{address}]" if ":" in address else address


def served_addresses(host: str, interfaces: Interfaces | None = None) -> list[str]:
    """The addresses a server listening on ``host`` is reached at from other devices."""
    if host == "0.0.0.0":  # IPv4's every interface: an IPv6 address would not answer
        return [a for a in lan_addresses(interfaces) if ":" not in a]
    if host in ALL_INTERFACES:
        return lan_addresses(interfaces)
    return [host]  # one address chosen by hand (a loopback one reaches this device only)


def allowed_hosts(host: str, addresses: Iterable[str]) -> frozenset[str]:
    """Host names the app answers to: the loopback names, plus the LAN addresses in room mode."""
    names = set(LOOPBACK_NAMES)
    names.update(addresses)
    if host not in ALL_INTERFACES:
        names.add(host)
    else:
        names.add(socket.gethostname().lower())
    return frozenset(n.lower() for n in names)


class PortTaken(OSError):
    """Another program already listens on the address and port the app was to serve on."""


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` for the web server, bound before anything is
    printed, so that a port already taken is said at once, not after the app's address
    (and the address printed answers at once: a browser waits until the server is up).
    Raises :class:`PortTaken` (or OSError for any other reason the address cannot be had)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: a restart reuses it at once
    try:
        sock.bind((host or "0.0.0.0", port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise PortTaken(exc.errno, exc.strerror) from exc
        raise
    sock.listen(2048)  # connections wait in the backlog until the server takes them
    return sock
