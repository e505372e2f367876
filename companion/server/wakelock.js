// The screen wake lock again when the page comes back into view. Browsers release a
// screen wake lock whenever its page is hidden (another app, a locked screen). Flet's
// wake lock is wakelock_plus's no_sleep.js, which means to ask again on "visibilitychange",
// but the browser's release first sets its lock to null, so it never does: a host that
// only switched apps fell asleep later. no_sleep.js is loaded when the app first asks for
// the lock, and the app asks at once: so its global Wakelock is caught as the script sets
// it, and what the app last asked for is remembered; when the page is visible again and
// the app still wants the lock, it is asked for again. Nothing else of no_sleep.js changes.
(() => {
  let wanted = false;
  let kept;
  const remembered = (lock) => {
    if (!lock || typeof lock.toggle !== "function") return lock;
    const toggle = lock.toggle;
    lock.toggle = function (enable) {
      wanted = !!enable;
      return toggle.apply(this, arguments);
    };
    return lock;
  };
  try {
    Object.defineProperty(window, "Wakelock", {
      configurable: true,
      enumerable: true,
      get: () => kept,
      set: (lock) => {
        kept = remembered(lock);
      },
    });
  } catch (error) {
    return; // a page where the name is taken already: the lock stays as no_sleep.js keeps it
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || !wanted || !("wakeLock" in navigator)) return;
    const sleeper = window.noSleep;
    if (sleeper && typeof sleeper.enable === "function") {
      sleeper.enable().catch(() => {}); // refused (say, a battery saver): the page stays as it was
    }
  });
})();
