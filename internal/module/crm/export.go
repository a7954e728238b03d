package crm

import (
	"bytes"
	"context"
	"encoding/csv"
	"slices"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// exportColumns are the columns an export may hold, in their order, with
// their headings {ru, en}.
var exportColumns = []struct {
	Field    string
	Ru, En   string
	valueFor func(rec *entity.Record, lang string) string
}{
	{"id", "Номер", "Id", func(r *entity.Record, _ string) string { return strconv.FormatInt(r.ID, 10) }},
	{"contentType", "Тип", "Kind", func(r *entity.Record, lang string) string {
		switch {
		case r.Type.Name == Company && lang == "en":
			return "Company"
		case r.Type.Name == Company:
			return "Компания"
		case lang == "en":
			return "Person"
		}
		return "Человек"
	}},
	{"name", "Название", "Name", func(r *entity.Record, _ string) string { return r.String("name") }},
	{"phone", "Телефоны", "Phones", func(r *entity.Record, _ string) string { return contactValues(r, "phone") }},
	{"email", "E-mail", "E-mails", func(r *entity.Record, _ string) string { return contactValues(r, "email") }},
	{"position", "Должность", "Position", func(r *entity.Record, _ string) string { return r.String("position") }},
	{"description", "Описание", "Description", func(r *entity.Record, _ string) string { return r.String("description") }},
}

func contactValues(r *entity.Record, typ string) string {
	var out []string
	for _, it := range contactsOf(r.Values["contactInfo"]) {
		if it.str("type") == typ {
			out = append(out, it.str("value"))
		}
	}
	return strings.Join(out, "; ")
}

// Formats an export is written in: CSV (the reference's) or, as
// Artel's own, XLSX.
const (
	FormatCSV  = "csv"
	FormatXLSX = "xlsx"
)

// Export writes the clients a list query finds (both types, the list's
// order) as CSV (UTF-8 with a byte-order mark, so spreadsheet programs
// read Cyrillic right) or XLSX (one sheet, headings in bold). fields
// picks columns (nil: all); an unknown one is refused.
func Export(ctx context.Context, e *entity.Engine, sc entity.Scope, lq entity.ListQuery, fields []string, lang, format string) ([]byte, error) {
	cols := exportColumns[:0:0]
	for _, c := range exportColumns {
		if fields == nil || slices.Contains(fields, c.Field) {
			cols = append(cols, c)
		}
	}
	for _, f := range fields {
		found := false
		for _, c := range exportColumns {
			found = found || c.Field == f
		}
		if !found {
			return nil, entity.Invalidf("fields", entity.CodeBadParam, f)
		}
	}
	head := make([]string, len(cols))
	for i, c := range cols {
		head[i] = c.Ru
		if lang == "en" {
			head[i] = c.En
		}
	}
	var w rowWriter
	if format == FormatXLSX {
		x, err := newXLSX(head)
		if err != nil {
			return nil, err
		}
		w = x
	} else {
		w = newCSV(head)
	}
	lq.Limit, lq.Fields = entity.MaxLimit, nil
	var after *value.Link
	for {
		page, err := ListBoth(ctx, e, sc, lq, after, value.Options{})
		if err != nil {
			return nil, err
		}
		for _, rec := range page.Records {
			row := make([]string, len(cols))
			for i, c := range cols {
				row[i] = c.valueFor(rec, lang)
			}
			if err := w.write(row); err != nil {
				return nil, err
			}
		}
		if !page.HasMoreNext || len(page.Records) == 0 {
			break
		}
		last := page.Records[len(page.Records)-1].Link()
		after = &last
	}
	return w.bytes()
}

// rowWriter is an export's file as its rows are written.
type rowWriter interface {
	write(row []string) error
	bytes() ([]byte, error)
}

type csvRows struct {
	buf bytes.Buffer
	w   *csv.Writer
}

func newCSV(head []string) *csvRows {
	c := &csvRows{}
	c.buf.WriteString("\ufeff")
	c.w = csv.NewWriter(&c.buf)
	_ = c.w.Write(head)
	return c
}

func (c *csvRows) write(row []string) error { return c.w.Write(row) }

func (c *csvRows) bytes() ([]byte, error) {
	c.w.Flush()
	return c.buf.Bytes(), c.w.Error()
}
