package crm

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// ImportFields are what a column of an import file may fill (an
// ImportColumn's fieldName; "" leaves the column out), besides the
// client type's extra fields, named as the API names them. The payer
// fields make the client's requisites (import_payer.go).
var ImportFields = append([]string{"name", "lastName", "firstName", "middleName", "company", "position",
	"phone", "email", "site", "address", "tags", "description", "responsible", "type", "status"}, append(payerFields, payerKind...)...)

// multiColumn fields may be given to several columns; a cell of any but
// address may hold several values separated by commas or semicolons (an
// address has commas of its own).
var multiColumn = map[string]bool{"phone": true, "email": true, "site": true, "address": true, "tags": true}

// importHeadings are the usual headings of each field, lower-cased, in
// Russian and English, so a file exported from Artel or Megaplan maps
// itself.
var importHeadings = map[string][]string{
	"name":        {"name", "имя", "название", "фио", "клиент", "наименование", "контрагент"},
	"lastName":    {"last name", "фамилия"},
	"firstName":   {"first name"},
	"middleName":  {"middle name", "отчество"},
	"company":     {"company", "компания", "организация"},
	"position":    {"position", "должность"},
	"phone":       {"phone", "телефон", "телефоны", "мобильный"},
	"email":       {"email", "e-mail", "почта", "эл. почта", "электронная почта"},
	"site":        {"site", "сайт", "website"},
	"description": {"description", "описание", "комментарий"},
	"responsible": {"responsible", "ответственный", "ответственные"},
	"type":        {"type", "тип", "тип клиента", "client type"},
	"status":      {"status", "статус", "статус клиента", "client status"},
	"address":     {"address", "адрес", "адрес клиента"},
	"tags":        {"tags", "tag", "метки", "метка", "теги"},
	"payerName":   {"payer", "плательщик", "наименование плательщика", "юридическое лицо"},
	"inn":         {"inn", "tin", "инн"},
	"kpp":         {"kpp", "кпп"},
	"ogrn":        {"ogrn", "огрн", "огрнип"},
	"bank":        {"bank", "банк"},
	"bik":         {"bik", "бик"},
	"correspondentAccount": {"correspondent account", "корр. счёт", "корр. счет", "корреспондентский счёт",
		"корреспондентский счет", "к/с"},
	"currentAccount": {"current account", "расчётный счёт", "расчетный счет", "расчётный счет", "р/с"},
	"legalAddress":   {"legal address", "юридический адрес", "юр. адрес"},
	"payerType":      {"payer type", "тип плательщика", "форма", "правовая форма"},
	"payerCountry":   {"country", "payer country", "страна", "страна плательщика"},
}

// guessMapping maps each heading to the field it usually names, or to
// the extra field captioned so; a field other than the multi-column ones
// is guessed for one column only.
func guessMapping(headers []string, extras []*entity.ExtraField) []string {
	out := make([]string, len(headers))
	taken := map[string]bool{}
	fields := ImportFields
	headings := importHeadings
	if len(extras) > 0 {
		headings = maps.Clone(importHeadings)
		for _, x := range extras {
			fields = append(slices.Clip(fields), x.Name)
			headings[x.Name] = []string{strings.ToLower(strings.TrimSpace(x.HrName)), strings.ToLower(x.Name)}
		}
	}
	for i, h := range headers {
		h = strings.ToLower(strings.TrimSpace(h))
		for _, f := range fields {
			if taken[f] {
				continue
			}
			for _, want := range headings[f] {
				if h == want {
					out[i] = f
					if !multiColumn[f] {
						taken[f] = true
					}
				}
			}
			if out[i] != "" {
				break
			}
		}
	}
	return out
}

// importRow is one file row read through the mapping.
type importRow struct {
	values   map[string]string // single-valued fields, extra fields among them
	contacts []map[string]any  // phone, email, site and address entries
	tags     []string
	payer    map[string]string // the requisites' fields, when a column gives any
}

