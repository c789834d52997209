// The embed code the full page hands out ("Embed" → "Copy embed code"): an
// <iframe> with the page's state and the embed options, and the few lines
// of script a host page needs to size its frames to their content. Pure
// functions, no DOM.

import { optionsQuery } from './options.js';

/** The frame's height without the host script (or JavaScript): the page scrolls inside. */
export const FALLBACK_HEIGHT = 600;

/** @param {string} text */
function attr(text) {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * The host script: sizes every frame marked data-applylens to the height
 * it reports, and accepts messages only from the page's origin.
 * @param {string} origin the applylens page's origin, like https://applylens.example
 */
export function hostScript(origin) {
  return [
    '<script>',
    '/* applylens embeds report their height: size each frame to it (docs/embedding.md). */',
    'addEventListener("message", function (e) {',
    `  if (e.origin !== ${JSON.stringify(origin).replaceAll('<', '\\u003c')} || !e.data || e.data.type !== "applylens:height") return;`,
    '  document.querySelectorAll("iframe[data-applylens]").forEach(function (f) {',
    '    if (f.contentWindow === e.source) f.style.height = e.data.height + "px";',
    '  });',
    '});',
    '</script>',
  ].join('\n');
}

/**
 * The embed's address.
 * @param {string} page the full page's address, without query or fragment
 * @param {Omit<import('./options.js').EmbedOptions, 'ignored'>} options
 * @param {string} fragment the state, like 's1=…' or 'example=walkthrough' (no '#')
 */
export function embedAddress(page, options, fragment) {
  return `${page}${optionsQuery(options)}${fragment ? `#${fragment}` : ''}`;
}

/**
 * The whole snippet: the frame, then the host script.
 * @param {string} src the embed's address (embedAddress)
 * @param {string} origin the page's origin
 */
export function embedSnippet(src, origin) {
  const frame = `<iframe data-applylens src="${attr(src)}" title="applylens: what kubectl apply does, step by step" width="100%" height="${FALLBACK_HEIGHT}" loading="lazy" allow="clipboard-write" style="border:0;max-width:760px;display:block"></iframe>`;
  return `${frame}\n${hostScript(origin)}\n`;
}
