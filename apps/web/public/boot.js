// Starts the app of a page the server rendered only once the page has painted: the visitor sees the shop
// first, and the app's code does not compete with the page's first screen for a slow phone's bandwidth.
// The server names the entry and the chunks to preload (apps/api/src/plugins/web.ts).
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var chunks = (script.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  function add(tag, attrs) {
    var el = document.createElement(tag);
    for (var name in attrs) el.setAttribute(name, attrs[name]);
    document.head.appendChild(el);
  }
  function start() {
    for (var i = 0; i < chunks.length; i++) add('link', { rel: 'modulepreload', crossorigin: '', href: chunks[i] });
    add('script', { type: 'module', crossorigin: '', src: entry });
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
