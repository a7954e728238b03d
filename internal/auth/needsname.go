package auth

import (
	"encoding/json"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// NeedsName reports whether a user must be asked for their name: the
// first and the last name both equal their e-mail, which is what a user
// created from an address alone (an invitation by e-mail, an import) gets.
// The e-mail is any e-mail of the contact info, or the login when that is
// an address.
func NeedsName(rec *entity.Record) bool {
	if rec == nil {
		return false
	}
	first := strings.ToLower(strings.TrimSpace(rec.String("firstName")))
	last := strings.ToLower(strings.TrimSpace(rec.String("lastName")))
	if first == "" || first != last {
		return false
	}
	for _, email := range emailsOf(rec) {
		if first == email {
			return true
		}
	}
	return false
}

// emailsOf collects a record's e-mail addresses, lower-cased: the contact
// info entries of type email (stored as JSON text), and the login fields.
func emailsOf(rec *entity.Record) []string {
	var out []string
	var items []struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	}
	if raw := rec.String("contactInfo"); raw != "" && json.Unmarshal([]byte(raw), &items) == nil {
		for _, it := range items {
			if strings.EqualFold(it.Type, "email") && it.Value != "" {
				out = append(out, strings.ToLower(strings.TrimSpace(it.Value)))
			}
		}
	}
	for _, f := range []string{"login", "loginEmail", "email"} {
		if v := rec.String(f); strings.Contains(v, "@") {
			out = append(out, strings.ToLower(strings.TrimSpace(v)))
		}
	}
	return out
}
