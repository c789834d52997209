package serverside

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	enginepath "github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/jsonvalue"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

// The names the API server's CRD handler gives what it does not read from
// the CRD: the object's metadata is the built-in ObjectMeta, and the
// schemaconv helper types come with the built-in schema.
const (
	objectMetaType = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
	untypedAtomic  = "__untyped_atomic_"
	untypedDeduced = "__untyped_deduced_"
	// customTypeName names the custom kind's type apart from every
	// built-in name.
	customTypeName = "customresource"
)

// CRDError is a CustomResourceDefinition whose schema the API server would
// not accept (it admits structural schemas only), with the field of the
// CRD at fault.
type CRDError struct {
	CRD     string // metadata.name
	Index   int    // in Request.CustomResourceDefinitions
	Path    string // e.g. spec.versions[0].schema.openAPIV3Schema.properties.spec.type
	Message string
}

func (e *CRDError) Error() string {
	return fmt.Sprintf("CustomResourceDefinition %q %s: %s", e.CRD, e.Path, e.Message)
}

// customResource is what the API server knows of a custom kind at one
// version from its CRD.
type customResource struct {
	crd    string // the CRD's metadata.name
	parser *typed.Parser
	typ    typed.ParseableType
	status bool // the version has the status subresource
}

// findCustomResource returns the served version of the CRD that defines
// apiVersion/kind, converted as the API server's CRD handler converts it;
// nil when no CRD serves it (the kind then has no schema). The first CRD
// that names group and kind holds them: the server does not accept the
// names of a later one.
func findCustomResource(crds []map[string]any, apiVersion, kind string) (*customResource, error) {
	group, version, ok := strings.Cut(apiVersion, "/")
	if !ok {
		return nil, nil // the core group has no custom kinds
	}
	for index, crd := range crds {
		if crd["apiVersion"] != "apiextensions.k8s.io/v1" || crd["kind"] != "CustomResourceDefinition" {
			continue
		}
		spec, _ := crd["spec"].(map[string]any)
		names, _ := spec["names"].(map[string]any)
		if spec["group"] != group || names["kind"] != kind {
			continue
		}
		md, _ := crd["metadata"].(map[string]any)
		name, _ := md["name"].(string)
		versions, _ := spec["versions"].([]any)
		for i, v := range versions {
			v, _ := v.(map[string]any)
			if v["name"] != version {
				continue
			}
			if v["served"] != true {
				return nil, nil
			}
			c := &converter{crd: name, index: index, preserveAll: spec["preserveUnknownFields"] == true}
			path := fmt.Sprintf("spec.versions[%d]", i)
			s, _ := v["schema"].(map[string]any)
			root, has := s["openAPIV3Schema"]
			atom, err := c.kind(root, has, path+".schema.openAPIV3Schema")
			if err != nil {
				return nil, err
			}
			sub, _ := v["subresources"].(map[string]any)
			_, status := sub["status"].(map[string]any)
			p := customParser(atom, c.preserveAll)
			return &customResource{crd: name, parser: p, typ: p.Type(customTypeName), status: status}, nil
		}
		return nil, nil
	}
	return nil, nil
}

// customParser is the custom kind's type with the built-in types it may
// refer to: ObjectMeta (the one the server's CRD handler refers to), what
// it refers to, and schemaconv's helper types. With preserveAll
// (spec.preserveUnknownFields) schemaconv lets every object of every model
// keep unknown fields, ObjectMeta's too.
func customParser(kind schema.TypeDef, preserveAll bool) *typed.Parser {
	metaOnce.Do(func() { metaTypes = builtinClosure(objectMetaType, untypedAtomic, untypedDeduced) })
	types := make([]schema.TypeDef, len(metaTypes), len(metaTypes)+1)
	copy(types, metaTypes)
	if preserveAll {
		for i := range types {
			types[i].Atom = keepUnknown(types[i].Atom)
		}
	}
	return &typed.Parser{Schema: schema.Schema{Types: append(types, kind)}}
}

// keepUnknown is a where every object that takes no field beyond the ones
// it names (no element type) takes any other with the deduced type, as
// schemaconv converts an object without additionalProperties when it
// preserves unknown fields.
func keepUnknown(a schema.Atom) schema.Atom {
	if a.List != nil {
		l := *a.List
		l.ElementType.Inlined = keepUnknown(l.ElementType.Inlined)
		a.List = &l
	}
	if a.Map != nil {
		m := &schema.Map{Fields: make([]schema.StructField, len(a.Map.Fields)), Unions: a.Map.Unions,
			ElementType: a.Map.ElementType, ElementRelationship: a.Map.ElementRelationship}
		for i, f := range a.Map.Fields {
			f.Type.Inlined = keepUnknown(f.Type.Inlined)
			m.Fields[i] = f
		}
		if m.ElementType == (schema.TypeRef{}) {
			m.ElementType = schema.TypeRef{NamedType: ptr(untypedDeduced)}
		} else {
			m.ElementType.Inlined = keepUnknown(m.ElementType.Inlined)
		}
		a.Map = m
	}
	return a
}