func splitList(v string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(v, func(c rune) bool { return c == ',' || c == ';' || c == '\n' }) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

func readRow(cells []string, mapping []string) importRow {
	r := importRow{values: map[string]string{}, payer: map[string]string{}}
	for i, f := range mapping {
		if f == "" || i >= len(cells) {
			continue
		}
		v := strings.TrimSpace(cells[i])
		if v == "" {
			continue
		}
		switch {
		case f == "phone" || f == "email" || f == "site":
			for _, part := range splitList(v) {
				typ := f
				if f == "site" {
					typ = "link" // ContactInfo's type for a site
				}
				r.contacts = append(r.contacts, map[string]any{"contentType": "ContactInfo", "type": typ, "value": part})
			}
		case f == "address":
			r.contacts = append(r.contacts, map[string]any{"contentType": "Address", "value": v})
		case f == "tags":
			r.tags = append(r.tags, splitList(v)...)
		case slices.Contains(payerFields, f) || slices.Contains(payerKind, f):
			if r.payer[f] == "" {
				r.payer[f] = v
			}
		default:
			if r.values[f] == "" {
				r.values[f] = v
			}
		}
	}
	return r
}

// traits are what the row is matched to existing clients by: its phones
// and e-mails (never the name alone).
func (r importRow) traits() Traits {
	raw, _ := json.Marshal(r.contacts)
	tr := TraitsOf("", string(raw))
	tr.Name = ""
	return tr
}

// lookups finds, once per distinct text, the employees and client types
// a file's cells name; a job keeps one for all its rows.
type lookups struct {
	e      *entity.Engine
	sc     entity.Scope
	found  map[string]value.Link
	extras map[string]map[string]*entity.ExtraField // per client type, by name
}

// link finds an entity of typ by id or by name (case aside); a zero link
// when there is none the actor sees.
func (l *lookups) link(ctx context.Context, typ, text string) (value.Link, error) {
	key := typ + "\x00" + strings.ToLower(text)
	if got, ok := l.found[key]; ok {
		return got, nil
	}
	t := l.e.Cat.Type(typ)
	var cond entity.Condition
	if id, err := strconv.ParseInt(text, 10, 64); err == nil {
		cond = entity.Condition{SQL: t.Table + ".id = ?", Args: []any{id}}
	} else {
		cond = entity.Condition{SQL: l.e.DB.Dialect.Lower(t.Table+"."+t.Field("name").Column) + " = ?", Args: []any{strings.ToLower(text)}}
	}
	page, err := l.e.List(ctx, l.sc, typ, entity.ListQuery{Limit: 1, Where: []entity.Condition{cond}, Fields: []string{"id"}}, value.Options{})
	if err != nil {
		return value.Link{}, err
	}
	var got value.Link
	if len(page.Records) > 0 {
		got = page.Records[0].Link()
		l.found[key] = got
	}
	return got, nil
}

// company finds a company by name or makes it.
func (l *lookups) company(ctx context.Context, name string) (value.Link, error) {
	got, err := l.link(ctx, Company, name)
	if err != nil || got.ID != 0 {
		return got, err
	}
	rec, err := l.e.Create(ctx, l.sc, Company, entity.Input{"name": jsonText(name)})
	if err != nil {
		return value.Link{}, err
	}
	// A refused row's transaction takes the company back with it; the job
	// then forgets what it found (Imports.saveRow).
	l.found[Company+"\x00"+strings.ToLower(name)] = rec.Link()
	return rec.Link(), nil
}

func jsonText(s string) json.RawMessage { b, _ := json.Marshal(s); return b }

// rowError is why a row was not saved: a field of the row and an error
// type worded in the reader's language when the report is read.
type rowError struct {
	Field string `json:"field"`
	Code  string `json:"code"`
	Param string `json:"param,omitempty"`
}

// input is the row as a client's fields; a rowError when a cell names
// nothing that exists.
func (r importRow) input(ctx context.Context, l *lookups, typ string) (entity.Input, *rowError, error) {
	in := entity.Input{}
	v := r.values
	if typ == Company {
		if v["name"] != "" {
			in["name"] = jsonText(v["name"])
		}
	} else {
		last, first, middle := v["lastName"], v["firstName"], v["middleName"]
		if words := strings.Fields(v["name"]); len(words) > 0 && last+first+middle == "" {
			// "Фамилия Имя Отчество", as a person's name is shown.
			if len(words) == 1 {
				first = words[0]
			} else {
				last, first, middle = words[0], words[1], strings.Join(words[2:], " ")
			}
		}
		for f, s := range map[string]string{"lastName": last, "firstName": first, "middleName": middle, "position": v["position"]} {
			if s != "" {
				in[f] = jsonText(s)
			}
		}
		if v["company"] != "" {
			c, err := l.company(ctx, v["company"])
			if err != nil {
				return nil, nil, err
			}
			in["company"], _ = json.Marshal(value.EncodeLink(c))
		}
	}
	if v["description"] != "" {
		in["description"] = jsonText(v["description"])
	}
	if v["responsible"] != "" {
		got, err := l.link(ctx, "Employee", v["responsible"])
		if err != nil {
			return nil, nil, err
		}
		if got.ID == 0 {
			return nil, &rowError{Field: "responsible", Code: CodeImportUnknown, Param: v["responsible"]}, nil
		}
		in["responsibles"], _ = json.Marshal([]any{value.EncodeLink(got)})
	}
	for field, list := range map[string]string{"type": TypeList, "status": StatusList} {
		if v[field] == "" {
			continue
		}
		// Matched by name (case aside) or id; an unknown one refuses the
		// row rather than growing the administrators' list from a file.
		got, err := l.link(ctx, list, v[field])
		if err != nil {
			return nil, nil, err
		}
		if got.ID == 0 {
			return nil, &rowError{Field: field, Code: CodeImportUnknown, Param: v[field]}, nil
		}
		in[field], _ = json.Marshal(value.EncodeLink(got))
	}
	if len(r.contacts) > 0 {
		in["contactInfo"], _ = json.Marshal(r.contacts)
	}
	if err := r.more(ctx, l, typ, in); err != nil {
		return nil, nil, err
	}
	return in, nil, nil
}
