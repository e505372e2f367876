// The static site's part in playing together: WebRTC data channels between phones, the
// camera that scans a code, and the QR code that shows one. Python (site/peers.py) asks
// with {op, ...} (the "mammoth-peer" event of python.js) and hears back through
// window.mammothToPython. WebRTC runs here because data channels in workers are WebKit's
// alone. No STUN or TURN server: phones reach each other on the room's network only.
//
// A phone that was at the table rejoins with one scan. Each phone keeps one certificate
// (IndexedDB), so its fingerprint stays the same; over a guest's first channel the host
// gives it a seat and a secret, and both keep them. When that guest's channel closes, the
// host keeps a connection waiting for the seat, as the offerer, with ICE credentials both
// phones derive from the secret and a nonce (HKDF); the host's code names the seat, nonce
// and port (data/codes.py). The guest that scans it builds the host's description from the
// code and its pinned fingerprint, answers with the derived credentials, and the channel
// opens with no scan back; DTLS checks both pinned certificates. If this phone cannot set
// its own credentials (a browser that refuses it) or the seat does not open within
// REJOIN_MS, it falls back to the answer code: two scans, as on a first join.
(function () {
  "use strict";
  var peers = {}; // slot -> {pc, channel, timer, heard, away}
  var GATHER_MS = 3000; // ICE gathering with no servers ends at once; this is a bound
  var OPEN_MS = 15000; // after both descriptions: a channel not open by then has failed (it opens in well under 1 s)
  // A guest cannot tell when the host scans its answer: it waits longer before it says
  // that the phones could not reach each other.
  var ANSWER_MS = 45000;
  // But a host that has not scanned yet already answers the guest's connectivity checks:
  // a guest none of whose checks were answered by REACH_MS cannot reach the host (a Wi-Fi
  // that keeps phones apart) and says so then, whether or not the host has scanned.
  var REACH_MS = 15000;
  // The heartbeat: each open channel carries BEAT every BEAT_MS; a phone not heard from
  // for AWAY_MS is away (a locked screen, a stopped browser) until it is heard again: it
  // is named within AWAY_MS + BEAT_MS, under 6 s.
  var BEAT = "\u2665";
  var BEAT_MS = 1000;
  var AWAY_MS = 4500;
  var GONE_MS = 10000; // ICE failed on an open channel for this long: the connection is gone
  var REJOIN_MS = 5000; // a guest's seat not open by then: it shows its answer instead
  var KEEP_MS = 3000; // a waiting seat's description set again (Firefox gives up on one after 5 s)
  var PAIR = "\u2661"; // a channel message of this page's own (the seat and secret), not Python's
  var text = (window.mammothHerd && window.mammothHerd.text) || {};

  function tell(message) {
    if (window.mammothToPython) window.mammothToPython(message);
  }

  function pause(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms); });
  }

  function gathered(pc) {
    return new Promise(function (resolve) {
      if (pc.iceGatheringState === "complete") return resolve();
      pc.addEventListener("icegatheringstatechange", function () {
        if (pc.iceGatheringState === "complete") resolve();
      });
      setTimeout(resolve, GATHER_MS);
    });
  }

  function camera() {
    // A moment of the camera: it tells the browser this page may know the phone's own
    // addresses (without it Chromium hides them), and it is needed to scan the answers.
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return Promise.resolve("none");
    return navigator.mediaDevices.getUserMedia({ video: true }).then(function (stream) {
      stream.getTracks().forEach(function (track) { track.stop(); });
      return "granted";
    }, function (error) {
      return error && error.name === "NotAllowedError" ? "refused" : "none";
    });
  }

  function wire(slot, channel) {
    var peer = peers[slot];
    if (!peer) return;
    peer.channel = channel;
    channel.onopen = function () {
      clearTimeout(peer.timer);
      clearInterval(peer.keeping);
      peer.heard = Date.now();
      // The other phone's pinned certificate, which DTLS proved it holds: the app binds the
      // phone that speaks on this channel to it.
      tell({ op: "open", slot: slot, print: fingerprint(peer.pc.remoteDescription && peer.pc.remoteDescription.sdp) });
    };
    channel.onmessage = function (event) {
      heard(slot, peer);
      // The host gives a new guest its seat once it has heard from it (its first beat or
      // message): the guest is listening by then. Sent as the channel opened, the seat was
      // lost now and then, when it came before the guest's page had its channel.
      if (peer.host && !peer.seat) pair(slot, peer);
      var data = String(event.data);
      // A seat is given by the host only: a guest's channel that sends one is not heeded
      // (it would write a pairing for its own fingerprint into the host's keep).
      if (data.indexOf(PAIR) === 0) {
        if (!peer.host) paired(peer, data);
      } else if (data !== BEAT) tell({ op: "message", slot: slot, text: data });
    };
    channel.onclose = function () {
      if (peers[slot] === peer) lost(slot, peer);
    };
    if (channel.readyState === "open") channel.onopen();
  }

  // -- what this phone keeps for rejoining: its certificate, its seats (as a host: each with
  // its secret and the guest's fingerprint) and its hosts (as a guest: by the host's
  // fingerprint, its seat and secret). Nothing here is needed to play: without IndexedDB or
  // WebCrypto, every join takes two scans.
  var kept = null;
  function keep() {
    if (!kept) {
      kept = new Promise(function (resolve, reject) {
        var opening = indexedDB.open("mammoth-table", 1);
        opening.onupgradeneeded = function () { opening.result.createObjectStore("keep"); };
        opening.onsuccess = function () { resolve(opening.result); };
        opening.onerror = function () { reject(opening.error); };
      });
    }
    return kept;
  }
  function kept_get(key) {
    return keep().then(function (db) {
      return new Promise(function (resolve, reject) {
        var asking = db.transaction("keep").objectStore("keep").get(key);
        asking.onsuccess = function () { resolve(asking.result); };
        asking.onerror = function () { reject(asking.error); };
      });
    }).catch(function () { return undefined; });
  }
  function kept_put(key, value) {
    return keep().then(function (db) {
      return new Promise(function (resolve) {
        var writing = db.transaction("keep", "readwrite");
        writing.objectStore("keep").put(value, key);
        writing.oncomplete = resolve;
        writing.onerror = resolve;
      });
    }).catch(function () {});
  }

  var DAY = 86400000;
  var certifying = null;
  function certificate() {
    // One certificate for every connection, kept for a year (the most browsers allow), made
    // again a week before it ends; undefined where it cannot be made (the browser's own).
    if (!certifying) {
      certifying = kept_get("certificate").then(function (found) {
        if (found && found.expires > Date.now() + 7 * DAY) return found;
        return RTCPeerConnection.generateCertificate({ name: "ECDSA", namedCurve: "P-256", expires: 365 * DAY })
          .then(function (made) {
            return kept_put("certificate", made).then(function () { return made; });
          });
      }).catch(function () { return undefined; });
    }
    return certifying;
  }

  function fingerprint(sdp) {
    var found = /^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)/m.exec(sdp || "");
    return found ? found[1].replace(/:/g, "").toUpperCase() : "";
  }
  function base64(bytes) {
    return btoa(String.fromCharCode.apply(null, Array.from(bytes)));
  }
  function unbase64(text) {
    return Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); });
  }
  function credentials(secret, side, nonce) {
    // 30 bytes of HKDF-SHA-256: base64's characters are ICE's; 8 of them the user fragment,
    // 32 the password.
    return crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveBits"]).then(function (key) {
      return crypto.subtle.deriveBits(
        { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(side + "|" + nonce) },
        key,
        240
      );
    }).then(function (bits) {
      var text = base64(new Uint8Array(bits));
      return { ufrag: text.slice(0, 8), pwd: text.slice(8, 40) };
    });
  }
  function with_credentials(sdp, own) {
    return sdp.replace(/a=ice-ufrag:[^\r\n]+/g, "a=ice-ufrag:" + own.ufrag).replace(/a=ice-pwd:[^\r\n]+/g, "a=ice-pwd:" + own.pwd);
  }
  function host_ports(sdp) {
    // Each IPv4 address this connection gathered, with its port: [[address, port], ...].
    var found = [];
    var line = /^a=candidate:\S+ 1 udp \d+ (\d+\.\d+\.\d+\.\d+) (\d+) typ host/gim;
    for (var match = line.exec(sdp || ""); match; match = line.exec(sdp || "")) found.push([match[1], Number(match[2])]);
    return found;
  }
  var answer_template = ""; // a paired guest's answer, from the app (data/codes.py's one template)
  function built_answer(own, print) {
    // The guest's side as the host's connection expects it: its derived credentials, its
    // pinned certificate, the DTLS client's role; no address (the host learns it from the
    // guest's first check).
    var colons = print.match(/../g).join(":");
    return answer_template.replace("{ufrag}", own.ufrag).replace("{pwd}", own.pwd).replace("{print}", colons);
  }

  function pair(slot, peer) {
    // The host, when a new guest's channel opens: a seat and a secret, kept here and sent.
    if (!window.crypto || !crypto.subtle || !peer.pc.remoteDescription) return;
    var print = fingerprint(peer.pc.remoteDescription.sdp);
    var taken = Object.keys(peers).map(function (key) { return peers[key].seat; });
    var seat = 0;
    while (!seat || taken.indexOf(seat) >= 0) seat = 1 + Math.floor(Math.random() * 255);
    var secret = crypto.getRandomValues(new Uint8Array(32));
    peer.seat = seat;
    kept_put("seat:" + seat, { secret: secret, print: print, at: Date.now() }).then(function () {
      if (peer.channel && peer.channel.readyState === "open") {
        peer.channel.send(PAIR + JSON.stringify({ seat: seat, secret: base64(secret) }));
      }
    });
  }

  function paired(peer, text) {
    // A guest: its host's seat and secret for this phone, kept by the host's fingerprint.
    try {
      var given = JSON.parse(text.slice(PAIR.length));
      var print = fingerprint(peer.pc.remoteDescription && peer.pc.remoteDescription.sdp);
      if (print && given.seat) kept_put("host:" + print, { seat: given.seat, secret: unbase64(given.secret) });
    } catch (error) {
      console.warn("playing together: a seat could not be kept:", String(error));
    }
  }

  var holding = {}; // slot -> the seat being made ready (Python's close for the slot ends it)
  async function hold(slot, seat) {
    // The host, when a paired guest's channel closed: a connection waiting for its seat.
    holding[slot] = seat;
    var pairing = await kept_get("seat:" + seat);
    if (!pairing || !window.crypto || !crypto.subtle || !answer_template) {
      console.warn("playing together: no seat kept: this seat's pairing is not here");
      return;
    }
    var nonce = crypto.getRandomValues(new Uint16Array(1))[0];
    var mine = await credentials(pairing.secret, "host", nonce);
    var answer = built_answer(await credentials(pairing.secret, "guest", nonce), pairing.print);
    var cert = await certificate();
    if (holding[slot] !== seat) return; // given up meanwhile
    delete holding[slot];
    var peer = fresh(slot, cert);
    peer.host = true;
    peer.seat = seat;
    wire(slot, peer.pc.createDataChannel("table", { negotiated: true, id: 0 }));
    async function describe() {
      var offer = await peer.pc.createOffer();
      await peer.pc.setLocalDescription({ type: "offer", sdp: with_credentials(offer.sdp, mine) });
      await peer.pc.setRemoteDescription({ type: "answer", sdp: answer });
    }
    try {
      await describe();
    } catch (error) {
      // This browser does not let a page set its own credentials: that phone rejoins with
      // two scans.
      console.warn("playing together: no seat kept:", String((error && error.message) || error));
      return close(slot);
    }
    await gathered(peer.pc);
    // A busy phone may not have its address yet when gathering's bound ends: wait for it.
    for (var tries = 0; tries < 60 && peers[slot] === peer && !host_ports(peer.pc.localDescription.sdp).length; tries++) {
      await pause(250);
    }
    var ports = host_ports(peer.pc.localDescription.sdp);
    if (peers[slot] !== peer || !ports.length) {
      console.warn("playing together: no seat kept: no address after 15 s");
      return close(slot);
    }
    peer.keeping = setInterval(function () {
      if (peers[slot] !== peer || peer.pc.iceConnectionState !== "new") return clearInterval(peer.keeping);
      describe().catch(function () {});
    }, KEEP_MS);
    tell({ op: "waiting", slot: slot, seat: seat, nonce: nonce, ports: ports });
  }

  async function rejoin(ask) {
    // A guest that scanned a code naming seats: its own seat, if that host paired it. True
    // once the channel is open.
    if (!window.crypto || !crypto.subtle) return false;
    var pairing = await kept_get("host:" + fingerprint(ask.sdp));
    var seat = pairing && ask.seats.filter(function (s) { return s[0] === pairing.seat; })[0];
    if (!seat) return false;
    tell({ op: "rejoining", slot: ask.slot });
    var host = await credentials(pairing.secret, "host", seat[1]);
    var mine = await credentials(pairing.secret, "guest", seat[1]);
    // The code's addresses in their order, each with the seat's port on it (seat[2]).
    var index = 0;
    var offer = with_credentials(ask.sdp, host).replace(/^(a=candidate:\S+ 1 udp \d+ \S+ )\d+/gm, function (all, start) {
      var ports = seat[2];
      return start + (ports[index++] || ports[0]);
    });
    var peer = fresh(ask.slot, await certificate());
    wire(ask.slot, peer.pc.createDataChannel("table", { negotiated: true, id: 0 }));
    try {
      await peer.pc.setRemoteDescription({ type: "offer", sdp: offer });
      var answer = await peer.pc.createAnswer();
      await peer.pc.setLocalDescription({ type: "answer", sdp: with_credentials(answer.sdp, mine) });
    } catch (error) {
      console.warn("playing together: cannot rejoin with one scan:", String((error && error.message) || error));
      close(ask.slot);
      return false;
    }
    var until = Date.now() + REJOIN_MS;
    while (Date.now() < until && peers[ask.slot] === peer && peer.channel.readyState !== "open") {
      await pause(100);
    }
    if (peers[ask.slot] === peer && peer.channel.readyState === "open") return true;
    if (peers[ask.slot] === peer) close(ask.slot);
    return false;
  }

  function fresh(slot, cert) {
    close(slot);
    var pc = new RTCPeerConnection(cert ? { iceServers: [], certificates: [cert] } : { iceServers: [] });
    var peer = { pc: pc, channel: null, timer: null };
    peers[slot] = peer;
    pc.onconnectionstatechange = function () {
      if (peers[slot] !== peer) return;
      var open = peer.channel && peer.channel.readyState === "open";
      // A channel that was open is not given up at once when ICE fails: a phone that
      // wakes may answer again. Meanwhile it is away; still failed after GONE_MS, the
      // channel is closed, and both phones say the connection is gone (a guest keeps its
      // steps as not yet shared, for its next join).
      clearTimeout(peer.gone);
      if (pc.connectionState === "failed" && !open) failed(slot, "unreachable");
      else if (pc.connectionState === "failed" || pc.connectionState === "disconnected") {
        away(slot, peer);
        if (pc.connectionState === "failed") {
          peer.gone = setTimeout(function () {
            if (peers[slot] === peer && pc.connectionState === "failed") lost(slot, peer);
          }, GONE_MS);
        }
      } else if (pc.connectionState === "connected" && peer.away) heard(slot, peer);
    };
    return peer;
  }

  function lost(slot, peer) {
    // An open channel is gone: both phones hear so; a host keeps that phone's seat waiting.
    close(slot);
    tell({ op: "closed", slot: slot });
    if (peer.host && peer.seat) {
      hold(slot, peer.seat).catch(function (error) {
        console.warn("playing together: no seat kept:", String((error && error.message) || error));
        close(slot);
      });
    }
  }

  function heard(slot, peer) {
    peer.heard = Date.now();
    if (peer.away) {
      peer.away = false;
      tell({ op: "back", slot: slot });
    }
  }

  function away(slot, peer) {
    if (!peer.away) {
      peer.away = true;
      tell({ op: "away", slot: slot });
    }
  }

  setInterval(function () {
    var now = Date.now();
    Object.keys(peers).forEach(function (slot) {
      var peer = peers[slot];
      if (!peer.channel || peer.channel.readyState !== "open") return;
      try {
        peer.channel.send(BEAT);
      } catch (error) {}
      if (now - peer.heard > AWAY_MS) away(slot, peer);
    });
  }, BEAT_MS);

  // Back in view, or on another network: the host's code is made again (its addresses
  // may have changed while the phone slept).
  function noticed() {
    tell({ op: "visible" });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") noticed();
  });
  window.addEventListener("online", noticed);
  if (navigator.connection && navigator.connection.addEventListener) navigator.connection.addEventListener("change", noticed);

  function watch(slot, ms) {
    var peer = peers[slot];
    if (!peer) return;
    clearTimeout(peer.timer);
    peer.timer = setTimeout(function () {
      // A guest whose checks the host answered was reachable: its answer was not taken
      // (another phone joined on that code first, or the host never scanned it).
      var why = peer.reached ? "not-taken" : "unreachable";
      if (peers[slot] === peer && !(peer.channel && peer.channel.readyState === "open")) failed(slot, why);
    }, ms || OPEN_MS);
  }

  function answered(pc) {
    // Whether any of this phone's connectivity checks got an answer.
    if (pc.iceConnectionState === "connected" || pc.iceConnectionState === "completed") return Promise.resolve(true);
    return pc.getStats().then(function (stats) {
      var yes = false;
      stats.forEach(function (item) {
        if (item.type === "candidate-pair" && (item.state === "succeeded" || item.responsesReceived > 0)) yes = true;
      });
      return yes;
    }).catch(function () { return true; }); // not known: the longer wait decides
  }

  function probe(slot, peer) {
    var until = Date.now() + REACH_MS;
    var probing = setInterval(function () {
      if (peers[slot] !== peer || (peer.channel && peer.channel.readyState === "open")) return clearInterval(probing);
      answered(peer.pc).then(function (yes) {
        if (yes) {
          peer.reached = true;
          clearInterval(probing);
        } else if (Date.now() >= until && peers[slot] === peer) {
          clearInterval(probing);
          failed(slot, "unreachable");
        }
      });
    }, 1000);
  }

  function failed(slot, why) {
    close(slot);
    tell({ op: "failed", slot: slot, why: why });
  }

  function close(slot) {
    var peer = peers[slot];
    if (!peer) return;
    delete peers[slot];
    clearTimeout(peer.timer);
    clearTimeout(peer.gone);
    clearInterval(peer.keeping);
    try {
      if (peer.channel) peer.channel.close();
      peer.pc.close();
    } catch (error) {}
  }

  var ops = {
    offer: async function (ask) {
      // The host: a new channel for the next guest, its description once gathered.
      if (ask.answer) answer_template = ask.answer;
      var permission = ask.camera ? await camera() : "none";
      var peer = fresh(ask.slot, await certificate());
      peer.host = true;
      wire(ask.slot, peer.pc.createDataChannel("table", { ordered: true }));
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      await gathered(peer.pc);
      tell({ op: "offer", slot: ask.slot, sdp: peer.pc.localDescription.sdp, camera: permission });
    },
    accept: async function (ask) {
      // The host: the guest's answer, scanned or pasted.
      var peer = peers[ask.slot];
      if (!peer) return failed(ask.slot, "gone");
      await peer.pc.setRemoteDescription({ type: "answer", sdp: ask.sdp });
      watch(ask.slot);
    },
    join: async function (ask) {
      // A guest: its seat at once, if the host keeps one for it; else the host's offer in,
      // this phone's answer out.
      if (ask.seats && ask.seats.length && (await rejoin(ask))) return;
      var peer = fresh(ask.slot, await certificate());
      peer.pc.ondatachannel = function (event) {
        wire(ask.slot, event.channel);
      };
      await peer.pc.setRemoteDescription({ type: "offer", sdp: ask.sdp });
      // This phone waits for the host's DTLS hello (passive): a guest that spoke first would
      // win the host's handshake even when the host scanned another guest's answer (two
      // guests on one code). A browser that refuses the role answers as it would (active).
      var answer = await peer.pc.createAnswer();
      try {
        await peer.pc.setLocalDescription({ type: "answer", sdp: answer.sdp.replace(/a=setup:active/g, "a=setup:passive") });
      } catch (error) {
        console.warn("playing together: this browser keeps its DTLS role:", String((error && error.message) || error));
        await peer.pc.setLocalDescription(answer);
      }
      await gathered(peer.pc);
      tell({ op: "answer", slot: ask.slot, sdp: peer.pc.localDescription.sdp });
      watch(ask.slot, ANSWER_MS);
      if (/^a=candidate:/m.test(ask.sdp)) probe(ask.slot, peer);
    },
    send: function (ask) {
      var peer = peers[ask.slot];
      if (peer && peer.channel && peer.channel.readyState === "open") peer.channel.send(ask.text);
      else if (peer) away(ask.slot, peer); // kept by the sender as not yet shared
    },
    close: function (ask) {
      delete holding[ask.slot];
      close(ask.slot);
    },
    draw: function (ask) {
      load("vendor/qrcode.js", "qrcode").then(function () {
        var qr = qrcode(0, "M");
        qr.addData(ask.text, "Byte");
        qr.make();
        // An SVG with a four-module quiet zone: sharp at any size the app draws it.
        var size = qr.getModuleCount() + 8;
        var path = "";
        for (var row = 0; row < qr.getModuleCount(); row++) {
          for (var col = 0; col < qr.getModuleCount(); col++) {
            if (qr.isDark(row, col)) path += "M" + (col + 4) + " " + (row + 4) + "h1v1h-1z";
          }
        }
        var svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + size + " " + size +
          '" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="' + path +
          '" fill="#000"/></svg>';
        tell({ op: "drawn", text: ask.text, svg: svg, modules: qr.getModuleCount() });
      }, function () {
        tell({ op: "drawn", text: ask.text, svg: "" });
      });
    },
    scan: function () {
      scan();
    },
    copy: function (ask) {
      var done = navigator.clipboard && navigator.clipboard.writeText ? navigator.clipboard.writeText(ask.text) : Promise.reject();
      done.then(function () { tell({ op: "copied", ok: true }); }, function () { tell({ op: "copied", ok: false }); });
    },
  };

  window.addEventListener("mammoth-peer", function (event) {
    var ask = event.detail || {};
    var op = ops[ask.op];
    if (!op) return;
    Promise.resolve().then(function () { return op(ask); }).catch(function (error) {
      console.warn("playing together:", ask.op, String((error && error.message) || error));
      if (ask.slot) failed(ask.slot, "error");
    });
  });

  // -- scripts fetched when first needed (kept offline by the service worker like the rest)
  var loading = {};
  function load(src, global) {
    if (window[global]) return Promise.resolve();
    if (!loading[src]) {
      loading[src] = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = src;
        script.onload = resolve;
        script.onerror = function () {
          delete loading[src];
          reject(new Error("cannot load " + src));
        };
        document.head.appendChild(script);
      });
    }
    return loading[src];
  }

  // -- the camera: a full-screen view over the app with one big Cancel -----------------
  var view = null;
  function scan() {
    if (view) return;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      tell({ op: "scan-failed", why: "no-camera" });
      return;
    }
    view = document.createElement("div");
    view.id = "mammoth-scan";
    view.setAttribute("role", "dialog");
    view.style.cssText = "position:fixed;inset:0;z-index:2147483646;background:#000;display:flex;" +
      "flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:16px;" +
      "font:18px MammothSans,system-ui,sans-serif;color:#fff;text-align:center;word-break:keep-all;";
    var video = document.createElement("video");
    video.setAttribute("playsinline", "");
    video.muted = true;
    video.style.cssText = "width:min(90vw,60vh);height:min(90vw,60vh);object-fit:cover;border-radius:12px;background:#222;";
    var hint = document.createElement("div");
    hint.textContent = text.scan_hint || "";
    var cancel = document.createElement("button");
    cancel.id = "mammoth-scan-cancel";
    cancel.textContent = text.scan_cancel || "Cancel";
    cancel.style.cssText = "min-height:56px;min-width:200px;border-radius:28px;border:0;font:inherit;" +
      "font-weight:bold;background:#fff;color:#000;";
    [video, hint, cancel].forEach(function (part) { view.appendChild(part); });
    document.body.appendChild(view);
    var scanner = null;
    var over = false;
    function end(message) {
      if (over) return;
      over = true;
      if (scanner) {
        scanner.stop();
        scanner.destroy();
      }
      if (view) view.remove();
      view = null;
      tell(message);
    }
    cancel.onclick = function () {
      end({ op: "scan-failed", why: "cancelled" });
    };
    load("vendor/qr-scanner.umd.min.js", "QrScanner").then(function () {
      return QrScanner.hasCamera();
    }).then(function (has) {
      if (!has) return end({ op: "scan-failed", why: "no-camera" });
      scanner = new QrScanner(video, function (result) {
        end({ op: "scanned", text: result.data || String(result) });
      }, { returnDetailedScanResult: true, preferredCamera: "environment" });
      return scanner.start();
    }).catch(function (error) {
      var name = error && (error.name || String(error));
      end({ op: "scan-failed", why: /NotAllowed|denied|Permission/i.test(name) ? "refused" : "no-camera" });
    });
  }
})();
