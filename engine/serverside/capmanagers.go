package serverside

import (
	"sort"

	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// capUpdateManagers is internal.capManagersManager's capUpdateManagers:
// with more than ten Update managers, the oldest ones are merged, per
// apiVersion, into one "ancient-changes" entry.
func capUpdateManagers(m managed) managed {
	var updaters []string
	for manager, fields := range m.fields {
		if !fields.Applied() {
			updaters = append(updaters, manager)
		}
	}
	if len(updaters) <= maxUpdateManagers {
		return m
	}
	sort.Slice(updaters, func(i, j int) bool {
		is, js := unix(m.times[updaters[i]]), unix(m.times[updaters[j]])
		if is != js {
			return is < js
		}
		return updaters[i] < updaters[j]
	})
	versionToFirst := map[string]string{}
	for i, length := 0, len(updaters); i < len(updaters) && length > maxUpdateManagers; i++ {
		manager := updaters[i]
		vs := m.fields[manager]
		when := m.times[manager]
		version := string(vs.APIVersion())
		bucket := identifier(managerEntry{Manager: ancientChanges, Operation: OperationUpdate, APIVersion: version})
		if first, ok := versionToFirst[version]; ok {
			if _, ok := m.fields[bucket]; !ok {
				s := m.fields[first]
				delete(m.fields, first)
				m.fields[bucket] = s
			}
			m.fields[bucket] = fieldpath.NewVersionedSet(vs.Set().Union(m.fields[bucket].Set()), vs.APIVersion(), vs.Applied())
			delete(m.fields, manager)
			length--
			m.times[bucket] = when
		} else {
			versionToFirst[version] = manager
		}
	}
	return m
}
