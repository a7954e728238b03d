package crm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// payerFields are the import columns making a client's requisites: a
// Payer of the client with these fields (payerName is the payer's name).
var payerFields = []string{"payerName", "inn", "kpp", "ogrn", "bank", "bik", "correspondentAccount",
	"currentAccount", "legalAddress"}

// payerKind are the columns saying what kind of payer the requisites are:
// its type (Legal or Natural, also as Russian words) and its country (by
// name; a payer abroad has requisites of its own, so their digits are not
// checked). Without them a company's payer is Legal and a person's
// Natural, and the country is the default one, Russia.
var payerKind = []string{"payerType", "payerCountry"}

// payerTypes read a payer type cell, case aside.
var payerTypes = map[string]string{"legal": "Legal", "юридическое лицо": "Legal", "юрлицо": "Legal", "юл": "Legal",
	"организация": "Legal", "natural": "Natural", "физическое лицо": "Natural", "физлицо": "Natural", "фл": "Natural",
	"частное лицо": "Natural"}

// countryOf reads a country cell: a country of the list (country.go)
// by its name, code or id; empty is the default, Russia.
func countryOf(cell string) (Country, bool) {
	if cell == "" {
		return CountryByID(russiaID)
	}
	if c, ok := CountryByName(cell); ok {
		return c, true
	}
	return CountryByID(cell)
}

// CodeBadRequisite is a requisite of an imported row with the wrong
// number of digits.
const CodeBadRequisite = "invalid_requisite"

// requisiteDigits are how many digits a Russian requisite has: an INN 10
// (a company) or 12 (a person), an OGRN 13 or an OGRNIP 15. Imported
// payers are Russian (the default country), so a cell of another length
// is a typing error and refuses the row.
var requisiteDigits = map[string][]int{"inn": {10, 12}, "kpp": {9}, "ogrn": {13, 15}, "bik": {9},
	"correspondentAccount": {20}, "currentAccount": {20}}

// checkRequisites answers the first requisite of the row that is not the
// digits it must be (a payer of another country than the default has its
// own numbers), or a payer type that is neither.
func (r importRow) checkRequisites() *rowError {
	if v := r.payer["payerType"]; v != "" && payerTypes[strings.ToLower(v)] == "" {
		return &rowError{Field: "payerType", Code: value.CodeEnum, Param: v}
	}
	country, ok := countryOf(r.payer["payerCountry"])
	if !ok {
		return &rowError{Field: "payerCountry", Code: CodeImportUnknown, Param: r.payer["payerCountry"]}
	}
	if country.ID != russiaID {
		return nil
	}
	for _, f := range payerFields {
		lens, ok := requisiteDigits[f]
		v := r.payer[f]
		if !ok || v == "" {
			continue
		}
		good := false
		for _, n := range lens {
			good = good || len(v) == n && len(digits(v)) == n
		}
		if !good {
			return &rowError{Field: f, Code: CodeBadRequisite, Param: v}
		}
	}
	return nil
}

// savePayer gives the client the row's requisites: a new payer, of the
// row's type and country (payerKind), named by payerName or the client's
// name; when the client already has a payer with the row's INN (an update
// of a duplicate), that payer is left as it is.
func (r importRow) savePayer(ctx context.Context, l *lookups, client *entity.Record) error {
	e, sc := l.e, l.sc
	if len(r.payer) == 0 {
		return nil
	}
	if inn := r.payer["inn"]; inn != "" {
		t := e.Cat.Type("Payer")
		cond := entity.Condition{SQL: t.Table + "." + t.Field("inn").Column + " = ?", Args: []any{inn}}
		page, err := e.List(ctx, sc, "Payer", entity.ListQuery{Limit: 1, Fields: []string{"id"},
			Where: []entity.Condition{linkIs(e, "Payer", "contractor", client), cond}}, value.Options{})
		if err != nil {
			return fmt.Errorf("crm: import payer: %w", err)
		}
		if len(page.Records) > 0 {
			return nil
		}
	}
	country, _ := countryOf(r.payer["payerCountry"]) // checked by checkRequisites
	in := entity.Input{"type": jsonText("Natural")}
	in["country"], _ = json.Marshal(map[string]any{"contentType": "Country", "id": country.ID})
	if client.Type.Name == Company {
		in["type"] = jsonText("Legal")
	}
	if v := r.payer["payerType"]; v != "" {
		in["type"] = jsonText(payerTypes[strings.ToLower(v)])
	}
	name := r.payer["payerName"]
	if name == "" {
		name, _ = client.Values["name"].(string)
	}
	in["name"] = jsonText(name)
	for _, f := range payerFields[1:] {
		if v := r.payer[f]; v != "" {
			in[f] = jsonText(v)
		}
	}
	in["contractor"], _ = json.Marshal(value.EncodeLink(client.Link()))
	_, err := e.Create(ctx, sc, "Payer", in)
	return err
}
