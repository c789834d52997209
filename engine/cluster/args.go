package cluster

import (
	"fmt"
	"sort"
	"strings"
)

// splitWords splits a command line into words as a POSIX shell does for
// the quoting people use with kubectl: single quotes keep everything,
// double quotes keep everything but \" \\ \$ \`, a backslash outside
// quotes escapes the next character.
func splitWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case ch == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unterminated single quote in %q", line)
			}
			cur.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case ch == '"':
			i++
			closed := false
			for ; i < len(line); i++ {
				c := line[i]
				if c == '"' {
					closed = true
					break
				}
				if c == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0 {
					i++
					c = line[i]
				}
				cur.WriteByte(c)
			}
			if !closed {
				return nil, fmt.Errorf("unterminated double quote in %q", line)
			}
			inWord = true
		case ch == '\\' && i+1 < len(line):
			i++
			if line[i] != '\n' {
				cur.WriteByte(line[i])
				inWord = true
			}
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// flagSpec describes the flags one command accepts.
type flagSpec struct {
	// values are flags that take a value; bools those that do not (but
	// accept =true/=false). Long names; shorts maps a short name to its
	// long name.
	values []string
	bools  []string
}

var shortFlags = map[string]string{
	"f": "filename", "n": "namespace", "o": "output", "l": "selector",
	"p": "patch", "R": "recursive", "A": "all-namespaces", "k": "kustomize",
}

// optionalValue are the flags whose value may be left out, with the
// value they then take (cobra's NoOptDefVal): a bare --dry-run is the
// deprecated client dry run, a bare --validate is strict.
var optionalValue = map[string]string{"dry-run": "unchanged", "validate": "strict"}

// args is a parsed command line: positional words and flags (the last
// value wins, except for repeatable flags kept in order in multi).
type args struct {
	pos   []string
	flags map[string]string
	multi map[string][]string
}

func (a *args) has(name string) bool { _, ok := a.flags[name]; return ok }

func (a *args) get(name string) string { return a.flags[name] }

// boolFlag reads a boolean flag with its default.
func (a *args) boolFlag(name string, def bool) bool {
	v, ok := a.flags[name]
	if !ok {
		return def
	}
	return v != "false"
}

// usageError is a command line kubectl would refuse before doing
// anything; it is printed as kubectl prints it.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// parseArgs reads words against a command's flags. A flag the command
// does not know is a Go error (the simulation does not know whether
// kubectl has it); -h and friends are refused likewise.
func parseArgs(command string, words []string, spec flagSpec) (*args, error) {
	a := &args{flags: map[string]string{}, multi: map[string][]string{}}
	isValue := map[string]bool{"namespace": true}
	isBool := map[string]bool{}
	for _, v := range spec.values {
		isValue[v] = true
	}
	for _, b := range spec.bools {
		isBool[b] = true
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			a.pos = append(a.pos, words[i+1:]...)
			break
		}
		if !strings.HasPrefix(w, "-") || w == "-" {
			a.pos = append(a.pos, w)
			continue
		}
		var name, value string
		hasValue := false
		if strings.HasPrefix(w, "--") {
			name = w[2:]
			if eq := strings.IndexByte(name, '='); eq >= 0 {
				name, value, hasValue = name[:eq], name[eq+1:], true
			}
		} else {
			short := w[1:2]
			long, ok := shortFlags[short]
			if !ok {
				return nil, unknownFlag(command, w, spec)
			}
			name = long
			if rest := w[2:]; rest != "" {
				value, hasValue = strings.TrimPrefix(rest, "="), true
			}
		}
		switch {
		case isValue[name]:
			if !hasValue {
				if def, ok := optionalValue[name]; ok {
					value = def
				} else {
					if i+1 >= len(words) {
						return nil, &usageError{fmt.Sprintf("error: flag needs an argument: --%s", name)}
					}
					i++
					value = words[i]
				}
			}
		case isBool[name]:
			if !hasValue {
				value = "true"
			} else if value != "true" && value != "false" {
				return nil, &usageError{fmt.Sprintf("error: invalid argument %q for \"--%s\" flag: strconv.ParseBool: parsing %q: invalid syntax", value, name, value)}
			}
		default:
			return nil, unknownFlag(command, w, spec)
		}
		a.flags[name] = value
		a.multi[name] = append(a.multi[name], value)
	}
	return a, nil
}

func unknownFlag(command, w string, spec flagSpec) error {
	names := append([]string{"namespace"}, spec.values...)
	names = append(names, spec.bools...)
	sort.Strings(names)
	for i, n := range names {
		names[i] = "--" + n
	}
	return &NotSimulatedError{Message: fmt.Sprintf("the flag %s of kubectl %s is not simulated; the simulation knows: %s", w, command, strings.Join(names, ", "))}
}
