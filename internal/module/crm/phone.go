package crm

import "strings"

// NormalPhone is the form phone numbers are compared in: digits only, and
// a Russian number's trunk prefix made the country code, so
// "8 (912) 345-67-89", "+7 912 3456789" and "912-345-67-89" are all
// "79123456789" (spec 001 §5: comparison ignores non-digits and a leading
// 7 or 8). Numbers of other countries keep their digits as typed.
func NormalPhone(s string) string {
	d := digits(s)
	switch {
	case len(d) == 11 && (d[0] == '7' || d[0] == '8'):
		return "7" + d[1:]
	case len(d) == 10 && d[0] == '9':
		// A Russian mobile number typed without its country code.
		return "7" + d
	}
	return d
}

func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// phoneQuery reads a search query written as (part of) a phone number:
// only digits and the marks people type between them. It answers the
// digits to look for, or "" when the query is not a phone.
func phoneQuery(q string) string {
	q = strings.TrimSpace(q)
	if strings.Trim(q, "0123456789+-() .") != "" {
		return ""
	}
	d := digits(q)
	// Short digit runs are client numbers as often as phone fragments,
	// so only a number long enough to be a phone has its prefix read.
	if len(d) >= 7 && d[0] == '8' {
		return "7" + d[1:]
	}
	if len(d) >= 10 {
		return NormalPhone(d)
	}
	return d
}
