// The page runs scripts of its own origin only. Flet's web client (flet-web 1.0.5) adds a
// <script> for Rive's animation runtime from a public CDN at every start, although the app
// shows no Rive animation: that request tells a third party who opened the app, and it
// fails anyway when the phone is offline. A script element that points to another origin
// is therefore not added to the page (the client then waits for a runtime it never uses,
// as it does offline). Flet's own scripts, CanvasKit and Pyodide are served with the app.
(() => {
  const foreign = (node) =>
    node instanceof HTMLScriptElement && node.src !== '' && new URL(node.src, location.href).origin !== location.origin;
  const say = (node) => console.info(`mammoth: kept a script of another origin off the page: ${node.src}`);
  const append = Element.prototype.append;
  Element.prototype.append = function (...nodes) {
    nodes.filter(foreign).forEach(say);
    return append.apply(this, nodes.filter((node) => !foreign(node)));
  };
  const appendChild = Node.prototype.appendChild;
  Node.prototype.appendChild = function (node) {
    if (!foreign(node)) return appendChild.call(this, node);
    say(node);
    return node;
  };
})();
