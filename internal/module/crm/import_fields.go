package crm

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// ImportFields are what a column of an import file may fill (an
// ImportColumn's fieldName; "" leaves the column out). phone, email and
// site may be given to several columns, and a cell may hold several
// values separated by commas or semicolons.
var ImportFields = []string{"name", "lastName", "firstName", "middleName", "company", "position",
	"phone", "email", "site", "description", "responsible", "type"}

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
	"type":        {"type", "тип", "тип клиента"},
}

// guessMapping maps each heading to the field it usually names; a field
// other than phone, email and site is guessed for one column only.
func guessMapping(headers []string) []string {
	out := make([]string, len(headers))
	taken := map[string]bool{}
	for i, h := range headers {
		h = strings.ToLower(strings.TrimSpace(h))
		for _, f := range ImportFields {
			if taken[f] {
				continue
			}
			for _, want := range importHeadings[f] {
				if h == want {
					out[i] = f
					if f != "phone" && f != "email" && f != "site" {
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
	values   map[string]string // single-valued fields
	contacts []map[string]any  // phone, email, site entries
}

func readRow(cells []string, mapping []string) importRow {
	r := importRow{values: map[string]string{}}
	for i, f := range mapping {
		if f == "" || i >= len(cells) {
			continue
		}
		v := strings.TrimSpace(cells[i])
		if v == "" {
			continue
		}
		switch f {
		case "phone", "email", "site":
			for _, part := range strings.FieldsFunc(v, func(c rune) bool { return c == ',' || c == ';' || c == '\n' }) {
				if part = strings.TrimSpace(part); part != "" {
					typ := f
					if f == "site" {
						typ = "link" // ContactInfo's type for a site
					}
					r.contacts = append(r.contacts, map[string]any{"contentType": "ContactInfo", "type": typ, "value": part})
				}
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
	e     *entity.Engine
	sc    entity.Scope
	found map[string]value.Link
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
	for f, typName := range map[string]string{"responsible": "Employee", "type": "ContractorType"} {
		if v[f] == "" {
			continue
		}
		got, err := l.link(ctx, typName, v[f])
		if err != nil {
			return nil, nil, err
		}
		if got.ID == 0 {
			return nil, &rowError{Field: f, Code: CodeImportUnknown, Param: v[f]}, nil
		}
		if f == "responsible" {
			in["responsibles"], _ = json.Marshal([]any{value.EncodeLink(got)})
		} else {
			in["type"], _ = json.Marshal(value.EncodeLink(got))
		}
	}
	if len(r.contacts) > 0 {
		in["contactInfo"], _ = json.Marshal(r.contacts)
	}
	return in, nil, nil
}
