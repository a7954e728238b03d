package api_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// FuzzBulkBody posts arbitrary bodies to /api/v3/bulk over real HTTP: every
// answer is below 500.
func FuzzBulkBody(f *testing.F) {
	for _, seed := range []string{
		`{"calls":[{"url":"/api/v3/task","method":"GET"}]}`,
		`{"calls":[{"url":"task?{\"limit\":1}","method":"POST","body":{"name":"x"}},{"url":"/api/v3/bulk","method":"POST"}]}`,
		`{"calls":[{"url":"/api/v3/task/1/comments","method":"POST","body":"x"}]}`,
		`{"calls":null}`, `[]`, `{"calls":[{}]}`, `{"calls":[{"url":"%zz","method":"DELETE"}]}`,
	} {
		f.Add(seed)
	}
	h := apitest.New(f, "sqlite")
	f.Fuzz(func(t *testing.T, body string) {
		h.T = t
		if r := h.Do("POST", "/api/v3/bulk", apitest.Req{Body: body}); r.Status >= 500 {
			t.Fatalf("%q: %d %s", body, r.Status, r.Body)
		}
	})
}