var (
	metaOnce  sync.Once
	metaTypes []schema.TypeDef
)

// closure is the named types and every type they refer to, as find
// gives them.
func closure(find func(name string) (schema.TypeDef, bool), names ...string) []schema.TypeDef {
	seen := map[string]bool{}
	var out []schema.TypeDef
	var visitAtom func(a schema.Atom)
	visitRef := func(r schema.TypeRef) {
		if r.NamedType == nil {
			visitAtom(r.Inlined)
			return
		}
		if seen[*r.NamedType] {
			return
		}
		seen[*r.NamedType] = true
		if def, ok := find(*r.NamedType); ok {
			out = append(out, schema.TypeDef{Name: def.Name, Atom: def.Atom})
			visitAtom(def.Atom)
		}
	}
	visitAtom = func(a schema.Atom) {
		if a.Map != nil {
			for _, f := range a.Map.Fields {
				visitRef(f.Type)
			}
			visitRef(a.Map.ElementType)
		}
		if a.List != nil {
			visitRef(a.List.ElementType)
		}
	}
	for _, n := range names {
		visitRef(schema.TypeRef{NamedType: &n})
	}
	return out
}

// statusFilter is the CR strategy's reset fields with a status
// subresource: the main resource's appliers never own status.
func statusFilter(apiVersion string) map[fieldpath.APIVersion]fieldpath.Filter {
	return map[fieldpath.APIVersion]fieldpath.Filter{
		fieldpath.APIVersion(apiVersion): fieldpath.NewExcludeSetFilter(fieldpath.NewSet(fieldpath.MakePathOrDie("status"))),
	}
}

// converter turns a CRD's openAPIV3Schema into a structured-merge-diff
// type as the API server does: the structural schema as OpenAPI
// (apiextensions-apiserver's openapi builder, which adds apiVersion, kind
// and the ObjectMeta metadata to the object and to every embedded
// resource), read by kube-openapi's schemaconv.ToSchemaFromOpenAPI.
type converter struct {
	crd         string
	index       int
	preserveAll bool // spec.preserveUnknownFields, ToSchemaFromOpenAPI's flag
}

func (c *converter) fail(path, format string, args ...any) error {
	return &CRDError{CRD: c.crd, Index: c.index, Path: path, Message: fmt.Sprintf(format, args...)}
}

// kind is the type of the custom kind, named after it.
func (c *converter) kind(root any, has bool, path string) (schema.TypeDef, error) {
	def := schema.TypeDef{Name: customTypeName}
	if !has {
		// No schema: the builder publishes a bare object.
		def.Atom = schema.Atom{Map: &schema.Map{ElementType: schema.TypeRef{NamedType: ptr(untypedDeduced)}}}
		return def, nil
	}
	s, ok := root.(map[string]any)
	if !ok {
		return def, c.fail(path, "must be a schema (an object)")
	}
	if t, _ := s["type"].(string); t != "object" {
		return def, c.fail(path+".type", "must be object at the root")
	}
	atom, err := c.atom(s, c.preserveAll, path, true)
	def.Atom = atom
	return def, err
}

// atom is schemaconv's parseSchema of one node (visitSpec: a node with
// x-kubernetes-preserve-unknown-fields lets every object below it keep
// unknown fields).
func (c *converter) atom(s map[string]any, preserve bool, path string, root bool) (schema.Atom, error) {
	if s["x-kubernetes-preserve-unknown-fields"] == true {
		preserve = true
	}
	typ, _ := s["type"].(string)
	if typ == "" && s["x-kubernetes-int-or-string"] != true && s["x-kubernetes-preserve-unknown-fields"] != true {
		return schema.Atom{}, c.fail(path+".type", "must not be empty unless x-kubernetes-int-or-string or x-kubernetes-preserve-unknown-fields is true (the API server admits structural schemas only)")
	}
	if s["x-kubernetes-embedded-resource"] == true && typ != "object" {
		return schema.Atom{}, c.fail(path+".type", "must be object if x-kubernetes-embedded-resource is true")
	}
	switch typ {
	case "":
		l, err := c.list(s, preserve, path)
		if err != nil {
			return schema.Atom{}, err
		}
		m, err := c.object(s, preserve, path, root)
		return schema.Atom{Scalar: ptr(schema.Scalar("untyped")), List: l, Map: m}, err
	case "object":
		m, err := c.object(s, preserve, path, root)
		return schema.Atom{Map: m}, err
	case "array":
		l, err := c.list(s, preserve, path)
		return schema.Atom{List: l}, err
	case "integer", "number":
		return schema.Atom{Scalar: ptr(schema.Numeric)}, nil
	case "boolean":
		return schema.Atom{Scalar: ptr(schema.Boolean)}, nil
	case "string":
		if f, _ := s["format"].(string); f == "" || f == "byte" {
			return schema.Atom{Scalar: ptr(schema.String)}, nil
		}
		return schema.Atom{Scalar: ptr(schema.Scalar("untyped"))}, nil // date-time, int-or-string, …
	}
	return schema.Atom{}, c.fail(path+".type", "unrecognized type %q", typ)
}

