// Two marks Flutter's web accessibility layer (Flet 1.0.5) does not give, put on its nodes:
// - each language's name in Settings ("Deutsch", "한국어") carries its own language (lang),
//   so a screen reader reads it with that language's voice;
// - a player's name field with an error under it is marked invalid (aria-invalid), so a
//   screen reader says so on entering the field.
// The nodes are found by their semantics identifiers (lang-de, name-2, name-error-2) and
// marked again whenever Flutter adds, replaces or changes nodes (a MutationObserver).
(() => {
  const LANGUAGE = /^lang-(en|de|es|ko)$/;
  const FIELD = /^name-(\d+)$/;
  const set = (element, name, value) => {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  };
  const mark = () => {
    for (const node of document.querySelectorAll('[flt-semantics-identifier^="lang-"]')) {
      const found = LANGUAGE.exec(node.getAttribute('flt-semantics-identifier'));
      if (!found) continue;
      set(node, 'lang', found[1]);
      for (const inner of node.querySelectorAll('*')) set(inner, 'lang', found[1]);
    }
    for (const node of document.querySelectorAll('[flt-semantics-identifier^="name-"]')) {
      const found = FIELD.exec(node.getAttribute('flt-semantics-identifier'));
      if (!found) continue;
      const error = document.querySelector(`[flt-semantics-identifier="name-error-${found[1]}"]`);
      for (const input of node.querySelectorAll('input, textarea')) {
        set(input, 'aria-invalid', error ? 'true' : 'false');
      }
    }
  };
  let queued = false;
  const soon = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      mark();
    });
  };
  const start = () => {
    new MutationObserver(soon).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['flt-semantics-identifier', 'aria-invalid', 'lang'],
    });
    mark();
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
