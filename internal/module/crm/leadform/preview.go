package leadform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// errPreview rolls a preview's transaction back: nothing it made is kept.
var errPreview = errors.New("leadform: preview")

// preview serves POST /customLeadForm/preview: a form not saved (the
// body: a CustomLeadForm, its fields in elements) as its page would show
// it (render's answer, with no id). The form and its fields go through
// the same rules and rights as a save, in a transaction then rolled
// back, so a form the rules refuse is the same 422 and nothing is kept.
func (a *HTTP) preview(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	var items []json.RawMessage
	if raw, ok := in["elements"]; ok && string(raw) != "null" && json.Unmarshal(raw, &items) != nil {
		return r.FieldFail("elements", value.CodeType, "CustomLeadFormElement[]")
	}
	delete(in, "elements")
	e := a.Forms.Engine
	var f form
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := e.Create(ctx, r.Scope(), "CustomLeadForm", in)
		if err != nil {
			return err
		}
		f = form{rec: rec}
		for i, item := range items {
			el := entity.Input{}
			if json.Unmarshal(item, &el) != nil {
				return entity.Invalidf(fmt.Sprintf("elements[%d]", i), value.CodeType, "CustomLeadFormElement")
			}
			el["leadForm"] = raw(value.EncodeLink(rec.Link()))
			stored, err := e.Create(ctx, r.Scope(), "CustomLeadFormElement", el)
			if err != nil {
				return within(err, fmt.Sprintf("elements[%d].", i))
			}
			f.elems = append(f.elems, elementOf(stored))
		}
		f.sortElems()
		return errPreview
	})
	if !errors.Is(err, errPreview) {
		return r.Fail(err)
	}
	// Described after the rollback: a captcha it issues is kept, so its
	// picture shows.
	out, err := a.Forms.describeForm(ctx, r.Scope().Account, f)
	if err != nil {
		return r.Fail(err)
	}
	out["id"] = nil
	return api.OK(out)
}

// within names a field's errors as a part of the body (elements[0].name).
func within(err error, prefix string) error {
	var bad *entity.Invalid
	if !errors.As(err, &bad) {
		return err
	}
	for i := range bad.Errors {
		bad.Errors[i].Field = prefix + bad.Errors[i].Field
	}
	return bad
}
