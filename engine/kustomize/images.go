package kustomize

import (
	"github.com/applylens/applylens/engine/kustomize/internal/types"
	"regexp"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// imageTransform is the ImageTagTransformer: kustomize runs two passes, as
// it does. The legacy pass changes the image of every element of any list
// named containers or initContainers, anywhere in the object; then the
// field specs (spec/containers[]/image, spec/template/spec/..., volumes'
// image references) are visited again. An image matched twice is changed
// twice (a tagSuffix is then appended twice, as kustomize does).
func imageTransform(ra *accumulator, im types.Image, specs fsSlice, tr *trace) error {
	u := imageUpdater{im: im, tr: tr, match: imageMatcher(im.Name)}
	for _, o := range ra.objs {
		if o.kind() == "CustomResourceDefinition" {
			continue
		}
		u.obj = o
		if err := u.legacyWalk(o.node, ""); err != nil {
			return err
		}
	}
	rules := specRules(specs)
	for _, o := range ra.objs {
		if o.kind() == "CustomResourceDefinition" {
			continue
		}
		u.obj = o
		for i, fs := range specs {
			u.path, u.rule = fs.Path, rules[i]
			if err := applyFieldSpec(o, fs, 0, "", u.set); err != nil {
				return err
			}
		}
	}
	return nil
}

type imageUpdater struct {
	im         types.Image
	match      *regexp.Regexp // imageMatcher(im.Name)
	tr         *trace
	obj        *object
	path, rule string
}

func (u *imageUpdater) legacyWalk(n *yaml.Node, at string) error {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i].Value, n.Content[i+1]
			p := strings.TrimPrefix(at+"/"+k, "/")
			if err := u.legacyWalk(v, p); err != nil {
				return err
			}
			if (k == "containers" || k == "initContainers") && v.Kind == yaml.SequenceNode {
				for _, c := range v.Content {
					if isNull(c) {
						continue
					}
					if c.Kind != yaml.MappingNode {
						return errorf(ErrTransform, u.obj.file, "wrong node kind: expected MappingNode but got %s: node contents:\n%s", kindName(c.Kind), nodeString(c))
					}
					img := field(c, "image")
					if img == nil {
						continue
					}
					u.path, u.rule = p+"[]/image", "every list named containers or initContainers (kustomize's legacy image pass)"
					if err := u.set(img); err != nil {
						return err
					}
				}
			}
		}
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if err := u.legacyWalk(e, at); err != nil {
				return err
			}
		}
	}
	return nil
}

// set is imageTagUpdater.SetImageValue.
func (u *imageUpdater) set(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return setScalar(n, "", "")
	}
	value := n.Value
	if u.match == nil || !u.match.MatchString(value) {
		return nil
	}
	name, tag, digest := splitImage(value)
	if u.im.NewName != "" {
		name = u.im.NewName
	}
	switch {
	case u.im.NewTag != "" && u.im.Digest != "":
		tag, digest = u.im.NewTag, u.im.Digest
	case u.im.NewTag != "":
		tag, digest = u.im.NewTag, ""
	case u.im.Digest != "":
		tag, digest = "", u.im.Digest
	case u.im.TagSuffix != "":
		tag += u.im.TagSuffix
		digest = ""
	}
	if tag != "" {
		name += ":" + tag
	}
	if digest != "" {
		name += "@" + digest
	}
	desc := describe(u.obj.curID())
	if err := setScalar(n, name, ""); err != nil {
		return err
	}
	if name != value {
		u.tr.add(desc, u.path, value, name, "images entry %s: %s", u.im.Name, u.rule)
	}
	return nil
}

// imageMatcher is image.IsImageMatched's expression for an images entry's
// name t, which must match the image up to an optional tag and digest; nil
// when t does not compile (then nothing matches). kustomize compiles it for
// each image it visits; it is compiled here once per entry (compiling was
// 7% of a 10-file build's time under wasm).
func imageMatcher(t string) *regexp.Regexp {
	re, err := regexp.Compile("^" + t + "(:[a-zA-Z0-9_.{}-]*)?(@sha256:[a-zA-Z0-9_.{}-]*)?$")
	if err != nil {
		return nil
	}
	return re
}

// splitImage is image.Split: name, tag and digest ("a/b:1@sha256:..."),
// the first colon or at sign after the first slash separating them.
func splitImage(imageName string) (name, tag, digest string) {
	searchName := imageName
	slash := strings.Index(imageName, "/")
	if slash > 0 {
		searchName = imageName[slash:]
	} else {
		slash = 0
	}
	id := strings.Index(searchName, "@")
	ic := strings.Index(searchName, ":")
	if ic < 0 && id < 0 {
		return imageName, "", ""
	}
	if id >= 0 && (id < ic || ic < 0) {
		id += slash
		return imageName[:id], "", strings.TrimPrefix(imageName[id:], "@")
	}
	if id >= 0 && ic >= 0 {
		id += slash
		ic += slash
		return imageName[:ic], strings.TrimPrefix(imageName[ic:id], ":"), strings.TrimPrefix(imageName[id:], "@")
	}
	ic += slash
	return imageName[:ic], strings.TrimPrefix(imageName[ic:], ":"), ""
}
