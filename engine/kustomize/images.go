package kustomize

import (
	yaml "go.yaml.in/yaml/v3"
)

// imageTransform is the ImageTagTransformer: not computed yet.
func imageTransform(ra *accumulator, im imageArgs, specs fsSlice, tr *trace) error {
	return errorf(ErrUnsupported, "", "images is not supported here yet")
}

var _ = yaml.ScalarNode
