package demo

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/artel/artel/internal/value"
)

// The API's value objects, built the way a client would send them.

func ref(l value.Link) obj {
	return obj{"contentType": l.Type, "id": strconv.FormatInt(l.ID, 10)}
}

func refs(ls ...value.Link) []obj {
	out := make([]obj, len(ls))
	for i, l := range ls {
		out[i] = ref(l)
	}
	return out
}

// dateOnly counts months from 0, as the API does.
func dateOnly(t time.Time) obj {
	return obj{"contentType": "DateOnly", "year": t.Year(), "month": int(t.Month()) - 1, "day": t.Day()}
}

func dateTime(t time.Time) obj {
	return obj{"contentType": "DateTime", "value": t.Format(time.RFC3339)}
}

func money(rub int64) obj {
	return obj{"contentType": "Money", "value": rub, "currency": "RUB"}
}

func duration(d time.Duration) obj {
	return obj{"contentType": "DateInterval", "value": int64(d / time.Second)}
}

// contact is one ContactInfo entry: kind is "phone" or "email".
func contact(kind, val string, main bool, comment string) obj {
	return obj{"contentType": "ContactInfo", "type": kind, "value": val, "isMain": main, "comment": comment}
}

// address is an Address entry of contactInfo, which the reference types as
// (Address|ContactInfo)[]. The catalogue has no Address type to check
// against, so it mirrors ContactInfo's shape with the whole address as text.
func address(val, comment string) obj {
	return obj{"contentType": "Address", "type": "address", "value": val, "isMain": false, "comment": comment}
}

// sentence ends s with a full stop unless it has one, as after initials.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

// Random helpers over the filler's seeded generator.

func (f *filler) intn(n int) int { return f.rng.IntN(n) }

// between is a whole number in [lo, hi].
func (f *filler) between(lo, hi int) int { return lo + f.rng.IntN(hi-lo+1) }

func (f *filler) chance(p float64) bool { return f.rng.Float64() < p }

func pick[T any](f *filler, list []T) T { return list[f.rng.IntN(len(list))] }

// some picks up to n distinct items, never those in skip.
func some(f *filler, list []value.Link, n int, skip ...value.Link) []value.Link {
	var out []value.Link
	for _, i := range f.rng.Perm(len(list)) {
		if len(out) == n {
			break
		}
		if !containsLink(skip, list[i]) && !containsLink(out, list[i]) {
			out = append(out, list[i])
		}
	}
	return out
}

func containsLink(ls []value.Link, l value.Link) bool {
	for _, x := range ls {
		if x == l {
			return true
		}
	}
	return false
}

// day is the base date moved by n days.
func (f *filler) day(n int) time.Time { return f.base.AddDate(0, 0, n) }

// at is the base date moved by n days, at a working hour.
func (f *filler) at(n, hour int) time.Time { return f.day(n).Add(time.Duration(hour) * time.Hour) }

// birthday is a date of birth for someone of an age in [lo, hi].
func (f *filler) birthday(lo, hi int) time.Time {
	return f.base.AddDate(-f.between(lo, hi), 0, -f.intn(365))
}

// mobile is a Russian mobile number.
func (f *filler) mobile() string {
	return phoneIn(fmt.Sprintf("9%02d", f.intn(100)), f.intn(1000), f.intn(100), f.intn(100))
}

// phoneIn writes a number the ways people type them, so search by phone
// has something to normalise; the format follows from the digits, not a
// further draw, which would change every later pick of the demo.
func phoneIn(code string, a, b, c int) string {
	switch c % 4 {
	case 1:
		return fmt.Sprintf("8 (%s) %03d-%02d-%02d", code, a, b, c)
	case 2:
		return fmt.Sprintf("8%s%03d%02d%02d", code, a, b, c)
	case 3:
		return fmt.Sprintf("+7(%s)%03d%02d%02d", code, a, b, c)
	}
	return fmt.Sprintf("+7 %s %03d-%02d-%02d", code, a, b, c)
}

// landline is a Moscow or St Petersburg office number.
func (f *filler) landline() string {
	return phoneIn(pick(f, []string{"495", "499", "812"}), f.between(200, 999), f.intn(100), f.intn(100))
}

// translit spells Russian text in Latin letters for e-mails and domains.
func translit(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case translitMap[r] != "" || r == 'ъ' || r == 'ь':
			b.WriteString(translitMap[r])
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '.':
			b.WriteRune(r)
		}
	}
	return b.String()
}

var translitMap = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh", 'з': "z",
	'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r",
	'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "kh", 'ц': "ts", 'ч': "ch", 'ш': "sh",
	'щ': "shch", 'ы': "y", 'э': "e", 'ю': "yu", 'я': "ya",
}
