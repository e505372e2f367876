"""Static files gzip-compressed once per version; everything else passes untouched."""

from __future__ import annotations

import errno
import gzip
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

from companion.server import compression
from companion.server.compression import CompressStatic

from .helpers import run_async

BIG = b"var mammoth = 1;\n" * 4000
NOISE = random.Random(14).randbytes(300_000)  # packs to about its own size: the disk fills mid-way


def static(body: bytes, status: int = 200, kind: bytes = b"application/javascript", etag: bytes | None = b'"v1"'):  # type: ignore[no-untyped-def]
    calls = {"n": 0}

    async def app(scope: Any, receive: Any, send: Any) -> None:
        calls["n"] += 1
        headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
        if etag:
            headers.append((b"etag", etag))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        half = len(body) // 2
        await send({"type": "http.response.body", "body": body[:half], "more_body": True})
        await send({"type": "http.response.body", "body": body[half:]})

    return app, calls


def ask(
    app: Any, encoding: str = "gzip, br", method: str = "GET", path: str = "/main.dart.js"
) -> tuple[int, dict[bytes, bytes], bytes]:
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request"}

    scope = {"type": "http", "method": method, "path": path, "headers": [(b"accept-encoding", encoding.encode())]}
    run_async(app(scope, receive, send))
    start = sent[0]
    return start["status"], dict(start["headers"]), b"".join(m.get("body", b"") for m in sent[1:])


def test_a_static_file_is_compressed_once_and_kept(tmp_path: Path) -> None:
    """The same bytes once unpacked, a weak ETag, no-cache, Vary; the second request is served
    from what was kept (compressed once, in a file on disk), and so is a later server's."""
    inner, _ = static(BIG)
    app = CompressStatic(inner, tmp_path)
    status, headers, body = ask(app)
    assert status == 200 and headers[b"content-encoding"] == b"gzip" and gzip.decompress(body) == BIG
    assert headers[b"etag"] == b'W/"v1"' and headers[b"cache-control"] == b"no-cache"
    assert headers[b"vary"] == b"Accept-Encoding" and int(headers[b"content-length"]) == len(body) < len(BIG) / 10
    assert len(app.kept) == 1 and [p.suffix for p in tmp_path.iterdir()] == [".gz"]
    assert ask(app)[2] == body and len(app.kept) == 1
    later = CompressStatic(static(b"changed in memory only")[0], tmp_path)  # same path and ETag: the kept file
    assert ask(later)[2] == body


def test_other_answers_pass_untouched(tmp_path: Path) -> None:
    """No gzip asked, a 304, no ETag, an image, a small file, a HEAD: all as the app sent them."""
    for inner, encoding, method in (
        (static(BIG)[0], "identity", "GET"),
        (static(b"", status=304)[0], "gzip", "GET"),
        (static(BIG, etag=None)[0], "gzip", "GET"),
        (static(BIG, kind=b"image/png")[0], "gzip", "GET"),
        (static(BIG)[0], "gzip", "HEAD"),
    ):
        status, headers, body = ask(CompressStatic(inner, tmp_path), encoding, method)
        assert b"content-encoding" not in headers, (encoding, method, status)
    status, headers, body = ask(CompressStatic(static(b"tiny")[0], tmp_path))
    assert body == b"tiny" and b"content-encoding" not in headers and headers[b"content-length"] == b"4"


def test_an_unwritable_cache_still_compresses(tmp_path: Path) -> None:
    """A cache directory that cannot be made (here a file stands in its way): the answer is
    still the compressed file, kept for nobody, and the next answer compresses again."""
    blocked = tmp_path / "cache"
    blocked.write_text("not a folder")
    inner, calls = static(BIG)
    app = CompressStatic(inner, blocked)
    for _ in range(2):
        status, headers, body = ask(app)
        assert status == 200 and headers[b"content-encoding"] == b"gzip" and gzip.decompress(body) == BIG
        assert int(headers[b"content-length"]) == len(body)
    assert app.kept == {} and calls["n"] == 2


class _FillingDisk:
    """A cache file on a disk that fills up: it takes ``room`` bytes, part of a chunk if that
    is what fits, then refuses with ENOSPC. ``lose`` also deletes what it had written."""

    def __init__(self, real: Any, path: Path, room: int, lose: bool) -> None:
        self.real, self.path, self.room, self.lose = real, path, room, lose

    def write(self, data: memoryview) -> int:
        if self.room == 0:
            if self.lose:
                self.path.unlink()
            raise OSError(errno.ENOSPC, "No space left on device")
        taken = self.real.write(data[: self.room])
        self.room -= taken
        return int(taken)

    def close(self) -> None:
        self.real.close()


