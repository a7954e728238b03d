package api

import (
	"encoding/json"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// commonListParams are read by every generic list, whatever the reference
// documents for it: the standard list parameters, filter and q (the web app
// sends both to any list), and the sign-in token.
var commonListParams = func() map[string]bool {
	m := map[string]bool{"filter": true, "q": true, "access_token": true}
	for _, p := range catalog.ListParams {
		m[p] = true
	}
	return m
}()

// routeListParams apply the parameters the reference documents for some
// lists only; each applies where its route documents it.
var routeListParams = map[string]func(t *catalog.Type, raw json.RawMessage, lq *entity.ListQuery) bool{
	"statuses":       statusesParam,
	"statusFilterId": statusFilterParam,
}

// listParams applies a list route's own parameters and refuses, one 422
// entry each, every other one the list would silently ignore: those the
// reference documents for the route that Artel does not apply yet
// (param_not_supported) and those it does not document (unknown_param).
// The route is the reference's GET /{endpoint}.
func listParams(c *call, t *catalog.Type, lq *entity.ListQuery) error {
	ref := catalog.RefRouteOf(http.MethodGet, "/"+t.Endpoint)
	names := make([]string, 0, len(c.query))
	for name := range c.query {
		if !commonListParams[name] {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	bad := &entity.Invalid{}
	for _, name := range names {
		apply, applied := routeListParams[name]
		switch documented := ref != nil && slices.Contains(ref.Params, name); {
		case documented && applied:
			if !apply(t, c.query[name], lq) {
				bad.Add(name, entity.CodeBadParam, "")
			}
		case documented:
			bad.Add(name, "param_not_supported", "")
		default:
			bad.Add(name, "unknown_param", "")
		}
	}
	if len(bad.Errors) > 0 {
		return bad
	}
	return nil
}

// statusesParam keeps the entities whose status is one of a list (GET
// /task {"statuses":["assigned","accepted"]}); an empty list keeps all.
func statusesParam(t *catalog.Type, raw json.RawMessage, lq *entity.ListQuery) bool {
	f := t.Field("status")
	var list []string
	if f == nil || json.Unmarshal(raw, &list) != nil {
		return false
	}
	for _, s := range list {
		if !slices.Contains(f.Enum, s) {
			return false
		}
	}
	if len(list) > 0 {
		lq.Where = append(lq.Where, entity.Condition{SQL: t.Table + "." + f.Column + " IN (" + store.Marks(len(list)) + ")", Args: store.Args(list)})
	}
	return true
}

// statusFilterParam keeps the invoices (GET /invoice) of one status, named
// or by its place in the reference's enum (1 created … 4 rejected), or the
// overdue ones: past their deadline, neither paid nor rejected. "all" or
// "" keeps all.
func statusFilterParam(t *catalog.Type, raw json.RawMessage, lq *entity.ListQuery) bool {
	status, deadline := t.Field("status"), t.Field("deadline")
	if status == nil || deadline == nil {
		return false
	}
	var id string
	if json.Unmarshal(raw, &id) != nil {
		var n int
		if json.Unmarshal(raw, &n) != nil {
			return false
		}
		id = strconv.Itoa(n)
	}
	if n, err := strconv.Atoi(id); err == nil && n >= 1 && n <= len(status.Enum) {
		id = status.Enum[n-1]
	}
	col := t.Table + "." + status.Column
	switch {
	case id == "" || id == "all":
	case id == "overdue":
		lq.Where = append(lq.Where, entity.Condition{SQL: t.Table + "." + deadline.Column + " < ? AND " + col + " IN (?, ?)",
			Args: []any{time.Now().UTC().Format(time.DateOnly), "created", "drawn"}})
	case slices.Contains(status.Enum, id):
		lq.Where = append(lq.Where, entity.Condition{SQL: col + " = ?", Args: []any{id}})
	default:
		return false
	}
	return true
}
