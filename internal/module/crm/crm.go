// Package crm owns the clients' rules: people (ContractorHuman) and
// companies (ContractorCompany), their contact info, phone matching,
// dropping and deleting, and the union of both at /contractor.
// See docs/crm.md.
package crm

import (
	"context"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
)

// Human and Company are the two client types.
const (
	Human   = "ContractorHuman"
	Company = "ContractorCompany"
)

// Types are both client types, people first.
var Types = []string{Human, Company}

// Register puts the clients' rules on the engine and their actions on the
// rights policy.
func Register(e *entity.Engine, p *rights.Policy) {
	for _, typ := range Types {
		e.Hook(typ, entity.Hooks{BeforeSave: beforeSave(e), BeforeDelete: beforeDelete(e)})
		e.SearchWith(typ, entity.Searcher{
			Words: func(valueOf func(string) any) []string { return phoneWords(valueOf("contactInfo")) },
			Query: query,
		})
	}
	e.Hook("Payer", entity.Hooks{BeforeSave: payerCountry, BeforeDelete: refusePayerInvoiced(e)})
	registerFilters(e)
	registerLists(e)
	e.Hook("CrmFilter", entity.Hooks{BeforeSave: checkSavedFilter(e)})
	registerActions(e, p)
	registerCounts(e)
	registerUpkeep(e)
	registerOverdue(e)
}

// query reads a phone written any way as its normal digits; other queries
// (nil) are the full-text search's, as everywhere.
func query(q string) []string {
	if d := phoneQuery(q); d != "" {
		return []string{d}
	}
	return nil
}

func beforeSave(e *entity.Engine) func(ctx context.Context, c *entity.Change) error {
	return func(ctx context.Context, c *entity.Change) error {
		if c.Upkeep {
			return nil // only the fields upkeep.go keeps
		}
		if c.New {
			// A new client has had no contacts or tasks yet (upkeep.go).
			for _, f := range []string{"countScheduledCommunications", "countCommunications", "issuesCount", "activeIssuesCount", "inactiveIssuesCount"} {
				c.Values[f] = int64(0)
			}
		}
		if err := checkClient(c); err != nil {
			return err
		}
		return checkRequired(ctx, e, c)
	}
}

// checkClient applies the contact and person rules to a write.
func checkClient(c *entity.Change) error {
	if v, given := c.Values["contactInfo"]; given && v != nil {
		var old any
		if c.Old != nil {
			old = c.Old.Values["contactInfo"]
		}
		checked, err := checkContacts(v, old)
		if err != nil {
			return err
		}
		c.Values["contactInfo"] = checked
	}
	if c.Type.Name == Human {
		return checkHuman(c)
	}
	return nil
}

// checkHuman: a person needs a name of some kind, is not their own
// company, and is listed under the name "Last First Middle" unless the
// client names them otherwise.
func checkHuman(c *entity.Change) error {
	if l := c.Links["company"]; l != nil && !c.New && *l == (c.Old.Link()) {
		return entity.Invalidf("company", CodeSelfCompany, "")
	}
	after := func(f string) string {
		if v, given := c.Values[f]; given {
			s, _ := v.(string)
			return strings.TrimSpace(s)
		}
		if c.Old != nil {
			return strings.TrimSpace(c.Old.String(f))
		}
		return ""
	}
	var parts []string
	for _, f := range []string{"lastName", "firstName", "middleName"} {
		if s := after(f); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 && after("name") == "" {
		return entity.Invalidf("firstName", entity.CodeRequired, "")
	}
	if err := checkGuest(c, after); err != nil {
		return err
	}
	_, named := c.Values["name"]
	if len(parts) > 0 && !named {
		c.Values["name"] = strings.Join(parts, " ")
	}
	return nil
}

// beforeDelete keeps an invoiced client, and takes an unused client's
// payers with it.
func beforeDelete(e *entity.Engine) func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	refuse := refuseInvoiced(e)
	return func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
		if err := refuse(ctx, sc, rec); err != nil {
			return err
		}
		return dropPayers(ctx, e, sc, rec)
	}
}
