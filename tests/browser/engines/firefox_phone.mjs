// A phone's Firefox for the tests: Debian's firefox-esr, driven through WebDriver BiDi by
// puppeteer-core (which downloads no browser and needs no driver). The Python side
// (tests/browser/engines.py) writes one JSON request a line on stdin and reads one JSON
// answer a line on stdout: {id, op, ...} -> {id, ok, value} or {id, ok: false, error}.
// Taps go where a finger would: the middle of the control's semantics node, once its box
// has stopped moving, after a wheel turn that brings it into view if need be.
import * as readline from "node:readline";
import puppeteer from "puppeteer-core";

let browser = null;
let page = null;
const failures = []; // requests that failed (>= 400) or left the site's origin
const said = []; // the page's warnings and errors, for a failing walk's report
let origin = "";

const node = (identifier) => `[flt-semantics-identifier="${identifier}"]`;

async function box(identifier) {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const r = element.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }, node(identifier));
}

async function wait(identifier, timeout) {
  const deadline = Date.now() + (timeout || 15000);
  for (;;) {
    const found = await box(identifier);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`waited for ${identifier}; on screen: ${await onScreen()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function onScreen() {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("[flt-semantics-identifier]"), (e) => e.getAttribute("flt-semantics-identifier")).join(", ")
  );
}

async function still(identifier) {
  let before = await wait(identifier);
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const after = await wait(identifier);
    if (JSON.stringify(after) === JSON.stringify(before)) return after;
    before = after;
  }
  return before;
}

// Whether the middle of the node is the node's to take (not under the thumb bar, not
// outside a scrolled list): the Chromium harness's own check (UNCOVERED_JS), handed over
// at launch.
let uncoveredSource = "e => true";
async function uncovered(identifier) {
  return page.evaluate(
    `(() => { const e = document.querySelector(${JSON.stringify(node(identifier))}); return !!e && (${uncoveredSource})(e); })()`
  );
}

async function inView(identifier) {
  const height = await page.evaluate(() => window.innerHeight);
  let found = await still(identifier);
  for (let i = 0; i < 12 && (found.y < 0 || found.y + found.height > height || !(await uncovered(identifier))); i++) {
    await page.mouse.move(20, Math.round(height / 2));
    await page.mouse.wheel({ deltaY: Math.round(found.y + found.height / 2 - height / 2) });
    found = await still(identifier);
  }
  return found;
}

const ops = {
  async launch(ask) {
    uncoveredSource = ask.uncovered;
    // The phone's size is the headless window's own: puppeteer's setViewport also sets a
    // screen orientation, a BiDi command that Firefox ESR 140 does not have.
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: ask.executable,
      headless: true,
      defaultViewport: null,
      env: { ...process.env, MOZ_HEADLESS_WIDTH: String(ask.width), MOZ_HEADLESS_HEIGHT: String(ask.height) },
      userDataDir: ask.profile,
      extraPrefsFirefox: {
        "intl.accept_languages": ask.lang,
        "intl.locale.requested": ask.lang,
        "media.navigator.streams.fake": true,
        "media.navigator.permission.disabled": true,
        "dom.storage_access.enabled": true,
        "dom.events.testing.asyncClipboard": true,
        "dom.events.asyncClipboard.readText": true,
        ...(ask.prefs || {}),
      },
    });
    page = (await browser.pages())[0] || (await browser.newPage());
    page.on("console", (message) => {
      if (["warn", "warning", "error"].includes(message.type())) said.push(message.text().slice(0, 300));
    });
    page.on("pageerror", (error) => said.push(`page error: ${String(error).slice(0, 300)}`));
    page.on("response", (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on("request", (request) => {
      const url = request.url();
      if (origin && !url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) {
        failures.push(`left the site: ${url}`);
      }
    });
    return true;
  },
  async goto(ask) {
    origin = new URL(ask.url).origin;
    await page.goto(ask.url, { waitUntil: "load", timeout: 120000 });
    return true;
  },
  async semantics(ask) {
    // Flutter builds its accessibility tree (the test ids) once its placeholder is clicked.
    const deadline = Date.now() + (ask.timeout || 120000);
    for (;;) {
      const clicked = await page.evaluate(() => {
        const placeholder = document.querySelector("flt-semantics-placeholder");
        if (placeholder) placeholder.click();
        return !!document.querySelector("flt-semantics-host") || !!placeholder;
      });
      if (clicked && (await page.$("flt-semantics-host"))) return true;
      if (Date.now() > deadline) throw new Error("Flutter's semantics never came");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  },
  async reload() {
    await page.reload({ waitUntil: "load", timeout: 120000 });
    return true;
  },
  async wait(ask) {
    await wait(ask.identifier, ask.timeout);
    return true;
  },
  async exists(ask) {
    return (await box(ask.identifier)) !== null;
  },
  async tap(ask) {
    const found = await inView(ask.identifier);
    await page.mouse.click(found.x + found.width / 2, found.y + found.height / 2);
    return true;
  },
  async text(ask) {
    await wait(ask.identifier, ask.timeout);
    return page.evaluate((selector) => {
      const e = document.querySelector(selector);
      const labels = Array.from(e.querySelectorAll("[aria-label]"), (n) => n.getAttribute("aria-label"));
      return [e.innerText || "", ...labels, e.getAttribute("aria-label") || ""].join(" ").replace(/\u2060/g, "");
    }, node(ask.identifier));
  },
  async type(ask) {
    // A field: tapped, emptied, typed into as a keyboard does.
    const found = await inView(ask.identifier);
    await page.mouse.click(found.x + 24, found.y + found.height / 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await page.evaluate(() => {
      const field = document.activeElement;
      if (field && "value" in field) field.select();
    });
    await page.keyboard.press("Backspace");
    if (ask.paste) {
      // As a person pastes a code: the text on the clipboard, then the paste key, one
      // input event (keys typed one by one can overtake the app's own update of the field).
      await page.evaluate((text) => navigator.clipboard.writeText(text), ask.text);
      await page.keyboard.down("Control");
      await page.keyboard.press("v");
      await page.keyboard.up("Control");
    } else {
      await page.keyboard.type(ask.text, { delay: ask.delay || 0 });
    }
    return true;
  },
  async value(ask) {
    // The text of the field under a node (a code shown read-only), once it has focus.
    const found = await inView(ask.identifier);
    await page.mouse.click(found.x + 24, found.y + found.height / 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return page.evaluate(() => {
      const field = document.activeElement;
      return field && "value" in field ? field.value : "";
    });
  },
  async evaluate(ask) {
    return page.evaluate(ask.script);
  },
  async shot(ask) {
    await page.screenshot({ path: ask.path });
    return true;
  },
  async said() {
    return said.slice(-6);
  },
  async failures() {
    return failures.splice(0);
  },
  async close() {
    if (browser) await browser.close();
    browser = null;
    return true;
  },
};

const lines = readline.createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(async () => {
    const ask = JSON.parse(line);
    try {
      const value = await ops[ask.op](ask);
      process.stdout.write(JSON.stringify({ id: ask.id, ok: true, value }) + "\n");
    } catch (error) {
      process.stdout.write(JSON.stringify({ id: ask.id, ok: false, error: String(error && error.stack || error) }) + "\n");
    }
  });
});
lines.on("close", async () => {
  await queue;
  if (browser) await browser.close().catch(() => {});
  process.exit(0);
});
