package apiserver

import (
	"regexp"
	"strings"
	"sync"
)

// The image reference grammar of github.com/distribution/reference, which
// k8s.io/kubernetes' parsers.ParseImageName uses to find an image's tag,
// compiled on first use (not at package init, which every wasm's start pays).
var (
	imageReference = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^((?:(?:(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])(?:\.(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]))*|\[(?:[a-fA-F0-9:]+)\])(?::[0-9]+)?/)?[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*)*)(?::([\w][\w.-]{0,127}))?(?:@([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][[:xdigit:]]{32,}))?$`)
	})
	imageIdentifier = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([a-f0-9]{64})$`) })
	imageName       = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:((?:(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])(?:\.(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]))*|\[(?:[a-fA-F0-9:]+)\])(?::[0-9]+)?)/)?([a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*)*)$`)
	})
)

// imageTag returns the tag parsers.ParseImageName finds in image: the tag
// written, "latest" when there is neither tag nor digest, and "" when the
// reference does not parse or has a digest only.
func imageTag(image string) string {
	if imageIdentifier().MatchString(image) {
		return ""
	}
	domain, remainder := splitDockerDomain(image)
	remote := remainder
	if i := strings.IndexByte(remainder, ':'); i >= 0 {
		remote = remainder[:i]
	}
	if strings.ToLower(remote) != remote {
		return ""
	}
	m := imageReference().FindStringSubmatch(domain + "/" + remainder)
	if m == nil {
		return ""
	}
	name := imageName().FindStringSubmatch(m[1])
	path := m[1]
	if len(name) == 3 {
		path = name[2]
	}
	if len(path) > 255 {
		return ""
	}
	tag, digest := m[2], m[3]
	if digest != "" && !validDigest(digest) {
		return ""
	}
	if tag == "" && digest == "" {
		return "latest"
	}
	return tag
}

// validDigest mirrors go-digest's Parse for the algorithms it registers.
func validDigest(d string) bool {
	alg, hex, ok := strings.Cut(d, ":")
	if !ok {
		return false
	}
	size := map[string]int{"sha256": 64, "sha384": 96, "sha512": 128}[alg]
	if size == 0 || len(hex) != size {
		return false
	}
	for _, c := range hex {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// splitDockerDomain is distribution/reference's: the registry part of a
// name, docker.io when there is none.
func splitDockerDomain(name string) (domain, remote string) {
	maybeDomain, maybeRemote, ok := strings.Cut(name, "/")
	if !ok {
		return "docker.io", "library/" + name
	}
	switch {
	case maybeDomain == "localhost":
		domain, remote = maybeDomain, maybeRemote
	case maybeDomain == "index.docker.io":
		domain, remote = "docker.io", maybeRemote
	case strings.ContainsAny(maybeDomain, ".:"):
		domain, remote = maybeDomain, maybeRemote
	case strings.ToLower(maybeDomain) != maybeDomain:
		domain, remote = maybeDomain, maybeRemote
	default:
		domain, remote = "docker.io", name
	}
	if domain == "docker.io" && !strings.ContainsRune(remote, '/') {
		remote = "library/" + remote
	}
	return domain, remote
}
