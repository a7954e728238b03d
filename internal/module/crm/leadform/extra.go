package leadform

import (
	"context"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/crm"
)

// Besides the client's and deal's own fields (Targets), a form's element
// may fill an extra field: one of the client type's the form makes (the
// person's or the company's), and on a deal form one of the deal's, of
// every process or of the form's own. A name both have fills both.

// textKinds are the extra fields a visitor's text can fill: not money
// (a currency), links to other entities, files or durations.
var textKinds = map[string]bool{"StringField": true, "IntegerField": true, "BigIntField": true, "FloatField": true,
	"BoolField": true, "DateField": true, "DateTimeField": true, "EnumField": true}

// extras are the extra fields a form's posts fill, by name.
type extras struct {
	client, deal map[string]*entity.ExtraField
}

// extrasOf reads them for the form as it stands.
func extrasOf(ctx context.Context, e *entity.Engine, account int64, rec *entity.Record) (extras, error) {
	sc := entity.Scope{Account: account, System: true}
	var x extras
	str := func(k string) string { s, _ := rec.Values[k].(string); return s }
	byName := func(typ string, keep func(*entity.ExtraField) bool) (map[string]*entity.ExtraField, error) {
		list, err := e.ExtraFields(ctx, sc, typ)
		out := map[string]*entity.ExtraField{}
		for _, f := range list {
			if textKinds[f.Kind] && keep(f) {
				out[f.Name] = f
			}
		}
		return out, err
	}
	var err error
	switch str("clientType") {
	case "WITHOUT_CONTRACTOR":
	case "company":
		x.client, err = byName(crm.Company, func(*entity.ExtraField) bool { return true })
	default:
		x.client, err = byName(crm.Human, func(*entity.ExtraField) bool { return true })
	}
	if err != nil || str("type") != "deal" {
		return x, err
	}
	program := rec.Links["program"]
	x.deal, err = byName("Deal", func(f *entity.ExtraField) bool { return f.Owner == nil || *f.Owner == program })
	return x, err
}

// field is the extra field an element of that name fills, if any: the
// client's first (it gives the page its input).
func (x extras) field(name string) *entity.ExtraField {
	if f := x.client[name]; f != nil {
		return f
	}
	return x.deal[name]
}

// names are every extra field's name, for a refusal's allowed values.
func (x extras) names() []string {
	var out []string
	for _, m := range []map[string]*entity.ExtraField{x.client, x.deal} {
		for n := range m {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// fill puts a post's values for the fields into a new client's or deal's
// input, in each field's text form (crm.ExtraInput): a value the field
// cannot take is refused by the save, on the element's name.
func fill(in entity.Input, fields map[string]*entity.ExtraField, p post) {
	for name, f := range fields {
		if v := p.values[name]; v != "" {
			in[name] = crm.ExtraInput(f, v)
		}
	}
}

// inputType is the page's input for an extra field, when the element
// does not say: a date, a number, a choice, a tick, else text.
func inputType(f *entity.ExtraField) string {
	switch f.Kind {
	case "DateField":
		return "date"
	case "DateTimeField":
		return "datetime"
	case "IntegerField", "BigIntField", "FloatField":
		return "float"
	case "BoolField":
		return "checkbox"
	case "EnumField":
		if !f.Multiple {
			return "dropdown"
		}
	}
	return "text"
}