def filling_cache(monkeypatch: pytest.MonkeyPatch, room: int, lose: bool = False) -> None:
    class Packer(compression._Packer):
        def __init__(self, cache_dir: Path) -> None:
            super().__init__(cache_dir)
            assert self.path is not None
            self.file = _FillingDisk(self.file, self.path, room, lose)  # type: ignore[assignment]

    monkeypatch.setattr(compression, "_Packer", Packer)


def test_a_cache_filling_up_midway_still_sends_the_whole_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills in the middle of a chunk: what reached the file and what did not are
    joined in order, and the answer unpacks to the file, byte for byte."""
    filling_cache(monkeypatch, room=100_001)
    inner, calls = static(NOISE)
    app = CompressStatic(inner, tmp_path)
    status, headers, body = ask(app)
    assert status == 200 and headers[b"content-encoding"] == b"gzip" and gzip.decompress(body) == NOISE
    assert int(headers[b"content-length"]) == len(body) and calls["n"] == 1
    assert app.kept == {} and list(tmp_path.iterdir()) == []  # nothing half-written left behind


def test_a_lost_cache_file_sends_the_file_as_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills and what the cache file held cannot be read back: no broken gzip goes
    out; the file is sent again uncompressed."""
    filling_cache(monkeypatch, room=100_001, lose=True)
    inner, calls = static(NOISE)
    status, headers, body = ask(CompressStatic(inner, tmp_path))
    assert status == 200 and b"content-encoding" not in headers and body == NOISE
    assert calls["n"] == 2 and list(tmp_path.iterdir()) == []


def test_a_new_version_of_a_file_replaces_the_old_ones_in_the_cache(tmp_path: Path) -> None:
    """The cache keeps one file per path, the current version's. A new ETag (an
    upgraded Flet) replaces the old file, other paths keep theirs, and a later server removes
    an older release's files and an abandoned ``.part`` but not a fresh one."""
    first = CompressStatic(static(BIG, etag=b'"v1"')[0], tmp_path)
    ask(first)
    ask(first, path="/canvaskit.wasm")
    assert len(list(tmp_path.glob("*.gz"))) == 2
    newer = BIG + b"var herd = 2;\n" * 100
    upgraded = CompressStatic(static(newer, etag=b'"v2"')[0], tmp_path)
    _, headers, body = ask(upgraded)
    assert headers[b"etag"] == b'W/"v2"' and gzip.decompress(body) == newer
    assert len(list(tmp_path.glob("*.gz"))) == 2  # main.dart.js's v2 and canvaskit's v1
    assert ask(upgraded)[2] == body and gzip.decompress(ask(upgraded, path="/canvaskit.wasm")[2]) == newer
    assert len(list(tmp_path.glob("*.gz"))) == 2 and len(upgraded.kept) == 2
    old_release = tmp_path / ("ab" * 32 + ".gz")
    old_release.write_bytes(b"packed by an older release")
    abandoned, fresh = tmp_path / "tmp1.part", tmp_path / "tmp2.part"
    abandoned.write_bytes(b"half")
    fresh.write_bytes(b"being written")
    os.utime(abandoned, (time.time() - 7200, time.time() - 7200))
    CompressStatic(static(BIG)[0], tmp_path)
    assert not old_release.exists() and not abandoned.exists() and fresh.exists()
    assert len(list(tmp_path.glob("*.gz"))) == 2


def test_a_kept_file_removed_meanwhile_is_sent_as_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The blank page after a restart after a restart, found in a CI run: another server removed the
    kept file between the look and the read; the answer raised (a 500 for main.dart.js) and
    the page never started. Now that answer is the file as the app sends it, and the next is
    compressed again."""
    inner, calls = static(BIG)
    app = CompressStatic(inner, tmp_path)
    packed = ask(app)[2]
    found = app._cached

    def vanishing(key: tuple[str, bytes]) -> Path | None:
        path = found(key)
        if path is not None:
            path.unlink()  # the other server's prune, right after the look
        return path

    monkeypatch.setattr(app, "_cached", vanishing)
    status, headers, body = ask(app)
    assert status == 200 and b"content-encoding" not in headers and body == BIG
    monkeypatch.setattr(app, "_cached", found)
    assert ask(app)[2] == packed and calls["n"] == 4  # packed, vanished + sent again, packed anew
