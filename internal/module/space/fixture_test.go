package space_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// office is the tests' company: the administrator, Anna and Boris,
// employees with no special rights.
type office struct {
	h               *apitest.Harness
	anna, boris     string // ids
	annaTok, borTok string
}

func newOffice(t *testing.T, h *apitest.Harness) *office {
	o := &office{h: h}
	o.anna, o.annaTok = h.Person(t, "Анна", "anna", "anna long password")
	o.boris, o.borTok = h.Person(t, "Борис", "boris", "boris long password")
	return o
}

// call sends a request as tok ("" is the administrator).
func (o *office) call(method, path, tok string, body any) *apitest.Resp {
	return o.h.Do(method, "/api/v3/spaces/"+path, apitest.Req{Token: tok, Body: body})
}

// must is a call that has to succeed; it answers the data object.
func (o *office) must(t *testing.T, method, path, tok string, body any) map[string]any {
	t.Helper()
	r := o.call(method, path, tok, body)
	if r.Status != 200 {
		t.Fatalf("%s %s: %d %s", method, path, r.Status, r.Body)
	}
	return r.Obj()
}

// space adds an element: at the private root (parent "") or under parent.
func (o *office) add(t *testing.T, tok, parent, typ, title string) string {
	t.Helper()
	path := "section/private"
	if parent != "" {
		path = "element/" + parent + "/children"
	}
	return o.must(t, "POST", path, tok, map[string]any{"contentType": "Element", "type": typ, "title": title})["id"].(string)
}

// titles are the titles of a list's elements, in order.
func titles(list []map[string]any) []string {
	out := []string{}
	for _, e := range list {
		out = append(out, e["title"].(string))
	}
	return out
}

func el(id string) map[string]any { return map[string]any{"contentType": "Element", "id": id} }

func member(id, level string) map[string]any {
	return map[string]any{"contentType": "AccessSettingsItem", "member": apitest.Link("Employee", id), "accessLevel": level}
}
