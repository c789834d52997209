// The tab's session id: the key of its autosave (saved work), kept in
// sessionStorage so that a reload keeps it and other tabs have their own.
// Loaded with the page (saves.js claims the id at once); the rest of the
// saved work is a lazy chunk.

/** The sessionStorage key of the tab's session id (its autosave's key). */
export const SESSION_KEY = 'applylens-session';

/** The id of this tab's autosave, kept across reloads of the tab. */
export function sessionId(storage = sessionStore()) {
  try {
    const id = storage && storage.getItem(SESSION_KEY);
    if (id && /^[0-9a-z]{8,40}$/.test(id)) return id;
  } catch {
    // Refused: a new id each load.
  }
  const id = randomId();
  try {
    if (storage) storage.setItem(SESSION_KEY, id);
  } catch {
    // As above.
  }
  return id;
}

/** Gives this tab a new session id (its old one is another tab's). */
export function newSessionId(storage = sessionStore()) {
  try {
    if (storage) storage.removeItem(SESSION_KEY);
  } catch {
    // Refused: sessionId makes a new one each time anyway.
  }
  return sessionId(storage);
}

function sessionStore() {
  try {
    return globalThis.sessionStorage || null;
  } catch {
    return null;
  }
}

function randomId() {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(36).padStart(2, '0')).join('');
}
