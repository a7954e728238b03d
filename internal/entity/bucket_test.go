package entity

import (
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"github.com/artel/artel/internal/catalog"
)

// TestBucketTerm: the shapes whose count the kept counts answer, and
// those that must be counted.
func TestBucketTerm(t *testing.T) {
	f := catalog.MustLoad().Type("Deal").Field("program")
	link := `{"contentType":"Program","id":"7"}`
	term := `{"contentType":"FilterTermRef","field":"program","comparison":"equals","value":[` + link + `,{"contentType":"Program","id":8}]}`
	config := `{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[` + term + `]}}`
	for raw, want := range map[string][]string{
		config:                {"7", "8"},
		strconv.Quote(config): {"7", "8"},
		`{"contentType":"FilterTermGroup","join":"or","terms":[` + term + `]}`:                               {"7", "8"},
		`{"contentType":"TradeFilter","id":null,"program":` + link + `}`:                                     {"7"},
		`{"contentType":"TradeFilter","program":{"id":"all"},"config":` + config + `}`:                       {"7", "8"},
		`{"contentType":"TradeFilter","program":` + link + `,"config":` + config + `}`:                       nil,
		`{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[` + term + `,` + term + `]}}`:      nil,
		`{"contentType":"FilterTermRef","field":"program","comparison":"not_equals","value":[` + link + `]}`: nil,
		`{"contentType":"FilterTermRef","field":"program","comparison":"equals","value":[]}`:                 nil,
		`{"contentType":"FilterTermRef","field":"manager","comparison":"equals","value":[` + link + `]}`:     nil,
		`{"contentType":"TradeFilter","id":"5"}`:                                                             nil,
	} {
		if got := bucketTerm(f, json.RawMessage(raw), 0); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", raw, got, want)
		}
	}
}
