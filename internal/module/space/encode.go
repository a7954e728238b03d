package space

import (
	"encoding/json"
	"time"
)

// ref is an element as the path of another names it.
func ref(e *Element) map[string]any {
	return map[string]any{"contentType": "Element", "id": sid(e.ID), "type": e.Type, "title": e.Title}
}

// json is the Element as the reader sees it: the reference's fields and
// Artel's own section, parent and, for a widget, its source.
func (t *tree) json(e *Element) map[string]any {
	path := []map[string]any{}
	for _, a := range t.path(e) {
		if t.level(a) > None {
			path = append(path, ref(a))
		}
	}
	out := ref(e)
	out["icon"], out["accessLevel"] = e.Icon, t.level(e).accessName()
	out["path"], out["pathCount"] = path, len(path)
	out["childrenCount"] = len(t.children(e))
	out["inFavorites"], out["inTrash"], out["isSystem"] = t.favorites[e.ID], e.Trashed != 0, false
	out["isPublic"], out["isPending"], out["isCustom"] = e.Section == SectionAll, false, false
	out["section"], out["parent"] = e.Section, nil
	if p := t.byID[e.Parent]; p != nil && t.level(p) > None {
		out["parent"] = ref(p)
	}
	out["lastVisited"] = nil
	if at, ok := t.visits[e.ID]; ok {
		out["lastVisited"] = map[string]any{"contentType": "DateTime", "value": time.Unix(at, 0).UTC().Format(time.RFC3339)}
	}
	if e.Type == TypeWidget {
		out["defaultLayoutType"] = e.LayoutType
		var src map[string]any
		_ = json.Unmarshal([]byte(e.Widget), &src)
		out["widget"] = src
	}
	return out
}

func (t *tree) list(es []*Element) []map[string]any {
	out := make([]map[string]any, len(es))
	for i, e := range es {
		out[i] = t.json(e)
	}
	return out
}

// idResponse is ElementIdResponse.
func idResponse(id int64) map[string]any {
	return map[string]any{"contentType": "ElementIdResponse", "id": sid(id)}
}
