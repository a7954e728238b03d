package leadform

import (
	"encoding/json"
	"net/mail"
	"strings"
	"unicode/utf8"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/crm"
	"github.com/artel/artel/internal/value"
)

// A post is what a sender filled in: a value per element of the form
// (by the element's name), the UTM parameters and the page's referrer,
// and the captcha they answered.

// Error types of a post.
const (
	CodeCaptcha = "leadFormCaptcha" // the captcha was not answered right
	CodeTooMany = "leadFormTooMany" // too many posts from one address
)

const maxValue = 2000 // characters of one value

// utmKeys are the UTM parameters a post keeps.
var utmKeys = []string{"utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"}

type post struct {
	values    map[string]string
	utm       map[string]string
	referrer  string
	captchaID string
}

// element is one field of a form as a post fills it.
type element struct {
	name, caption, typ, placeholder string
	required                        bool
	sort                            int64
}

// parsePost reads a post against the form's elements: every value text
// of at most 2,000 characters, the required ones given, a phone with
// digits enough, an e-mail an address; a client form needs something to
// know the client by. Anything else in the body is left aside.
func parsePost(in entity.Input, elems []element, needClient bool) (post, error) {
	p := post{values: map[string]string{}, utm: map[string]string{}}
	bad := &entity.Invalid{}
	text := func(name string) (string, bool) {
		raw, given := in[name]
		if !given || string(raw) == "null" {
			return "", true
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			bad.Errors = append(bad.Errors, entity.FieldError{Field: name, Code: value.CodeType, Value: &value.Error{Code: value.CodeType, Expected: "string"}})
			return "", false
		}
		s = strings.TrimSpace(s)
		if utf8.RuneCountInString(s) > maxValue || !utf8.ValidString(s) {
			bad.Add(name, value.CodeRange, "")
			return "", false
		}
		return s, true
	}
	for _, el := range elems {
		if el.typ == "button" {
			continue
		}
		v, ok := text(el.name)
		if !ok {
			continue
		}
		switch {
		case v == "" && el.required:
			bad.Add(el.name, entity.CodeRequired, "")
		case v != "" && el.name == "phone" && len(crm.NormalPhone(v)) < 5:
			bad.Add(el.name, value.CodeFormat, "")
		case v != "" && el.name == "email" && !isEmail(v):
			bad.Add(el.name, value.CodeFormat, "")
		}
		if v != "" {
			p.values[el.name] = v
		}
	}
	for _, k := range utmKeys {
		if v, ok := text(k); ok && v != "" {
			p.utm[k] = v
		}
	}
	p.referrer, _ = text("referrer")
	p.captchaID, _ = text("captchaId")
	if needClient && len(bad.Errors) == 0 && !p.knowsClient() {
		bad.Add(firstOf(elems), entity.CodeRequired, "")
	}
	if len(bad.Errors) > 0 {
		return p, bad
	}
	return p, nil
}

// knowsClient tells whether the post says who the client is.
func (p post) knowsClient() bool {
	for _, k := range []string{"name", "firstName", "lastName", "companyName", "phone", "email"} {
		if p.values[k] != "" {
			return true
		}
	}
	return false
}

func firstOf(elems []element) string {
	for _, el := range elems {
		if el.typ != "button" {
			return el.name
		}
	}
	return "name"
}

func isEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndex(s, "@"):], ".")
}

// traits are what a post's client is matched by: the phone and the
// e-mail, never the name alone (two Ivans are not one client).
func (p post) traits() crm.Traits {
	var tr crm.Traits
	if d := crm.NormalPhone(p.values["phone"]); len(d) >= 5 {
		tr.Phones = []string{d}
	}
	if m := strings.ToLower(p.values["email"]); m != "" {
		tr.Emails = []string{m}
	}
	return tr
}
