// Styles of the parts of the page that load on demand (the gallery, the
// Timeline mode, the server-side view) come with their code, so that the
// first visit does not carry them. Each is added once as a <style>
// element (the page's CSP allows inline styles, as CodeMirror needs); it
// uses the page's custom properties (style.css), so both themes apply.

/**
 * Adds css to the document under id, unless it is there already.
 * @param {string} id
 * @param {string} css
 */
export function addStyle(id, css) {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}
