package api

import "testing"

func BenchmarkHandleWalkthrough(b *testing.B) {
	sess := new(Session)
	req := request(b, Request{
		File:                readFile(b, "walkthrough/file.yaml"),
		Live:                readFile(b, "walkthrough/live.yaml"),
		LastAppliedFromLive: true,
	})
	for b.Loop() {
		sess.Handle(req)
	}
}

func BenchmarkHandleSmallCreate(b *testing.B) {
	sess := new(Session)
	req := request(b, Request{File: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"})
	for b.Loop() {
		sess.Handle(req)
	}
}
