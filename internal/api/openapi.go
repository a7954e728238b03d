package api

import (
	"strconv"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// openAPI builds an OpenAPI 3.1 document from the catalogue: one schema per
// content type with each field's kind, labels, sortable and required
// flags, and the generic routes of every type. The web app reads its
// catalogue from here too (x-artel-* extensions).
func (s *Server) openAPI(lang string) map[string]any {
	if doc, ok := s.openapi.Load(lang); ok {
		return doc.(map[string]any)
	}
	schemas := map[string]any{}
	paths := map[string]any{}
	for _, name := range s.Cat.Names() {
		t := s.Cat.Type(name)
		schemas[name] = typeSchema(t, lang)
		ref := map[string]any{"$ref": "#/components/schemas/" + name}
		one := map[string]any{"description": t.Label.Pick(lang), "content": map[string]any{"application/json": map[string]any{"schema": ref}}}
		paths["/api/v3/"+t.Endpoint] = map[string]any{
			"get":  map[string]any{"summary": t.Label.Pick(lang), "tags": []string{name}, "responses": map[string]any{"200": one}},
			"post": map[string]any{"summary": t.Label.Pick(lang), "tags": []string{name}, "requestBody": one, "responses": map[string]any{"200": one}},
		}
		paths["/api/v3/"+t.Endpoint+"/{id}"] = map[string]any{
			"parameters": []any{map[string]any{"name": "id", "in": "path", "required": true, "schema": map[string]any{"type": "string"}}},
			"get":        map[string]any{"tags": []string{name}, "responses": map[string]any{"200": one}},
			"post":       map[string]any{"tags": []string{name}, "requestBody": one, "responses": map[string]any{"200": one}},
			"delete":     map[string]any{"tags": []string{name}, "responses": map[string]any{"200": map[string]any{"description": "deleted"}}},
		}
	}
	s.describeAreas(paths, lang)
	doc := map[string]any{
		"openapi":    "3.1.0",
		"info":       map[string]any{"title": "Artel API v3", "version": s.Version},
		"paths":      paths,
		"components": map[string]any{"schemas": schemas, "securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer"}}},
		"security":   []any{map[string]any{"bearer": []any{}}},
	}
	s.openapi.Store(lang, doc)
	return doc
}

func typeSchema(t *catalog.Type, lang string) map[string]any {
	props := map[string]any{
		"contentType": map[string]any{"const": t.Name},
		"id":          map[string]any{"type": "string", "readOnly": true},
	}
	var required []string
	for _, f := range t.Fields {
		if f.Role == catalog.RoleWriteOnly {
			props[f.Name] = map[string]any{"type": "string", "writeOnly": true, "title": f.Label.Pick(lang)}
			continue
		}
		p := fieldSchema(f)
		p["title"] = f.Label.Pick(lang)
		p["x-artel-kind"] = kindName(f)
		p["x-artel-sortable"] = f.Sortable
		p["x-artel-labels"] = f.Label
		if !f.Writable() {
			p["readOnly"] = true
		}
		if f.Required {
			required = append(required, f.Name)
		}
		props[f.Name] = p
	}
	s := map[string]any{"type": "object", "title": t.Label.Pick(lang), "x-artel-labels": t.Label,
		"x-artel-endpoint": t.Endpoint, "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func kindName(f *catalog.Field) string {
	switch f.Role {
	case catalog.RoleValue:
		return f.Kind.Name()
	case catalog.RoleLink:
		return "link"
	case catalog.RoleLinks, catalog.RoleReverse:
		return "links"
	case catalog.RoleCount:
		return "count"
	}
	return "computed"
}

func linkSchema(targets []string) map[string]any {
	return map[string]any{"type": "object", "required": []string{"contentType", "id"}, "properties": map[string]any{
		"contentType": map[string]any{"enum": targets}, "id": map[string]any{"type": "string"}}}
}

func fieldSchema(f *catalog.Field) map[string]any {
	switch f.Role {
	case catalog.RoleLink:
		return linkSchema(f.Targets)
	case catalog.RoleLinks, catalog.RoleReverse:
		return map[string]any{"type": "array", "items": linkSchema(f.Targets)}
	case catalog.RoleCount:
		return map[string]any{"type": "integer"}
	case catalog.RoleComputed, catalog.RoleHeld:
		return map[string]any{}
	}
	switch k := f.Kind.(type) {
	case value.String:
		return map[string]any{"type": "string"}
	case value.Integer:
		return map[string]any{"type": "integer"}
	case value.Number:
		return map[string]any{"type": "number"}
	case value.Bool:
		return map[string]any{"type": "boolean"}
	case value.Enum:
		return map[string]any{"type": "string", "enum": k.Values}
	case value.JSON:
		if k.Array {
			return map[string]any{"type": "array"}
		}
		return map[string]any{"type": "object"}
	}
	return map[string]any{"type": "object", "properties": map[string]any{"contentType": map[string]any{"const": f.Kind.Name()}}}
}

// describeAreas adds the areas' routes to the document: the reference's
// path, parameter names and summary where the route is the reference's,
// else the area's own summary (Routes.Describe).
func (s *Server) describeAreas(paths map[string]any, lang string) {
	if s.areas == nil {
		return
	}
	patterns := make([]string, 0, len(s.areas.handlers)+len(s.areas.downloads))
	for pattern := range s.areas.handlers {
		patterns = append(patterns, pattern)
	}
	// Routes that read or write their own bytes (uploads, downloads).
	for pattern := range s.areas.downloads {
		patterns = append(patterns, pattern)
	}
	for _, pattern := range patterns {
		method, path, _ := strings.Cut(pattern, " ")
		summary := s.areas.summaries[pattern][1]
		if lang != "en" {
			summary = s.areas.summaries[pattern][0]
		}
		if ref := catalog.RefRouteOf(method, path); ref != nil {
			path = ref.Path
			if summary == "" {
				summary = ref.Summary
			}
		}
		if strings.Contains(path, "{entity}") {
			continue // one route for every type; the generic paths show them
		}
		path = uniqueParams(path)
		item, _ := paths["/api/v3"+path].(map[string]any)
		if item == nil {
			item = map[string]any{"parameters": pathParams(path)}
			paths["/api/v3"+path] = item
		}
		op := map[string]any{"responses": map[string]any{"200": map[string]any{"description": "OK"}}}
		if summary != "" {
			op["summary"] = summary
		}
		item[strings.ToLower(method)] = op
	}
}

// uniqueParams names each path parameter once, as OpenAPI requires: an
// area's "/task/{id}/tags/{id}" becomes "/task/{id}/tags/{id2}".
func uniqueParams(path string) string {
	parts := strings.Split(path, "/")
	seen := map[string]int{}
	for i, p := range parts {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			if seen[p]++; seen[p] > 1 {
				parts[i] = strings.TrimSuffix(p, "}") + strconv.Itoa(seen[p]) + "}"
			}
		}
	}
	return strings.Join(parts, "/")
}

// pathParams lists a path's {name} parameters for OpenAPI.
func pathParams(path string) []any {
	out := []any{}
	for _, seg := range strings.Split(path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			out = append(out, map[string]any{"name": strings.Trim(seg, "{}"), "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
	}
	return out
}
