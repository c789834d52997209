// Command samplesjson writes the playground's samples as JSON (samples.JSON,
// then samples.TimelinesPageJSON: the Timelines group of the examples menu,
// then samples.KustomizePageJSON: the Kustomize mode's samples)
// to standard output or to the file named by -o, for a build that serves
// them as a static file instead of asking the WebAssembly bridge.
package main
