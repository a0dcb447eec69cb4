// Starts the app of a page the server rendered only once the page has painted and its first screen (the images
// the page loads eagerly) has loaded: the visitor sees the shop first, and the app's code does not compete with the
// first screen for a slow phone's bandwidth. The server names the entry and the chunks to preload
// (apps/api/src/plugins/web.ts).
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var chunks = (script.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  // A page that never reports its paint or its load (a stalled image, a hidden tab) still gets its app.
  var LATEST_MS = 3000;
  var started = false;
  function add(tag, attrs) {
    var el = document.createElement(tag);
    for (var name in attrs) el.setAttribute(name, attrs[name]);
    document.head.appendChild(el);
  }
  // Starting a fetch costs the main thread about half a millisecond here, several on a slow phone: the preloads are
  // started a few at a time, each few in a task of its own, so that starting them never holds the thread for long.
  var PER_TASK = 4;
  var next = 0;
  function startSome() {
    for (var end = Math.min(next + PER_TASK, chunks.length); next < end; next++) {
      add('link', { rel: 'modulepreload', crossorigin: '', href: chunks[next] });
    }
    if (next < chunks.length) setTimeout(startSome, 0);
    else add('script', { type: 'module', crossorigin: '', src: entry });
  }
  function start() {
    if (started) return;
    started = true;
    startSome();
  }
  var waiting = 2;
  function ready() {
    if (--waiting === 0) start();
  }
  // The paint as the browser reports it: a frame callback runs before its frame is on screen.
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      ready();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(ready, 0);
    });
  }
  if (document.readyState === 'complete') ready();
  else window.addEventListener('load', ready, { once: true });
  setTimeout(start, LATEST_MS);
})();
