package api

import (
	"context"

	"github.com/artel/artel/internal/catalog"
)

// catalog describes every content type to the web app in the caller's
// language: the compact form of what openapi.json carries in x-artel-*,
// which is what the generic list, card and forms are drawn from.
func (s *Server) catalog(_ context.Context, c *call, _ []int64) Response {
	out := make([]map[string]any, 0, len(s.Cat.Names()))
	for _, name := range s.Cat.Names() {
		t := s.Cat.Type(name)
		fields := make([]map[string]any, 0, len(t.Fields))
		for _, f := range t.Fields {
			fields = append(fields, catalogField(f, c.lang))
		}
		out = append(out, map[string]any{"contentType": "CatalogType", "id": name, "name": name,
			"endpoint": t.Endpoint, "label": t.Label.Pick(c.lang), "fields": fields})
	}
	return ok(out)
}

func catalogField(f *catalog.Field, lang string) map[string]any {
	m := map[string]any{"name": f.Name, "kind": kindName(f), "label": f.Label.Pick(lang),
		"sortable": f.Sortable, "readOnly": !f.Writable(), "required": f.Required,
		"writeOnly": f.Role == catalog.RoleWriteOnly}
	if f.Role == catalog.RoleWriteOnly {
		m["kind"] = "string" // a password: typed in, never shown
	}
	if len(f.Enum) > 0 {
		m["values"] = f.Enum
	}
	if len(f.Targets) > 0 {
		m["targets"] = f.Targets
	}
	if f.CountOf != "" {
		m["countOf"] = f.CountOf
	}
	return m
}
