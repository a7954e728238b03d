package apitest

import (
	"net/url"
	"strings"
	"testing"
)

// Scenario is one table-driven API case: a request and what the answer
// must and must not hold.
type Scenario struct {
	Name        string
	Method      string
	Path        string
	Req         Req
	Status      int
	Contains    []string // substrings the raw body must hold
	NotContains []string
	Check       func(t *testing.T, r *Resp)
}

// Run runs scenarios in order as subtests.
func (h *Harness) Run(t *testing.T, scenarios []Scenario) {
	for _, sc := range scenarios {
		t.Run(sc.Name, func(t *testing.T) {
			h.T = t
			r := h.Do(sc.Method, sc.Path, sc.Req)
			if sc.Status != 0 && r.Status != sc.Status {
				t.Fatalf("status %d, want %d: %s", r.Status, sc.Status, r.Body)
			}
			for _, s := range sc.Contains {
				if !strings.Contains(string(r.Body), s) {
					t.Errorf("body lacks %q: %s", s, r.Body)
				}
			}
			for _, s := range sc.NotContains {
				if strings.Contains(string(r.Body), s) {
					t.Errorf("body holds %q: %s", s, r.Body)
				}
			}
			if sc.Check != nil {
				sc.Check(t, r)
			}
		})
	}
}

// Q encodes a JSON query the way the web app sends it: encodeURIComponent,
// which writes a space as %20 and a '+' as %2B.
func Q(json string) string { return "?" + strings.ReplaceAll(url.QueryEscape(json), "+", "%20") }

func urlEscape(s string) string { return url.QueryEscape(s) }
