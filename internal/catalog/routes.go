package catalog

import (
	_ "embed"
	"strings"
	"sync"
)

// routesTSV is the reference's route table (shared/reference/api-v3-routes.tsv),
// verbatim, so a newer copy drops in.
//
//go:embed routes.tsv
var routesTSV string

// RefRoute is one route and method of the API v3 reference.
type RefRoute struct {
	Path   string // under /api/v3, path parameters as {name}
	Method string
	// Params are the query parameters it documents, the standard list ones
	// spelled out; path parameters are left out.
	Params   []string
	Types    map[string]string // a named parameter's reference type: "filter" -> "TaskFilter"
	Body     string            // the request body's type, "" for none
	Response string            // the 200 answer's data type
	Summary  string            // the Russian description, "" for none
}

// ListParams are the reference's standard list parameters (LIST).
var ListParams = []string{"pageAfter", "pageBefore", "pageWith", "limit", "fields", "sortBy", "onlyRequestedFields"}

var refRoutes = sync.OnceValues(func() ([]RefRoute, map[string]*RefRoute) {
	var list []RefRoute
	for i, line := range strings.Split(routesTSV, "\n") {
		cols := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if i == 0 || len(cols) < 4 {
			continue
		}
		r := RefRoute{Path: cols[0], Method: cols[1], Types: map[string]string{}, Body: dash(cols[2])}
		if len(cols) > 5 {
			r.Response, r.Summary = dash(cols[4]), dash(cols[5])
		}
		for _, p := range strings.Split(cols[3], ",") {
			name, typ, _ := strings.Cut(p, ":")
			switch {
			case name == "LIST":
				r.Params = append(r.Params, ListParams...)
			case name != "-" && name != "" && !strings.Contains(r.Path, "{"+name+"}"):
				r.Params = append(r.Params, name)
				r.Types[name] = typ
			}
		}
		list = append(list, r)
	}
	byKey := make(map[string]*RefRoute, len(list))
	for i := range list {
		byKey[list[i].Method+" "+list[i].Path] = &list[i]
		// Also by shape, every path parameter as {id}, the way areas
		// register routes; the first of a shape wins.
		if shape := list[i].Method + " " + Shape(list[i].Path); byKey[shape] == nil {
			byKey[shape] = &list[i]
		}
	}
	return list, byKey
})

// Shape writes every path parameter of a route as {id}: "/deal/{dealId}"
// becomes "/deal/{id}".
func Shape(path string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			parts[i] = "{id}"
		}
	}
	return strings.Join(parts, "/")
}

// RefRoutes lists the reference's routes in its order.
func RefRoutes() []RefRoute { list, _ := refRoutes(); return list }

// RefRouteOf finds the reference route of a method and path ("/task",
// "/deal/{dealId}", or its shape "/deal/{id}"), or nil.
func RefRouteOf(method, path string) *RefRoute {
	_, byKey := refRoutes()
	return byKey[method+" "+path]
}
