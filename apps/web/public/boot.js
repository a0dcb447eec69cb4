// Starts the app of a page the server rendered only when the visitor first touches the page (a tap, a key, a scroll
// wheel, a mouse moving over it, a choice made in a select however it was made), so a phone's processor spends the
// first seconds on showing the shop, and nothing of the app's runs for a visitor who only reads. Links, the menu and
// the listing's filters work before it (they are native HTML), and so do the home page's slider, which this drives
// (the app never hydrates it), and a product's gallery, which this drives until the app takes it over
// (apps/web/src/lib/take-over.ts). Some pages start without a touch (below). A button tapped or a select changed
// before the app was live is done again once it is, so the first tap is never lost. If the app's code cannot be
// fetched, the next touch starts it again. The server names the entry and the chunks to preload
// (apps/api/src/plugins/web.ts).
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var chunks = (script.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  var TOUCHES = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin', 'change'];
  var started = false;
  var added = [];
  function add(tag, attrs) {
    var el = document.createElement(tag);
    for (var name in attrs) el.setAttribute(name, attrs[name]);
    document.head.appendChild(el);
    added.push(el);
    return el;
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
    else add('script', { type: 'module', crossorigin: '', src: entry }).addEventListener('error', startAgain);
  }
  // The app's code could not be fetched (a phone between two masts): the next touch starts it again, from the first
  // preload. A module that failed to load is fetched anew when it is asked for again.
  function startAgain() {
    while (added.length) added.pop().remove();
    next = 0;
    started = false;
    listen();
  }
  function listen() {
    for (var i = 0; i < TOUCHES.length; i++) window.addEventListener(TOUCHES[i], start, { capture: true, passive: true });
  }
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < TOUCHES.length; i++) window.removeEventListener(TOUCHES[i], start, true);
    // After the next frame: the touch that starts the app (opening the menu, say) is on screen before its first
    // preloads are started.
    requestAnimationFrame(function () {
      setTimeout(startSome, 0);
    });
  }
  listen();

  // What the visitor did before the app was live that only the app acts on, done again once it is: the last button
  // tapped (not one the browser handles itself, like the menu's, nor one this answers, below), and the last choice
  // made in a select (the sort, a brand), which taking the page over sets back to what the server drew. Hydration
  // keeps the server's elements, so they are the same button and select.
  var ANSWERED_HERE = '[popovertarget], [data-step], [data-dot], [data-pause], [data-show-image]';
  var tapped = null;
  var chosen = null;
  function remember(event) {
    var target = event.target;
    if (event.type === 'change' && target.tagName === 'SELECT') chosen = { select: target, value: target.value };
    var button = event.type === 'click' && target.closest && target.closest('button[type="button"]');
    if (button && !button.matches(ANSWERED_HERE)) tapped = button;
  }
  document.addEventListener('click', remember, true);
  document.addEventListener('change', remember, true);
  new MutationObserver(function (changes, observer) {
    if (document.documentElement.getAttribute('data-app') !== 'live') return;
    observer.disconnect();
    document.removeEventListener('click', remember, true);
    document.removeEventListener('change', remember, true);
    setTimeout(function () {
      if (tapped && tapped.isConnected) tapped.click();
      if (chosen && chosen.select.isConnected) {
        chosen.select.value = chosen.value;
        chosen.select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }, 0);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-app'] });

  // A part of the page this answers taps in as the app would, until the app takes it over (the event 'taken-over',
  // apps/web/src/lib/take-over.ts): `answer(button)` for a tap on one of its buttons that match `buttons`. The tap
  // goes no further, so the app, should it be taking the page over at that moment, does not answer it as well.
  function answerTaps(part, buttons, answer, takenOver) {
    function onClick(event) {
      var button = event.target.closest && event.target.closest(buttons);
      if (!button || !part.contains(button)) return;
      event.stopPropagation();
      answer(button);
    }
    part.addEventListener('click', onClick);
    part.addEventListener('taken-over', function () {
      part.removeEventListener('click', onClick);
      if (takenOver) takenOver();
    });
  }

  // The slider (apps/web/src/features/shop/components/HeroSlider.tsx), as the app's component would drive it: the next
  // slide every data-slides-every ms, held while the pointer is over it, focus is in it or its pause button is pressed,
  // and the slide an arrow or a dot asks for at once. A page sent as islands never hydrates it: this drives it for the
  // page's life.
  var slider = document.querySelector('[data-slides-every]');
  var slides = slider ? slider.querySelectorAll('[aria-roledescription="slide"]') : [];
  if (slides.length > 1) {
    var dots = slider.querySelectorAll('[data-dot]');
    var shown = 0;
    var over = false;
    var stopped = false;
    var show = function (n) {
      shown = (n + slides.length) % slides.length;
      slides[0].parentElement.style.transform = 'translateX(-' + shown * 100 + '%)';
      for (var i = 0; i < slides.length; i++) {
        slides[i].setAttribute('aria-hidden', String(i !== shown));
        slides[i].toggleAttribute('inert', i !== shown);
        if (i !== shown) dots[i].removeAttribute('aria-current');
        else dots[i].setAttribute('aria-current', 'true');
      }
    };
    setInterval(
      function () {
        if (!over && !stopped && !slider.contains(document.activeElement)) show(shown + 1);
      },
      Number(slider.getAttribute('data-slides-every')),
    );
    slider.addEventListener('mouseenter', function () {
      over = true;
    });
    slider.addEventListener('mouseleave', function () {
      over = false;
    });
    // Pressed, the pause button holds the slides: its icon and its name say what a press does next.
    var pause = slider.querySelector('[data-pause]');
    var togglePause = function () {
      stopped = !stopped;
      pause.querySelector('use').setAttribute('href', stopped ? '#icon-play' : '#icon-pause');
      pause.querySelector('.sr-only').textContent = stopped ? 'Play slides' : 'Pause slides';
    };
    // A visitor who asks for less motion finds the slides stopped, the button offering to play them.
    if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) togglePause();
    answerTaps(slider, '[data-step], [data-dot], [data-pause]', function (button) {
      if (button === pause) togglePause();
      else if (button.hasAttribute('data-dot')) show(Array.prototype.indexOf.call(dots, button));
      else show(shown + Number(button.getAttribute('data-step')));
    });
  }

  // A product's gallery (apps/web/src/features/shop/components/ProductGallery.tsx): a thumbnail shows its picture.
  var gallery = document.querySelector('[data-gallery]');
  if (gallery) {
    var pictures = gallery.querySelectorAll('[data-picture]');
    var thumbs = gallery.querySelectorAll('[data-show-image]');
    answerTaps(gallery, '[data-show-image]', function (thumb) {
      var picked = Number(thumb.getAttribute('data-show-image'));
      for (var i = 0; i < thumbs.length; i++) {
        pictures[i].hidden = i !== picked;
        thumbs[i].setAttribute('aria-pressed', String(i === picked));
      }
    });
  }

  // What the page shows by the clock (the open status, the enquiry buttons of a closed shop) was drawn for the status
  // the shop was in: a page left open starts its app when the shop opens or closes, or at midnight, and the app shows
  // it anew. The server gives that instant (data-until on the page's state, apps/web/src/entry-server.tsx). The wait
  // is taken a minute at most at a time, as a timer stands still while the device sleeps.
  var state = document.getElementById('render-state');
  var until = state ? Number(state.getAttribute('data-until')) : 0;
  function startAtChange() {
    if (started) return;
    var left = until - Date.now();
    if (left <= 0) start();
    else setTimeout(startAtChange, Math.min(left, 60000));
  }
  if (until) startAtChange();

  // The app starts without a touch, once the page has painted and loaded (its first screen's images are in), for a
  // signed-in visitor, whose account links it draws, and on a listing drawn for another window than this one (the
  // server guesses a phone from the request: a computer's narrow window, a phone turned sideways), which it draws
  // again at this window's page size then rather than under the visitor's first touch.
  var results = document.querySelector('[data-drawn-for]');
  var drawnElsewhere = results && window.matchMedia && !window.matchMedia(results.getAttribute('data-drawn-for')).matches;
  if (!drawnElsewhere && document.cookie.split('; ').indexOf('signed_in=1') < 0) return;
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
})();
