package leadform_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A form's theme: the properties of FormTheme kept as written and shown
// on the page's description; a wrong colour, size, alignment or an
// unknown property refused by name with nothing changed; null for none.
func TestLeadFormTheme(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		theme := `{"contentType":"FormTheme","textColor":"#212529","inputColor":"#fff","primaryColor":"#C2255C","secondaryColor":"#ced4da80",
			"backgroundColor":"#f8f9fa","fullWidth":false,"containerWidth":600,"align":"left","borderRadius":0,"marginLeft":24,"marginRight":8,"fieldSpacing":16}`
		form := makeOne(t, h, "/api/v3/customLeadForm", map[string]any{"name": "Оформленная"})
		base := "/api/v3/customLeadForm/" + form
		saved := []string{`"primaryColor":"#C2255C"`, `"align":"left"`, `"borderRadius":0`, `"containerWidth":600`, `"fieldSpacing":16`, `"contentType":"FormTheme"`}
		h.Run(t, []apitest.Scenario{
			{Name: "a whole theme", Method: "POST", Path: base, Status: 200, Req: apitest.Req{Body: `{"theme":` + theme + `}`}, Contains: saved},
			{Name: "on the page's description", Method: "GET", Path: "/api/v3/customLeadForm/render/" + form, Status: 200, Req: apitest.Req{NoAuth: true}, Contains: saved},
			{Name: "a colour by name", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":{"textColor":"red"}}`}, Contains: []string{`"field":"theme.textColor"`}},
			{Name: "CSS in a colour", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":{"backgroundColor":"#fff;background:url(//evil)"}}`},
				Contains: []string{`"field":"theme.backgroundColor"`}},
			{Name: "an alignment of no such kind", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":{"align":"justify"}}`}, Contains: []string{`"field":"theme.align"`}},
			{Name: "a negative rounding", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":{"borderRadius":-5}}`}, Contains: []string{`"field":"theme.borderRadius"`}},
			{Name: "a width in words", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":{"containerWidth":"wide"}}`}, Contains: []string{`"field":"theme.containerWidth"`}},
			{Name: "a fractional spacing", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":{"fieldSpacing":4.5}}`}, Contains: []string{`"field":"theme.fieldSpacing"`}},
			{Name: "full width as text", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":{"fullWidth":"yes"}}`}, Contains: []string{`"field":"theme.fullWidth"`}},
			{Name: "a property FormTheme lacks", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":{"font":"Comic Sans"}}`}, Contains: []string{`"field":"theme.font"`}},
			{Name: "another type", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":{"contentType":"Task"}}`}, Contains: []string{`"field":"theme.contentType"`}},
			{Name: "not an object", Method: "POST", Path: base, Status: 422, Req: apitest.Req{Body: `{"theme":"#fff"}`}, Contains: []string{`"field":"theme"`}},
			{Name: "nothing changed by the refused", Method: "GET", Path: base + `?fields=["theme"]`, Status: 200, Contains: saved},
			{Name: "a colour back to the page's own", Method: "POST", Path: base, Status: 200, Req: apitest.Req{Body: `{"theme":{"primaryColor":null,"align":"right"}}`},
				Contains: []string{`"theme":{"align":"right","contentType":"FormTheme"}`}},
			{Name: "no theme", Method: "POST", Path: base, Status: 200, Req: apitest.Req{Body: `{"theme":null}`}, Contains: []string{`"theme":null`}},
			{Name: "a new form with a theme", Method: "POST", Path: "/api/v3/customLeadForm", Status: 200,
				Req: apitest.Req{Body: `{"name":"Вторая","theme":{"fullWidth":true}}`}, Contains: []string{`"fullWidth":true`}},
		})
	})
}
