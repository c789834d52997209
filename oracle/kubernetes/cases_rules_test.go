package kubernetes

import "strings"

// ruleCases are the validation cases of the rules learners and real
// manifests meet most (label and annotation keys, enums, references
// inside the object), each just inside and just outside its rule.
func ruleCases() []validationCase {
	cm := func(meta string) map[string]any {
		return obj(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c",` + meta + `}}`)
	}
	name63 := strings.Repeat("k", 63)
	prefix253 := strings.Repeat("a", 61) + "." + strings.Repeat("b", 61) + "." + strings.Repeat("c", 61) + "." + strings.Repeat("d", 61) + ".e"
	pod := func(meta, spec string) map[string]any {
		return obj(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"` + meta + `},"spec":` + spec + `}`)
	}
	return []validationCase{
		{name: "label key with a space", obj: cm(`"labels":{"a b":"c"}`)},
		{name: "label key prefixed", obj: cm(`"labels":{"example.com/app":"web"}`)},
		{name: "label key with an uppercase prefix", obj: cm(`"labels":{"Example.com/app":"web"}`)},
		{name: "label key with an empty prefix", obj: cm(`"labels":{"/app":"web"}`)},
		{name: "label key with an empty name", obj: cm(`"labels":{"example.com/":"web"}`)},
		{name: "label key with two slashes", obj: cm(`"labels":{"a/b/c":"web"}`)},
		{name: "label key name at 63", obj: cm(`"labels":{"` + name63 + `":"web"}`)},
		{name: "label key name at 64", obj: cm(`"labels":{"` + name63 + `k":"web"}`)},
		{name: "label key prefix at 253", obj: cm(`"labels":{"` + prefix253 + `/app":"web"}`)},
		{name: "label key prefix at 254", obj: cm(`"labels":{"` + prefix253 + `e/app":"web"}`)},
		{name: "label key starting with a dash", obj: cm(`"labels":{"-app":"web"}`)},
		{name: "label key uppercase", obj: cm(`"labels":{"App.Name_1":"web"}`)},
		{name: "label key and value both bad", obj: cm(`"labels":{"a b":"c d"}`)},
		{name: "label value at 63", obj: cm(`"labels":{"v":"` + strings.Repeat("v", 63) + `"}`)},
		{name: "label value at 64", obj: cm(`"labels":{"v":"` + strings.Repeat("v", 64) + `"}`)},
		{name: "label value empty", obj: cm(`"labels":{"v":""}`)},
		{name: "annotation key with a space", obj: cm(`"annotations":{"a b":"c"}`)},
		{name: "annotation key uppercase prefix", obj: cm(`"annotations":{"Example.COM/Note":"anything at all"}`)},
		{name: "annotation key with two slashes", obj: cm(`"annotations":{"a/b/c":"x"}`)},
		{name: "annotation key name at 64", obj: cm(`"annotations":{"` + name63 + `k":"x"}`)},
		{name: "annotation key empty", obj: cm(`"annotations":{"":"x"}`)},
		{name: "pod label key with a space", obj: pod(`,"labels":{"a b":"c"}`, podSpecJSON)},
		{name: "label added with a bad key (kubectl label pod p 'a b=c')", obj: pod(`,"labels":{"app":"web","a b":"c"}`, podSpecJSON), old: pod(`,"labels":{"app":"web"}`, podSpecJSON)},
		{name: "label added with a good key", obj: pod(`,"labels":{"app":"web","tier":"front"}`, podSpecJSON), old: pod(`,"labels":{"app":"web"}`, podSpecJSON)},
		{name: "deployment template label key bad", obj: deploymentJSON("nginx", `{"matchLabels":{"app":"nginx"}}`, `{"app":"nginx","a b":"c"}`, ``)},
	}
}