// ref is schemaconv's makeOpenAPIRef of an inlined schema.
func (c *converter) ref(v any, preserve bool, path string) (schema.TypeRef, error) {
	s, ok := v.(map[string]any)
	if !ok {
		return schema.TypeRef{}, c.fail(path, "must be a schema (an object)")
	}
	atom, err := c.atom(s, preserve, path, false)
	return schema.TypeRef{Inlined: atom, Nullable: s["nullable"] == true}, err
}

var (
	stringField     = schema.TypeRef{Inlined: schema.Atom{Scalar: ptr(schema.String)}}
	objectMetaField = schema.TypeRef{NamedType: ptr(objectMetaType)}
)

// object is schemaconv's parseObject, with the properties the builder
// adds: apiVersion, kind and metadata at the root and in every embedded
// resource.
func (c *converter) object(s map[string]any, preserve bool, path string, root bool) (*schema.Map, error) {
	props, _ := s["properties"].(map[string]any)
	embedded := root || s["x-kubernetes-embedded-resource"] == true
	names := make([]string, 0, len(props)+3)
	for name := range props {
		if embedded && (name == "apiVersion" || name == "kind" || name == "metadata") {
			continue
		}
		names = append(names, name)
	}
	if embedded {
		names = append(names, "apiVersion", "kind", "metadata")
	}
	sort.Strings(names)
	fields := make([]schema.StructField, 0, len(names))
	for _, name := range names {
		f := schema.StructField{Name: name}
		switch {
		case embedded && name == "metadata":
			f.Type = objectMetaField
		case embedded && (name == "apiVersion" || name == "kind"):
			f.Type = stringField
		default:
			member, _ := props[name].(map[string]any)
			var err error
			if f.Type, err = c.ref(props[name], preserve, enginepath.Key(path+".properties", name)); err != nil {
				return nil, err
			}
			if d, ok := member["default"]; ok {
				f.Default = jsonvalue.Copy(d)
			}
		}
		fields = append(fields, f)
	}
	m := &schema.Map{Fields: fields}
	switch ap := s["additionalProperties"].(type) {
	case nil:
		if preserve || len(fields) == 0 {
			m.ElementType = schema.TypeRef{NamedType: ptr(untypedDeduced)}
		}
	case bool:
		if ap {
			m.ElementType = schema.TypeRef{NamedType: ptr(untypedDeduced)}
		}
	default:
		var err error
		if m.ElementType, err = c.ref(ap, preserve, path+".additionalProperties"); err != nil {
			return nil, err
		}
	}
	switch t := s["x-kubernetes-map-type"]; t {
	case nil:
	case "atomic":
		m.ElementRelationship = schema.Atomic
	case "granular":
		m.ElementRelationship = schema.Separable
	default:
		return nil, c.fail(path+".x-kubernetes-map-type", "unknown map type %v", t)
	}
	return m, nil
}

// list is schemaconv's parseList.
func (c *converter) list(s map[string]any, preserve bool, path string) (*schema.List, error) {
	l := &schema.List{ElementRelationship: schema.Atomic}
	switch t := s["x-kubernetes-list-type"]; t {
	case nil, "atomic":
	case "set":
		l.ElementRelationship = schema.Associative
	case "map":
		l.ElementRelationship = schema.Associative
		switch keys := s["x-kubernetes-list-map-keys"].(type) {
		case []any:
			for _, k := range keys {
				if k, ok := k.(string); ok {
					l.Keys = append(l.Keys, k)
				}
			}
		case []string:
			l.Keys = append(l.Keys, keys...)
		default:
			return nil, c.fail(path+".x-kubernetes-list-map-keys", "must be set if x-kubernetes-list-type is map")
		}
	default:
		return nil, c.fail(path+".x-kubernetes-list-type", "unknown list type %v", t)
	}
	items, has := s["items"]
	switch {
	case has:
		var err error
		if l.ElementType, err = c.ref(items, preserve, path+".items"); err != nil {
			return nil, err
		}
	case s["type"] == "array":
		return nil, c.fail(path+".items", "must be specified on arrays")
	default:
		l.ElementType = schema.TypeRef{NamedType: ptr(untypedAtomic)}
	}
	return l, nil
}

// CustomResourceSchema is the schema the server merges apiVersion/kind
// with when crds hold the CRD that serves it: the kind's type, named by
// the name returned, and the built-in types it refers to (ObjectMeta and
// what it refers to). nil when no CRD serves the kind. Errors are
// *CRDError.
func CustomResourceSchema(crds []map[string]any, apiVersion, kind string) (*schema.Schema, string, error) {
	c, err := findCustomResource(crds, apiVersion, kind)
	if c == nil || err != nil {
		return nil, "", err
	}
	return &c.parser.Schema, customTypeName, nil
}
