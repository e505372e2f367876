// The static site's part in playing together: WebRTC data channels between phones, the
// camera that scans a code, and the QR code that shows one. Python (site/peers.py) asks
// with {op, ...} (the "mammoth-peer" event of python.js) and hears back through
// window.mammothToPython. WebRTC runs here because data channels in workers are WebKit's
// alone. No STUN or TURN server: phones reach each other on the room's network only.
(function () {
  "use strict";
  var peers = {}; // slot -> {pc, channel, timer, heard, away}
  var GATHER_MS = 3000; // ICE gathering with no servers ends at once; this is a bound
  var OPEN_MS = 20000; // after both descriptions: a channel not open by then has failed
  // A guest cannot tell when the host scans its answer: it waits longer before it says
  // that the phones could not reach each other.
  var ANSWER_MS = 45000;
  // The heartbeat: each open channel carries BEAT every BEAT_MS; a phone not heard from
  // for AWAY_MS is away (a locked screen, a stopped browser) until it is heard again: it
  // is named within AWAY_MS + BEAT_MS, under 6 s.
  var BEAT = "\u2665";
  var BEAT_MS = 1000;
  var AWAY_MS = 4500;
  var GONE_MS = 10000; // ICE failed on an open channel for this long: the connection is gone
  var text = (window.mammothHerd && window.mammothHerd.text) || {};

  function tell(message) {
    if (window.mammothToPython) window.mammothToPython(message);
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
      peer.heard = Date.now();
      tell({ op: "open", slot: slot });
    };
    channel.onmessage = function (event) {
      heard(slot, peer);
      if (event.data !== BEAT) tell({ op: "message", slot: slot, text: String(event.data) });
    };
    channel.onclose = function () {
      if (peers[slot] === peer) {
        close(slot);
        tell({ op: "closed", slot: slot });
      }
    };
    if (channel.readyState === "open") channel.onopen();
  }

  function fresh(slot) {
    close(slot);
    var pc = new RTCPeerConnection({ iceServers: [] });
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
            if (peers[slot] === peer && pc.connectionState === "failed") {
              close(slot);
              tell({ op: "closed", slot: slot });
            }
          }, GONE_MS);
        }
      } else if (pc.connectionState === "connected" && peer.away) heard(slot, peer);
    };
    return peer;
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
      if (peers[slot] === peer && !(peer.channel && peer.channel.readyState === "open")) failed(slot, "unreachable");
    }, ms || OPEN_MS);
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
    try {
      if (peer.channel) peer.channel.close();
      peer.pc.close();
    } catch (error) {}
  }

  var ops = {
    offer: async function (ask) {
      // The host: a new channel for the next guest, its description once gathered.
      var permission = ask.camera ? await camera() : "none";
      var peer = fresh(ask.slot);
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
      // A guest: the host's offer in, this phone's answer out.
      var peer = fresh(ask.slot);
      peer.pc.ondatachannel = function (event) {
        wire(ask.slot, event.channel);
      };
      await peer.pc.setRemoteDescription({ type: "offer", sdp: ask.sdp });
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
      await gathered(peer.pc);
      tell({ op: "answer", slot: ask.slot, sdp: peer.pc.localDescription.sdp });
      watch(ask.slot, ANSWER_MS);
    },
    send: function (ask) {
      var peer = peers[ask.slot];
      if (peer && peer.channel && peer.channel.readyState === "open") peer.channel.send(ask.text);
      else if (peer) away(ask.slot, peer); // kept by the sender as not yet shared
    },
    close: function (ask) {
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
