package samples

// The server-side samples run through engine.Apply, which needs the
// server-side apply linked (the page's server-side wasm does the same).
import _ "github.com/applylens/applylens/engine/serverside"
