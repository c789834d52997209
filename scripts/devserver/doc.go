// Command devserver serves a built applylens site (dist/) on the loopback
// interface, the way a good static host would: right MIME types (the wasm
// must be application/wasm for streaming compilation), the precompressed
// .br/.gz siblings the build writes, and cache headers that let hashed
// assets live forever while index.html is always revalidated.
//
// Usage:
//
//	go run ./scripts/devserver [-dir dist] [-addr 127.0.0.1:8080] [-v]
package main
