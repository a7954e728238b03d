package auth

import (
	"testing"

	"github.com/artel/artel/internal/entity"
)

func TestNeedsName(t *testing.T) {
	rec := func(first, last, login, contacts string) *entity.Record {
		v := map[string]any{"firstName": first, "lastName": last}
		if login != "" {
			v["login"] = login
		}
		if contacts != "" {
			v["contactInfo"] = contacts
		}
		return &entity.Record{Values: v}
	}
	mail := `[{"contentType":"ContactInfo","type":"email","value":"Ann@Example.com","isMain":true}]`
	for name, c := range map[string]struct {
		rec  *entity.Record
		want bool
	}{
		"both names are the contact e-mail": {rec("ann@example.com", "ANN@example.com", "", mail), true},
		"both names are the login":          {rec("ann@example.com", "ann@example.com", "ann@example.com", ""), true},
		"a real name":                       {rec("Анна", "Смирнова", "ann@example.com", mail), false},
		"only the first name is the e-mail": {rec("ann@example.com", "Смирнова", "", mail), false},
		"names equal but not an e-mail":     {rec("Ann", "Ann", "", mail), false},
		"no names":                          {rec("", "", "ann@example.com", mail), false},
		"names are another address":         {rec("bob@example.com", "bob@example.com", "ann@example.com", mail), false},
	} {
		if got := NeedsName(c.rec); got != c.want {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
	if NeedsName(nil) {
		t.Error("nil record needs a name")
	}
}
