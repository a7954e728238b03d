package crm

import (
	"encoding/json"
	"net/mail"
	"slices"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Error types of the contact rules, worded in messages.go.
const (
	CodeBadPhone = "invalid_phone"
	CodeBadEmail = "invalid_email"
)

// contactTypes are ContactInfo.type's values in the reference.
var contactTypes = []string{"email", "jabber", "icq", "skype", "link", "phone", "telegram",
	"whatsapp", "viber", "instagram", "max_messenger"}

// entry is one item of a client's contactInfo: a ContactInfo or an
// Address. Every other key is kept as the client sent it.
type entry map[string]any

func (e entry) kind() string {
	if ct, _ := e["contentType"].(string); ct == "Address" {
		return "Address"
	}
	return "ContactInfo"
}

func (e entry) str(key string) string { s, _ := e[key].(string); return s }

func (e entry) main() bool { b, _ := e["isMain"].(bool); return b }

// group is what "one main per type" counts within: each ContactInfo type,
// and addresses as one group.
func (e entry) group() string {
	if e.kind() == "Address" {
		return "Address"
	}
	return e.str("type")
}

// parseContacts reads a stored contactInfo value (a JSON array as text);
// ok is false when an item is not an object.
func parseContacts(v any) (list []entry, ok bool) {
	s, _ := v.(string)
	return list, json.Unmarshal([]byte(s), &list) == nil
}

// contactsOf reads a stored contactInfo, nothing when it is unreadable.
func contactsOf(v any) []entry {
	list, _ := parseContacts(v)
	return list
}

// checkContacts validates a written contactInfo and applies the main rule.
// It answers the value to store.
func checkContacts(v any, old any) (any, error) {
	list, ok := parseContacts(v)
	if !ok {
		// The engine let any array through; a list of anything but
		// entries would otherwise be stored as nothing.
		return nil, &entity.Invalid{Errors: []entity.FieldError{{Field: "contactInfo", Code: value.CodeType,
			Value: &value.Error{Code: value.CodeType, Expected: "(Address|ContactInfo)[]"}}}}
	}
	bad := &entity.Invalid{}
	for _, it := range list {
		if it == nil {
			bad.Add("contactInfo", entity.CodeRequired, "")
			continue
		}
		if it.kind() == "Address" {
			continue
		}
		it["contentType"] = "ContactInfo"
		val := strings.TrimSpace(it.str("value"))
		it["value"] = val
		switch typ := it.str("type"); {
		case val == "":
			bad.Add("contactInfo", entity.CodeRequired, "")
		case !slices.Contains(contactTypes, typ):
			bad.Add("contactInfo", "invalid_enum", strings.Join(contactTypes, ", "))
		case typ == "phone" && len(digits(val)) < 5:
			bad.Add("contactInfo", CodeBadPhone, val)
		case typ == "email" && !isEmail(val):
			bad.Add("contactInfo", CodeBadEmail, val)
		}
	}
	if len(bad.Errors) > 0 {
		return nil, bad
	}
	oneMainPerGroup(list, contactsOf(old))
	b, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

func isEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndex(s, "@")+1:], ".")
}

// oneMainPerGroup leaves exactly one main entry of each type: the one the
// write newly made main (so setting another main unsets the previous);
// otherwise the first marked main; otherwise the first of the type.
func oneMainPerGroup(list, before []entry) {
	wasMain := map[string]bool{}
	for _, it := range before {
		if it.main() {
			wasMain[it.group()+"\x00"+it.str("value")] = true
		}
	}
	chosen := map[string]int{}
	for i, it := range list {
		g := it.group()
		j, seen := chosen[g]
		switch {
		case !seen:
			chosen[g] = i
		case it.main() && (!list[j].main() || wasMain[g+"\x00"+list[j].str("value")] && !wasMain[g+"\x00"+it.str("value")]):
			chosen[g] = i
		}
	}
	for i, it := range list {
		it["isMain"] = chosen[it.group()] == i
	}
}

// phoneWords are a client's phones (WhatsApp and Viber numbers too) as
// whole words for the search text, which matches terms at word starts: a
// Russian number both with its country code and without, so "8 912 345"
// (7912345…) and "912 345" (912345…) both start one of them. E-mails and
// the numbers as typed are in the text already (the catalogue searches
// contact info).
func phoneWords(v any) []string {
	var out []string
	for _, it := range contactsOf(v) {
		switch it.str("type") {
		case "phone", "whatsapp", "viber":
			d := NormalPhone(it.str("value"))
			if d == "" {
				continue
			}
			out = append(out, d)
			if len(d) == 11 && d[0] == '7' {
				out = append(out, d[1:])
			}
		}
	}
	return out
}
