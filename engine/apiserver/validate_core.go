package apiserver

// validateSecret: the keys a Secret's type requires in data (after
// stringData is merged into it).
func validateSecret(s Settings, obj, old map[string]any) []fieldError {
	data := objectAt(obj, "data")
	has := func(k string) bool { _, ok := data[k]; return ok }
	req := func(k string) fieldError { return required("data["+k+"]", "") }
	switch stringAt(obj, "type") {
	case "kubernetes.io/service-account-token":
		if stringAt(objectAt(obj, "metadata", "annotations"), "kubernetes.io/service-account.name") == "" {
			return []fieldError{required("metadata.annotations[kubernetes.io/service-account.name]", "")}
		}
	case "kubernetes.io/dockercfg":
		if !has(".dockercfg") {
			return []fieldError{req(".dockercfg")}
		}
	case "kubernetes.io/dockerconfigjson":
		if !has(".dockerconfigjson") {
			return []fieldError{req(".dockerconfigjson")}
		}
	case "kubernetes.io/basic-auth":
		if !has("username") && !has("password") {
			return []fieldError{req("username"), req("password")}
		}
	case "kubernetes.io/ssh-auth":
		if stringAt(data, "ssh-privatekey") == "" {
			return []fieldError{req("ssh-privatekey")}
		}
	case "kubernetes.io/tls":
		var errs []fieldError
		if !has("tls.crt") {
			errs = append(errs, req("tls.crt"))
		}
		if !has("tls.key") {
			errs = append(errs, req("tls.key"))
		}
		return errs
	}
	return nil
}
