package deal_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// fieldNames lists the names of an extra field listing.
func fieldNames(t *testing.T, h *apitest.Harness, path string) map[string]map[string]any {
	t.Helper()
	r := h.Do("GET", path, apitest.Req{})
	if r.Status != 200 {
		t.Fatalf("%s: %d %s", path, r.Status, r.Body)
	}
	out := map[string]map[string]any{}
	for _, x := range r.List() {
		out[x["name"].(string)] = x
	}
	return out
}

func wantError(t *testing.T, r *apitest.Resp, status int, field, typ string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("want %d, got %d %s", status, r.Status, r.Body)
	}
	for _, e := range r.Errors() {
		if e["field"] == field && e["type"] == typ {
			return
		}
	}
	t.Fatalf("want error %s on %s: %s", typ, field, r.Body)
}

func TestDealFieldsPerProgram(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		prog, other := apitest.Link("Program", p.program), apitest.Link("Program", p.other)
		own := extraField(t, h, map[string]any{"contentType": "StringField", "hrName": "Бюджет", "owner": prog})
		foreign := extraField(t, h, map[string]any{"contentType": "StringField", "hrName": "Склад", "owner": other})
		common := extraField(t, h, map[string]any{"contentType": "StringField", "hrName": "Источник"})

		all := fieldNames(t, h, "/api/v3/deal/extraFields")
		if len(all) != 3 || idOf(all[own]["owner"]) != p.program || idOf(all[foreign]["owner"]) != p.other {
			t.Fatalf("all fields with owners: %v", all)
		}
		if o, has := all[common]["owner"]; !has || o != nil {
			t.Fatalf("an unowned field answers owner null: %v", all[common])
		}
		for _, path := range []string{"/api/v3/deal/extraFields?program=" + p.program, "/api/v3/program/" + p.program + "/fields"} {
			got := fieldNames(t, h, path)
			if len(got) != 2 || got[own] == nil || got[common] == nil {
				t.Fatalf("%s: the program's and the unowned: %v", path, got)
			}
		}
		wantError(t, h.Do("GET", "/api/v3/deal/extraFields?program=abc", apitest.Req{}), 422, "program", "invalid_param")
		if r := h.Do("GET", "/api/v3/program/999999/fields", apitest.Req{}); r.Status != 404 {
			t.Fatalf("a missing program's fields: %d %s", r.Status, r.Body)
		}

		// A deal has its program's fields and the unowned ones only.
		id := p.deal(t, map[string]any{own: "100", common: "сайт"})
		d := p.get(t, id)
		if d[own] != "100" || d[common] != "сайт" {
			t.Fatalf("deal values: %v", d)
		}
		if _, shown := d[foreign]; shown {
			t.Fatalf("another program's field shown on the deal: %v", d)
		}
		r := h.Do("POST", "/api/v3/deal/"+id, apitest.Req{Body: map[string]any{"name": "Другое", foreign: "x"}})
		wantError(t, r, 422, foreign, "extra_not_owned")
		if d := p.get(t, id); d["name"] != "Сделка" {
			t.Fatalf("nothing written on a refused field: %v", d)
		}
		before := len(h.Do("GET", "/api/v3/deal", apitest.Req{}).List())
		r = h.Do("POST", "/api/v3/deal", apitest.Req{Body: map[string]any{"name": "Новая", "program": prog, foreign: "x"}})
		wantError(t, r, 422, foreign, "extra_not_owned")
		if after := len(h.Do("GET", "/api/v3/deal", apitest.Req{}).List()); after != before {
			t.Fatalf("a refused deal was created: %d -> %d", before, after)
		}

		// In a list each deal shows its own program's fields.
		od := p.make(t, "deal", map[string]any{"name": "Закупка", "program": other, foreign: "склад 1"})
		for _, x := range h.Do("GET", "/api/v3/deal", apitest.Req{}).List() {
			_, hasOwn := x[own]
			_, hasForeign := x[foreign]
			if x["id"] == od && (hasOwn || x[foreign] != "склад 1") || x["id"] == id && hasForeign {
				t.Fatalf("list shows another program's field: %v", x)
			}
		}
	})
}

func TestDealFieldRequiredPerProgram(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		prog, other := apitest.Link("Program", p.program), apitest.Link("Program", p.other)
		must := extraField(t, h, map[string]any{"contentType": "IntegerField", "hrName": "Площадь", "isRequired": true, "owner": prog})
		r := h.Do("POST", "/api/v3/deal", apitest.Req{Body: map[string]any{"name": "Без площади", "program": prog}})
		wantError(t, r, 422, must, "required")
		if r := h.Do("POST", "/api/v3/deal", apitest.Req{Body: map[string]any{"name": "Закупка", "program": other}}); r.Status != 200 {
			t.Fatalf("another program's deal needs no such field: %s", r.Body)
		}
		id := p.deal(t, map[string]any{must: 40})
		wantError(t, h.Do("POST", "/api/v3/deal/"+id, apitest.Req{Body: map[string]any{must: nil}}), 422, must, "required")
	})
}

func TestDealFieldOwnerRefused(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		p := newProcess(t, h)
		bad := []struct {
			path  string
			owner any
			typ   string
		}{
			{"/api/v3/deal/extraFields", apitest.Link("Program", "999999"), "link_not_found"},
			{"/api/v3/deal/extraFields", apitest.Link("Employee", p.olga), "invalid_enum"},
			{"/api/v3/task/extraFields", apitest.Link("Program", p.program), "invalid_enum"},
			{"/api/v3/deal/extraFields", "x", "invalid_type"},
		}
		for _, b := range bad {
			r := h.Do("POST", b.path, apitest.Req{Body: map[string]any{"contentType": "StringField", "hrName": "Поле", "owner": b.owner}})
			wantError(t, r, 422, "owner", b.typ)
		}
		for _, path := range []string{"/api/v3/deal/extraFields", "/api/v3/task/extraFields"} {
			if n := len(fieldNames(t, h, path)); n != 0 {
				t.Fatalf("%s: a refused field was written (%d)", path, n)
			}
		}
		// The owner is set on create: a change keeps it.
		name := extraField(t, h, map[string]any{"contentType": "StringField", "hrName": "Бюджет", "owner": apitest.Link("Program", p.program)})
		id := fieldNames(t, h, "/api/v3/deal/extraFields")[name]["id"].(string)
		r := h.Do("POST", "/api/v3/deal/extraFields/"+id, apitest.Req{Body: map[string]any{"contentType": "StringField", "hrName": "Бюджет, руб."}})
		if r.Status != 200 || r.Obj()["hrName"] != "Бюджет, руб." || idOf(r.Obj()["owner"]) != p.program {
			t.Fatalf("rename keeps the owner: %s", r.Body)
		}
	})
}
