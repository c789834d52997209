// Package timeline plays a list of kubectl commands on a simulated
// cluster (engine/cluster) and answers engine/api's op "timeline": what
// each command printed and changed, and for the selected step the objects
// before and after it and its applies rendered as op "apply" renders a
// result. Each command runs on a clone of the cluster the commands before
// it left, kept by that prefix of commands (compared whole), so editing
// step k runs the commands from k on.
//
// It is linked only into wasm/timeline, the Timeline mode's engine: the
// single-apply page does not download the simulated cluster.
package timeline
