package cluster

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// table prints objects as kubectl's default table output: one table per
// kind, with the columns the server's table convertor gives the common
// kinds (a subset) and NAME, AGE for the others.
func (c *Cluster) table(objs []map[string]any, wide, allNamespaces bool) string {
	var kinds []*Kind
	byKind := map[*Kind][]map[string]any{}
	for _, o := range objs {
		k := c.kindOf(o)
		found := false
		for _, seen := range kinds {
			if seen.Group == k.Group && seen.Kind == k.Kind {
				k, found = seen, true
				break
			}
		}
		if !found {
			kinds = append(kinds, k)
		}
		byKind[k] = append(byKind[k], o)
	}
	var sb strings.Builder
	for i, k := range kinds {
		if i > 0 {
			sb.WriteString("\n")
		}
		w := tabwriter.NewWriter(&sb, 6, 4, 3, ' ', 0)
		header, row := columns(k, wide)
		if allNamespaces && k.Namespaced {
			header = append([]string{"NAMESPACE"}, header...)
		}
		fmt.Fprintln(w, strings.Join(header, "\t"))
		for _, o := range byKind[k] {
			name := metaString(o, "name")
			if len(kinds) > 1 {
				name = k.kindGroup() + "/" + name
			}
			cells := append([]string{name}, row(o)...)
			cells = append(cells, humanDuration(c.now().Sub(created(o))))
			if wide {
				cells = append(cells, wideCells(k, o)...)
			}
			if allNamespaces && k.Namespaced {
				cells = append([]string{metaString(o, "namespace")}, cells...)
			}
			fmt.Fprintln(w, strings.Join(cells, "\t"))
		}
		w.Flush()
	}
	return sb.String()
}

func created(o map[string]any) time.Time {
	t, err := time.Parse(time.RFC3339, metaString(o, "creationTimestamp"))
	if err != nil {
		return epoch
	}
	return t
}

// columns returns the header and the cells between NAME and AGE.
func columns(k *Kind, wide bool) ([]string, func(map[string]any) []string) {
	h := func(mid ...string) []string {
		out := append([]string{"NAME"}, mid...)
		out = append(out, "AGE")
		if wide {
			out = append(out, wideHeader(k)...)
		}
		return out
	}
	switch k.Group + "/" + k.Kind {
	case "apps/Deployment":
		return h("READY", "UP-TO-DATE", "AVAILABLE"), func(o map[string]any) []string {
			return []string{fmt.Sprintf("%d/%d", num(o, "status", "readyReplicas"), num(o, "spec", "replicas")), fmt.Sprint(num(o, "status", "updatedReplicas")), fmt.Sprint(num(o, "status", "availableReplicas"))}
		}
	case "apps/ReplicaSet":
		return h("DESIRED", "CURRENT", "READY"), func(o map[string]any) []string {
			return []string{fmt.Sprint(num(o, "spec", "replicas")), fmt.Sprint(num(o, "status", "replicas")), fmt.Sprint(num(o, "status", "readyReplicas"))}
		}
	case "apps/StatefulSet":
		return h("READY"), func(o map[string]any) []string {
			return []string{fmt.Sprintf("%d/%d", num(o, "status", "readyReplicas"), num(o, "spec", "replicas"))}
		}
	case "/ConfigMap":
		return h("DATA"), func(o map[string]any) []string {
			d, _ := o["data"].(map[string]any)
			b, _ := o["binaryData"].(map[string]any)
			return []string{fmt.Sprint(len(d) + len(b))}
		}
	case "/Secret":
		return h("TYPE", "DATA"), func(o map[string]any) []string {
			d, _ := o["data"].(map[string]any)
			t, _ := o["type"].(string)
			if t == "" {
				t = "Opaque"
			}
			return []string{t, fmt.Sprint(len(d))}
		}
	case "/Namespace":
		return h("STATUS"), func(o map[string]any) []string {
			st, _ := o["status"].(map[string]any)
			p, _ := st["phase"].(string)
			return []string{p}
		}
	case "/Service":
		return h("TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)"), func(o map[string]any) []string {
			spec, _ := o["spec"].(map[string]any)
			t, _ := spec["type"].(string)
			if t == "" {
				t = "ClusterIP"
			}
			ip, _ := spec["clusterIP"].(string)
			if ip == "" {
				ip = "<none>"
			}
			var ports []string
			ps, _ := spec["ports"].([]any)
			for _, p := range ps {
				pm, _ := p.(map[string]any)
				proto, _ := pm["protocol"].(string)
				if proto == "" {
					proto = "TCP"
				}
				ports = append(ports, fmt.Sprintf("%v/%s", pm["port"], proto))
			}
			if len(ports) == 0 {
				ports = []string{"<none>"}
			}
			return []string{t, ip, "<none>", strings.Join(ports, ",")}
		}
	}
	return h(), func(map[string]any) []string { return nil }
}

func wideHeader(k *Kind) []string {
	if k.Group == "apps" && (k.Kind == "Deployment" || k.Kind == "ReplicaSet" || k.Kind == "StatefulSet") {
		return []string{"CONTAINERS", "IMAGES", "SELECTOR"}
	}
	return nil
}

func wideCells(k *Kind, o map[string]any) []string {
	if len(wideHeader(k)) == 0 {
		return nil
	}
	var names, images []string
	for _, c := range containers(o) {
		n, _ := c["name"].(string)
		i, _ := c["image"].(string)
		names, images = append(names, n), append(images, i)
	}
	spec, _ := o["spec"].(map[string]any)
	sel, _ := spec["selector"].(map[string]any)
	ml, _ := sel["matchLabels"].(map[string]any)
	var terms []string
	for key, v := range ml {
		terms = append(terms, fmt.Sprintf("%s=%v", key, v))
	}
	sort.Strings(terms)
	return []string{strings.Join(names, ","), strings.Join(images, ","), strings.Join(terms, ",")}
}

// containers returns the containers of a pod template (or a pod).
func containers(o map[string]any) []map[string]any {
	spec, _ := o["spec"].(map[string]any)
	if tmpl, ok := spec["template"].(map[string]any); ok {
		spec, _ = tmpl["spec"].(map[string]any)
	}
	list, _ := spec["containers"].([]any)
	var out []map[string]any
	for _, c := range list {
		if m, ok := c.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func num(o map[string]any, fields ...string) int64 {
	var cur any = o
	for _, f := range fields {
		m, ok := cur.(map[string]any)
		if !ok {
			return 0
		}
		cur = m[f]
	}
	switch n := cur.(type) {
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}

// humanDuration is apimachinery's duration.HumanDuration, which kubectl
// prints ages with.
func humanDuration(d time.Duration) string {
	seconds := int(d.Seconds())
	switch {
	case seconds < -1:
		return "<invalid>"
	case seconds < 0:
		return "0s"
	case seconds < 60*2:
		return fmt.Sprintf("%ds", seconds)
	}
	minutes := int(d / time.Minute)
	if minutes < 10 {
		if s := seconds % 60; s != 0 {
			return fmt.Sprintf("%dm%ds", minutes, s)
		}
		return fmt.Sprintf("%dm", minutes)
	}
	if minutes < 60*3 {
		return fmt.Sprintf("%dm", minutes)
	}
	hours := int(d / time.Hour)
	if hours < 8 {
		if m := minutes % 60; m != 0 {
			return fmt.Sprintf("%dh%dm", hours, m)
		}
		return fmt.Sprintf("%dh", hours)
	}
	if hours < 48 {
		return fmt.Sprintf("%dh", hours)
	}
	return fmt.Sprintf("%dd", hours/24)
}
