// applylens embeds report their height ({type: "applylens:height", height})
// whenever it changes: size each frame to it. A message is taken only from
// one of this page's applylens frames, and only from the origin its src
// names. Without this script (or JavaScript) each frame keeps its height
// attribute and scrolls inside.
(function () {
  var frames = Array.prototype.slice.call(document.querySelectorAll('iframe[data-applylens]'));
  addEventListener('message', function (e) {
    if (!e.data || e.data.type !== 'applylens:height' || typeof e.data.height !== 'number') return;
    frames.forEach(function (f) {
      if (f.contentWindow !== e.source || new URL(f.src).origin !== e.origin) return;
      f.style.height = Math.max(120, Math.min(e.data.height, 5000)) + 'px';
    });
  });
  // A frame that loaded before this script ran has already reported: ask
  // again. The message carries nothing, so any origin may receive it (a
  // frame still loading is about:blank).
  frames.forEach(function (f) {
    if (f.contentWindow) f.contentWindow.postMessage({ type: 'applylens:measure' }, '*');
  });
})();
