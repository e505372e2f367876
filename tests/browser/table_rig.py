"""A room's Wi-Fi for phones that play together, made by the test as root: one network
namespace per phone, each with one link into an access point's namespace, where a bridge
joins the links. Packets between two phones really cross two veth links and the bridge
(none takes the kernel's local path), and the access point can do what a real one does:
keep its clients apart (``isolated``), drop a share of the frames it forwards (nftables'
``numgen random``), or carry them slowly (a ``tbf`` queue). It is each phone's default
route, as a Wi-Fi's router is, and routes nowhere beyond its bridge. A phone is a Chromium started
in its namespace through a small wrapper that Playwright takes as its executable; the site
is served on 127.0.0.1 inside each phone's namespace (a secure origin, as a phone's own
copy of the site is). A phone's browser, all its processes, can be stopped (SIGSTOP, a
locked screen or a busy phone) and resumed. Every address exists only inside namespaces
the rig made; nothing reaches a network outside them. This kernel has no ``netem``."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .harness import CHROMIUM, free_port
from .table_net import wait_served


def _run(*args: str) -> str:
    return subprocess.run(list(args), check=True, capture_output=True, text=True).stdout


@dataclass
class Rig:
    """The access point and its phones (by name): each phone's namespace, its Chromium
    wrapper and its address; the site's address, the same in every phone's namespace."""

    tag: str
    folder: Path
    ap: str = ""
    phones: dict[str, str] = field(default_factory=dict)  # name -> namespace
    wrappers: dict[str, Path] = field(default_factory=dict)
    servers: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    url: str = ""
    ports: list[str] = field(default_factory=list)  # the access point's ends of the links

    def add(self, name: str, number: int, ipv6_only: bool = False) -> None:
        space = f"mh-{name[:6]}-{self.tag}"
        _run("ip", "netns", "add", space)
        self.phones[name] = space
        port = f"ap{number}"
        _run("ip", "-n", space, "link", "set", "lo", "up")
        _run("ip", "-n", space, "link", "add", "wlan0", "type", "veth", "peer", "name", port, "netns", self.ap)
        if ipv6_only:
            _run("ip", "-n", space, "addr", "add", f"fd77::{10 + number}/64", "dev", "wlan0", "nodad")
        else:
            _run("ip", "-n", space, "addr", "add", f"10.78.0.{10 + number}/24", "dev", "wlan0")
        _run("ip", "-n", space, "link", "set", "wlan0", "up")
        _run("ip", "-n", self.ap, "link", "set", port, "master", "br0")
        _run("ip", "-n", self.ap, "link", "set", port, "up")
        self.ports.append(port)
        # As on a Wi-Fi, the access point is the default route (a browser that lists only
        # the default route's address, as Firefox does for a page with no camera, finds
        # one); the access point's namespace has no route beyond its bridge.
        gateway = "fd77::1" if ipv6_only else "10.78.0.1"
        _run(
            "ip",
            "-n",
            space,
            "route",
            "add",
            "default",
            "via",
            gateway,
            "dev",
            "wlan0",
            *(["onlink"] if ipv6_only else []),
        )
        wrapper = self.folder / f"chromium-{name}"
        wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {space} {CHROMIUM} "$@"\n', encoding="utf-8")
        wrapper.chmod(0o755)
        self.wrappers[name] = wrapper

    def serve(self, site: Path) -> str:
        """The published ``site`` on one port of 127.0.0.1 in every phone's namespace."""
        port = free_port()
        for name, space in self.phones.items():
            command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(site)]
            self.servers[name] = subprocess.Popen(
                ["ip", "netns", "exec", space, *command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        self.url = f"http://127.0.0.1:{port}/"
        for space in self.phones.values():
            wait_served(space, self.url)
        return self.url

    def _browser_pids(self, name: str) -> list[int]:
        server = self.servers[name].pid if name in self.servers else -1
        pids = [int(p) for p in _run("ip", "netns", "pids", self.phones[name]).split()]
        return [pid for pid in pids if pid != server]

    def stop(self, name: str) -> None:
        """The phone's browser stops, every process of it (a locked screen, a busy phone)."""
        for pid in self._browser_pids(name):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)

    def resume(self, name: str) -> None:
        for pid in self._browser_pids(name):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)

    def isolate(self, on: bool = True) -> None:
        """Client isolation on the access point: its clients cannot reach each other."""
        for port in self.ports:
            _run(
                "ip", "netns", "exec", self.ap, "bridge", "link", "set", "dev", port, "isolated", "on" if on else "off"
            )

    def lose(self, percent: int) -> None:
        """The access point drops ``percent`` % of the frames it forwards, at random."""
        _run("ip", "netns", "exec", self.ap, "nft", "add", "table", "bridge", "lossy")
        _run(
            "ip", "netns", "exec", self.ap, "nft", "add", "chain", "bridge", "lossy", "forward",
            "{ type filter hook forward priority 0 ; }",
        )  # fmt: skip
        _run(
            "ip", "netns", "exec", self.ap, "nft", "add", "rule", "bridge", "lossy", "forward",
            "numgen", "random", "mod", "100", "<", str(percent), "drop",
        )  # fmt: skip

    def slow(self, rate: str = "2mbit") -> None:
        """Every link out of the access point carries ``rate`` at most (a token bucket)."""
        for port in self.ports:
            _run(
                "tc",
                "-n",
                self.ap,
                "qdisc",
                "add",
                "dev",
                port,
                "root",
                "tbf",
                "rate",
                rate,
                "burst",
                "32kbit",
                "latency",
                "400ms",
            )


@contextlib.contextmanager
def wifi(folder: Path, names: tuple[str, ...], ipv6_only: bool = False) -> Iterator[Rig]:
    """An access point with a bridge and one phone namespace for each of ``names``."""
    rig = Rig(f"{os.getpid() % 100000}", folder)
    rig.ap = f"mh-ap-{rig.tag}"
    _run("ip", "netns", "add", rig.ap)
    try:
        _run("ip", "-n", rig.ap, "link", "add", "br0", "type", "bridge")
        _run(
            "ip",
            "-n",
            rig.ap,
            "addr",
            "add",
            "fd77::1/64" if ipv6_only else "10.78.0.1/24",
            "dev",
            "br0",
            *(["nodad"] if ipv6_only else []),
        )
        _run("ip", "-n", rig.ap, "link", "set", "br0", "up")
        assert "default" not in _run("ip", "-n", rig.ap, "route")  # nothing beyond the access point
        for number, name in enumerate(names):
            rig.add(name, number, ipv6_only)
        yield rig
    finally:
        for name in rig.phones:
            rig.resume(name)
        for server in rig.servers.values():
            server.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(10)
        for space in [*rig.phones.values(), rig.ap]:
            subprocess.run(["ip", "netns", "del", space], capture_output=True)
