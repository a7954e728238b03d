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
	if typ := clientTypeOf(str("clientType")); typ != "" {
		list, err := e.ExtraFields(ctx, sc, typ)
		if err != nil {
			return x, err
		}
		x.client = byName(list)
	}
	if str("type") == "deal" {
		list, err := e.ExtraFields(ctx, sc, "Deal")
		if err != nil {
			return x, err
		}
		program := rec.Links["program"]
		x.deal = byName(list.ForOwner(&program))
	}
	return x, nil
}

// clientTypeOf is the content type a form's clientType makes: a person
// unless a company, none without a client.
func clientTypeOf(clientType string) string {
	switch clientType {
	case "WITHOUT_CONTRACTOR":
		return ""
	case "company":
		return crm.Company
	}
	return crm.Human
}

// byName keeps the fields text can fill, by name.
func byName(list []*entity.ExtraField) map[string]*entity.ExtraField {
	out := map[string]*entity.ExtraField{}
	for _, f := range list {
		if textKinds[f.Kind] {
			out[f.Name] = f
		}
	}
	return out
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
