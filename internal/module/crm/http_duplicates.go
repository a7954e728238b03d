package crm

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/value"
)

// duplicatesOf serves GET …/{id}/possibleDuplicates: the clients sharing a
// phone, e-mail or name with this one.
func (a *HTTP) duplicatesOf(ctx context.Context, r *api.Request) api.Response {
	rec, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	self := rec.Link()
	return a.answerDuplicates(ctx, r, TraitsOf(rec.String("name"), rec.Values["contactInfo"]), &self)
}

// duplicatesFor serves GET …/possibleDuplicates?{"name", "contactInfo"}:
// the clients a new one with these would duplicate (checked before a
// create form is saved, or by a lead matching its client).
func (a *HTTP) duplicatesFor(ctx context.Context, r *api.Request) api.Response {
	var name string
	if raw, ok := r.TakeQuery("name"); ok && string(raw) != "null" && json.Unmarshal(raw, &name) != nil {
		return r.FieldFail("name", value.CodeType, "string")
	}
	var info string
	if raw, ok := r.TakeQuery("contactInfo"); ok && string(raw) != "null" {
		var list []map[string]any
		if json.Unmarshal(raw, &list) != nil {
			return r.FieldFail("contactInfo", value.CodeType, "ContactInfo[]")
		}
		info = string(raw)
	}
	return a.answerDuplicates(ctx, r, TraitsOf(name, info), nil)
}

func (a *HTTP) answerDuplicates(ctx context.Context, r *api.Request, tr Traits, skip *value.Link) api.Response {
	sel, err := r.Selection(false)
	if err != nil {
		return r.Fail(err)
	}
	recs, err := Duplicates(ctx, a.Engine, r.Scope(), tr, skip)
	if err != nil {
		return r.Fail(err)
	}
	data, err := a.encode(ctx, r, recs, sel)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(data)
}

// duplicateRoutes registers both duplicate calls on an endpoint.
func (a *HTTP) duplicateRoutes(rt *api.Routes, endpoint string) {
	rt.Handle("GET /"+endpoint+"/possibleDuplicates", a.duplicatesFor)
	rt.Handle("GET /"+endpoint+"/{id}/possibleDuplicates", a.duplicatesOf)
}
