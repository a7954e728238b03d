package crm

import (
	"context"
	"slices"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/fulltext"
	"github.com/artel/artel/internal/value"
)

// maxDuplicates bounds a duplicates answer: a client with more look-alikes
// than this has a data problem no list will solve.
const maxDuplicates = 50

// Traits are what makes two clients the same one: a phone (in normal
// form), an e-mail (case aside) or the name (case aside).
type Traits struct {
	Name   string
	Phones []string
	Emails []string
}

// TraitsOf reads a client's traits from its name and contactInfo.
func TraitsOf(name string, contactInfo any) Traits {
	tr := Traits{Name: strings.ToLower(strings.TrimSpace(name))}
	for _, it := range contactsOf(contactInfo) {
		switch it.str("type") {
		case "phone", "whatsapp", "viber":
			if d := NormalPhone(it.str("value")); len(d) >= 5 {
				tr.Phones = append(tr.Phones, d)
			}
		case "email":
			if m := strings.ToLower(strings.TrimSpace(it.str("value"))); m != "" {
				tr.Emails = append(tr.Emails, m)
			}
		}
	}
	return tr
}

func (tr Traits) empty() bool { return tr.Name == "" && len(tr.Phones) == 0 && len(tr.Emails) == 0 }

// shares reports whether another client has one of the traits.
func (tr Traits) shares(other Traits) bool {
	if tr.Name != "" && tr.Name == other.Name {
		return true
	}
	for _, p := range other.Phones {
		if slices.Contains(tr.Phones, p) {
			return true
		}
	}
	for _, m := range other.Emails {
		if slices.Contains(tr.Emails, m) {
			return true
		}
	}
	return false
}

// Duplicates finds the clients of both types the caller sees that share a
// trait, leaving out the client itself (skip; nil for none). Candidates
// come from the full-text index, which holds the phones in normal form
// and the words of the e-mails; each is then checked exactly, so a longer
// number or another address with the same words is no match.
func Duplicates(ctx context.Context, e *entity.Engine, sc entity.Scope, tr Traits, skip *value.Link) ([]*entity.Record, error) {
	if tr.empty() {
		return nil, nil
	}
	var out []*entity.Record
	for _, typ := range Types {
		t := e.Cat.Type(typ)
		// Each trait is its own indexed lookup (the full-text index, the
		// name), joined by UNION: an OR of them would have the database
		// walk the whole table testing each row, which an import of many
		// rows pays once per row.
		var branches []string
		var args []any
		branch := func(cond string, arg any) {
			branches = append(branches, "SELECT "+t.Table+".id FROM "+t.Table+" WHERE "+t.Table+".account_id = ? AND "+cond)
			args = append(args, sc.Account, arg)
		}
		for _, p := range tr.Phones {
			cond, arg := e.DB.Dialect.TextMatch(t.Table, []string{p})
			branch(cond, arg)
		}
		for _, m := range tr.Emails {
			// By the words of the local part only: a domain's words
			// (example, com) are shared by a great many clients, and a
			// prefix term that common costs the index a read of all of
			// them. The candidates are checked exactly below.
			local, _, _ := strings.Cut(m, "@")
			if terms := fulltext.Query(local); len(terms) > 0 {
				cond, arg := e.DB.Dialect.TextMatch(t.Table, terms)
				branch(cond, arg)
			}
		}
		if tr.Name != "" {
			branch(e.DB.Dialect.Lower(t.Table+"."+t.Field("name").Column)+" = ?", tr.Name)
		}
		lq := entity.ListQuery{Limit: maxDuplicates, NoCount: true, Where: []entity.Condition{{SQL: t.Table + ".id IN (" + strings.Join(branches, " UNION ") + ")", Args: args}}}
		page, err := e.List(ctx, sc, typ, lq, value.Options{})
		if err != nil {
			return nil, err
		}
		for _, rec := range page.Records {
			if skip != nil && rec.Link() == *skip {
				continue
			}
			if tr.shares(TraitsOf(rec.String("name"), rec.Values["contactInfo"])) {
				out = append(out, rec)
			}
		}
	}
	return out, nil
}
