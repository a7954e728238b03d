package metrics

import "strings"

// Route maps a request path to a low-cardinality route template and the
// catalogue entity it addresses, for the request metrics. Ids, field
// names and unknown words never become label values: a label value per id
// would make one time series per row. isEntity reports whether a word is a
// catalogue endpoint (task, deal, ...); other words are "{unknown}".
func Route(path string, isEntity func(string) bool) (route, entity string) {
	switch path {
	case "/healthz", "/metrics", "/logout":
		return path, ""
	}
	rest, ok := strings.CutPrefix(path, "/api/v3")
	if !ok || (rest != "" && rest[0] != '/') {
		return "/", "" // the web app
	}
	rest = strings.Trim(rest, "/")
	if rest == "" {
		return "/api/v3/", ""
	}
	segs := strings.Split(rest, "/")
	switch segs[0] {
	case "bulk", "auth", "currentUser", "openapi.json":
		if fixedRoute(segs) {
			return "/api/v3/" + rest, ""
		}
		return "/api/v3/" + segs[0] + "/{unknown}", ""
	}
	entity = "{unknown}"
	if isEntity(segs[0]) {
		entity = segs[0]
	}
	const base = "/api/v3/{entity}"
	if len(segs) >= 2 && segs[1] == "extraFields" {
		switch len(segs) {
		case 2:
			return base + "/extraFields", entity
		case 3:
			return base + "/extraFields/{id}", entity
		}
		return base + "/extraFields/{unknown}", entity
	}
	switch len(segs) {
	case 1:
		return base, entity
	case 2:
		return base + "/{id}", entity
	case 3:
		return base + "/{id}/{field}", entity
	case 5:
		return base + "/{id}/{field}/{contentType}/{itemId}", entity
	}
	return base + "/{unknown}", entity
}

// fixedRoute reports whether segs is one of the API's fixed routes.
func fixedRoute(segs []string) bool {
	switch strings.Join(segs, "/") {
	case "bulk", "bulk/getEntitiesByLinks", "auth/access_token", "auth/login", "auth/logout",
		"currentUser", "openapi.json":
		return true
	}
	return false
}
