// Package identity says, in plain words, when a configuration file and a
// live object are not the same object. kubectl finds the object to patch
// by the file's apiVersion, kind and name: a live object that differs in
// one of them is never the one kubectl would compare the file with. For a
// custom resource kubectl's own error is then apimachinery's
// "precondition failed for: map[…]", a Go value dump; Explain is the
// sentence the page shows above it.
package identity

import (
	"fmt"
	"strings"

	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/schema"
)

// Difference is one identifying field whose values differ.
type Difference struct {
	// Field is "apiVersion", "kind" or "name" (metadata.name).
	Field string
	File  string
	Live  string
}

// Identity is what kubectl finds an object by.
type Identity struct {
	APIVersion, Kind, Name string
}

// Of reads an object's identity (missing fields are "").
func Of(obj map[string]any) Identity {
	id := Identity{}
	id.APIVersion, _ = obj["apiVersion"].(string)
	id.Kind, _ = obj["kind"].(string)
	if md, ok := obj["metadata"].(map[string]any); ok {
		id.Name, _ = md["name"].(string)
	}
	return id
}

// Differences lists the identifying fields whose values differ, in the
// order apiVersion, kind, name.
func Differences(file, live Identity) []Difference {
	var out []Difference
	for _, d := range []Difference{
		{"apiVersion", file.APIVersion, live.APIVersion},
		{"kind", file.Kind, live.Kind},
		{"name", file.Name, live.Name},
	} {
		if d.File != d.Live {
			out = append(out, d)
		}
	}
	return out
}

// Explain returns one sentence (or two with a suggestion) naming the
// differing fields with both values and saying what kubectl would do; ""
// when file and live are the same object.
func Explain(file, live Identity) string {
	diffs := Differences(file, live)
	if len(diffs) == 0 {
		return ""
	}
	fields := make([]string, len(diffs))
	fileVals := make([]string, len(diffs))
	liveVals := make([]string, len(diffs))
	for i, d := range diffs {
		fields[i], fileVals[i], liveVals[i] = d.Field, orNone(d.File), orNone(d.Live)
	}
	verb := "differs"
	if len(fields) > 1 {
		verb = "differ"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The %s %s: the file has %s, the live object %s. ", joinAnd(fields), verb, joinAnd(fileVals), joinAnd(liveVals))
	fmt.Fprintf(&b, "kubectl finds the object by the file's apiVersion, kind and name, so it would apply the file to the %s (creating it if missing), never to this one.", short(file))
	if s := Suggestion(file, live); s != "" {
		fmt.Fprintf(&b, " Did you mean %s?", s)
	}
	return b.String()
}

// Suggestion is a built-in kind the file's kind is a near-miss of ("" when
// the file's kind is built in or nothing is near): the live object's kind
// when it is among the near ones, else the nearest.
func Suggestion(file, live Identity) string {
	if file.Kind == "" {
		return ""
	}
	near := schema.Builtin.Suggest(file.APIVersion, file.Kind)
	for _, k := range near {
		if k.Kind == live.Kind && k.Kind != file.Kind {
			return k.Kind
		}
	}
	for _, k := range near {
		if k.Kind != file.Kind {
			return k.Kind
		}
	}
	return ""
}

// short is "Deployment web".
func short(id Identity) string {
	s := orNone(id.Kind)
	if id.Name != "" {
		s += " " + id.Name
	}
	return s
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func joinAnd(s []string) string {
	switch len(s) {
	case 1:
		return s[0]
	case 2:
		return s[0] + " and " + s[1]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// Elsewhere is the outcome of a file that addresses another object than
// the live one (another namespace, another name, or both).
type Elsewhere = kube.Elsewhere

// OtherObject returns the outcome when the file, applied in namespace ns,
// addresses another object than the live one (live, in liveNS): another
// namespace, or another name of the same apiVersion and kind. kubectl GETs
// the object by the file's namespace and name, finds none (the cluster
// holds the live object under its own), and creates the file's; the live
// object stays untouched. nil when the file addresses the live object, or
// when the apiVersion or kind differ (Explain's error: kubectl's patch
// then fails, this package does not guess it away). A namespace counts as
// different only when both are known (neither a cluster-scoped object nor
// a live object pasted without its namespace). operation is kubectl's word
// for what it did ("created", "serverside-applied").
func OtherObject(file, live Identity, ns, liveNS string, fromFlag bool, operation string) *Elsewhere {
	nsDiffers := ns != "" && liveNS != "" && ns != liveNS
	nameDiffers := file.APIVersion == live.APIVersion && file.Kind == live.Kind &&
		file.Name != "" && live.Name != "" && file.Name != live.Name
	if !nsDiffers && !nameDiffers {
		return nil
	}
	if !nsDiffers {
		liveNS = ns // the same namespace, or one of them unknown
	}
	e := &Elsewhere{
		Namespace:     ns,
		LiveNamespace: liveNS,
		Name:          file.Name,
		LiveName:      live.Name,
		FromFlag:      fromFlag,
		Kubectl:       file.Ref() + " " + operation,
	}
	if !nameDiffers {
		e.LiveName = file.Name
	}
	e.Explanation = explainElsewhere(file, e)
	return e
}

// explainElsewhere is the outcome's one line, naming both names when they
// differ and both namespaces when they differ.
func explainElsewhere(file Identity, e *Elsewhere) string {
	switch {
	case e.NameDiffers() && e.NamespaceDiffers():
		source := fmt.Sprintf("The file names %s %s in namespace %s", file.Kind, e.Name, e.Namespace)
		if e.FromFlag {
			source = fmt.Sprintf("The file names %s %s and no namespace, -n gives %s", file.Kind, e.Name, e.Namespace)
		}
		return fmt.Sprintf("%s, the live object is %s in %s: kubectl applies to %s in %s, not to this live object, which stays untouched; none is given there, so kubectl creates it.",
			source, e.LiveName, e.LiveNamespace, e.Name, e.Namespace)
	case e.NameDiffers():
		where := ""
		if e.Namespace != "" {
			where = " (both in " + e.Namespace + ")"
		}
		return fmt.Sprintf("The file names %s %s, the live object is %s %s%s: kubectl looks the object up by the file's name, so it applies to %s, not to this live object, which stays untouched; no %s is given, so kubectl creates it.",
			file.Kind, e.Name, file.Kind, e.LiveName, where, e.Name, e.Name)
	}
	source := "The file names namespace " + e.Namespace
	if e.FromFlag {
		source = "The file names no namespace and -n gives " + e.Namespace
	}
	return fmt.Sprintf("%s, the live object is in %s: kubectl applies to the %s in %s, not to this live object, which stays untouched; none is given in %s, so kubectl creates it there.",
		source, e.LiveNamespace, short(file), e.Namespace, e.Namespace)
}

// Ref is the object as kubectl's name printer writes it (cli-runtime's
// printers.NamePrinter): the kind in lower case, with the group when there
// is one, and the name (deployment.apps/nginx, service/nginx).
func (id Identity) Ref() string {
	kind := strings.ToLower(id.Kind)
	if g, _, ok := strings.Cut(id.APIVersion, "/"); ok {
		kind += "." + g
	}
	name := id.Name
	if name == "" {
		name = "<unknown>"
	}
	return kind + "/" + name
}
