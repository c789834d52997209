package cluster

import (
	"errors"
	"path"
	"strings"

	"github.com/applylens/applylens/engine/kustomize"
)

// KustomizeBuild is what `kubectl kustomize DIR`, or the -k of apply,
// diff and delete, built from the command's files: the directory and
// kustomize's steps, for the timeline to explain where the objects came
// from.
type KustomizeBuild struct {
	// Dir is the directory as the command line names it.
	Dir string `json:"dir"`
	// Steps are engine/kustomize's explanations, in kustomize's order.
	Steps []kustomize.Step `json:"steps"`
	// Warnings are kustomize's own (its deprecation warnings), which
	// kubectl prints on stderr before anything else.
	Warnings []string `json:"warnings,omitempty"`
}

// kustomizeErrors are cli-runtime's FilenameOptions.validate: the -f and
// -k flags together, or -k with -R. Several are printed as kubectl's
// CheckErr prints an aggregate: one per line, without "error: ".
func kustomizeErrors(a *args) *cmdError {
	var msgs []string
	k := a.get("kustomize")
	if len(a.multi["filename"]) > 0 && k != "" {
		msgs = append(msgs, "only one of -f or -k can be specified")
	}
	if k != "" && a.boolFlag("recursive", false) {
		msgs = append(msgs, "the -k flag can't be used with -f or -R")
	}
	switch len(msgs) {
	case 0:
		return nil
	case 1:
		return errorf("%s", msgs[0])
	}
	return &cmdError{msg: strings.Join(msgs, "\n"), aggregate: true}
}

// kustomizeFiles are the command's files as kustomize reads them.
func kustomizeFiles(files map[string]string) map[string][]byte {
	out := make(map[string][]byte, len(files))
	for name, text := range files {
		out[name] = []byte(text)
	}
	return out
}

// buildKustomization runs kustomize on dir as kubectl's KustomizeVisitor
// does (krusty with the legacy order), recording the build on the
// outcome and printing kustomize's warnings on stderr. Its error is
// printed as kubectl prints it: "error: " and kustomize's message.
func (c *Cluster) buildKustomization(r *run, dir string) ([]byte, *cmdError) {
	if cerr := confirmDir(r.files, dir); cerr != nil {
		return nil, cerr
	}
	res, err := kustomize.Build(kustomize.Input{Files: kustomizeFiles(r.files), Dir: dir})
	if err != nil {
		var ke *kustomize.Error
		if errors.As(err, &ke) && ke.Kind == kustomize.ErrUnsupported {
			r.warn("kustomize: " + ke.Message)
		}
		return nil, errorf("%s", err.Error())
	}
	for _, w := range res.Warnings {
		r.stderr.WriteString(w + "\n")
	}
	r.out.Kustomize = &KustomizeBuild{Dir: dir, Steps: res.Steps, Warnings: res.Warnings}
	return res.YAML, nil
}

// confirmDir is kyaml's filesys.ConfirmDir on the disk, as kubectl's
// kustomize runs it first on DIR: the command's files are the disk, with
// the working directory at "/". (engine/kustomize answers as kustomize
// does over an in-memory file system, whose words differ.)
func confirmDir(files map[string]string, dir string) *cmdError {
	abs := path.Clean("/" + dir)
	for name := range files {
		if path.Clean("/"+name) == abs {
			return errorf("must build at directory: '%s': file is not directory", dir)
		}
	}
	// fsOnDisk.CleanedAbs: filepath.EvalSymlinks fails at the first
	// component that does not exist.
	for _, d := range parentsAndSelf(abs) {
		if !isDir(files, d) {
			return errorf("must build at directory: not a valid directory: evalsymlink failure on '%s' : lstat %s: no such file or directory", dir, d)
		}
	}
	return nil
}

// parentsAndSelf lists "/a", "/a/b", "/a/b/c" for "/a/b/c".
func parentsAndSelf(abs string) []string {
	var out []string
	for i := 1; i < len(abs); i++ {
		if abs[i] == '/' {
			out = append(out, abs[:i])
		}
	}
	if abs != "/" {
		out = append(out, abs)
	}
	return out
}

// isDir reports whether a file lies under the directory abs (names
// read as engine/kustomize reads them: "./a" and "/a" are "a").
func isDir(files map[string]string, abs string) bool {
	for name := range files {
		if strings.HasPrefix(path.Clean("/"+name), abs+"/") {
			return true
		}
	}
	return false
}

var kustomizeSpec = flagSpec{
	values: []string{"output", "load-restrictor", "reorder"},
	bools:  []string{"enable-helm", "enable-alpha-plugins"},
}

// runKustomize is `kubectl kustomize [DIR]`: kustomize's build command,
// which prints the build on stdout (DIR "." when left out).
func (c *Cluster) runKustomize(r *run, words []string) error {
	a, err := parseArgs("kustomize", words, kustomizeSpec)
	if err != nil {
		return err
	}
	switch {
	case a.has("output"):
		return &NotSimulatedError{Message: "kubectl kustomize -o (writing the build to files) is not simulated; the build is printed"}
	case a.has("load-restrictor") && a.get("load-restrictor") != "LoadRestrictionsRootOnly":
		return &NotSimulatedError{Message: "kubectl kustomize --load-restrictor " + a.get("load-restrictor") + " is not simulated: files are read from the kustomization's directory and below (LoadRestrictionsRootOnly)"}
	case a.has("reorder") && a.get("reorder") != "legacy":
		return &NotSimulatedError{Message: "kubectl kustomize --reorder " + a.get("reorder") + " is not simulated; the legacy order (the default) is, and a kustomization's sortOptions"}
	case a.boolFlag("enable-helm", false) || a.boolFlag("enable-alpha-plugins", false):
		return &NotSimulatedError{Message: "kubectl kustomize --enable-helm and --enable-alpha-plugins are not simulated: a playground runs no programs"}
	}
	if len(a.pos) > 1 {
		return errorf("specify one path to kustomization.yaml")
	}
	dir := "."
	if len(a.pos) == 1 {
		dir = a.pos[0]
	}
	out, cerr := c.buildKustomization(r, dir)
	if cerr != nil {
		return cerr
	}
	r.stdout.Write(out)
	return nil
}
