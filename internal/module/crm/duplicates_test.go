package crm_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestPossibleDuplicates(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		mail := func(v string) map[string]any { return map[string]any{"type": "email", "value": v} }
		anna := create(t, h, "contractorHuman", map[string]any{"firstName": "Анна", "lastName": "Смирнова",
			"contactInfo": []any{phone("+7 912 3456789"), mail("anna@example.ru")}})
		create(t, h, "contractorHuman", map[string]any{"firstName": "Анна", "lastName": "Смирнова"})
		create(t, h, "contractorCompany", map[string]any{"name": "ИП Смирнова", "contactInfo": []any{phone("8 (912) 345-67-89")}})
		create(t, h, "contractorCompany", map[string]any{"name": "ООО «Почта»", "contactInfo": []any{mail("ANNA@example.ru")}})
		create(t, h, "contractorHuman", map[string]any{"firstName": "Борис", "contactInfo": []any{phone("+1 7912 3456789 0"), mail("xanna@example.ru")}})
		sorted := func(r *apitest.Resp) string {
			n := names(r)
			sort.Strings(n)
			return fmt.Sprint(n)
		}
		expect := func(name, path, want string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "GET", Path: path, Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := sorted(r); got != want {
						t.Errorf("duplicates %s, want %s", got, want)
					}
				}}
		}
		h.Run(t, []apitest.Scenario{
			expect("of a client: same name, phone however written, e-mail in any case; not itself, not look-alikes",
				"/api/v3/contractor/"+anna+"/possibleDuplicates", "[ИП Смирнова ООО «Почта» Смирнова Анна]"),
			expect("through the typed endpoint", "/api/v3/contractorHuman/"+anna+"/possibleDuplicates", "[ИП Смирнова ООО «Почта» Смирнова Анна]"),
			expect("for a new client's phone", "/api/v3/contractor/possibleDuplicates"+apitest.Q(`{"contactInfo":[{"contentType":"ContactInfo","type":"phone","value":"89123456789"}]}`),
				"[ИП Смирнова Смирнова Анна]"),
			expect("for a name", "/api/v3/contractorCompany/possibleDuplicates"+apitest.Q(`{"name":"ооо «почта»"}`), "[ООО «Почта»]"),
			expect("for nothing", "/api/v3/contractor/possibleDuplicates", "[]"),
			{Name: "a name that is not text", Method: "GET", Path: "/api/v3/contractor/possibleDuplicates" + apitest.Q(`{"name":1}`), Status: 422, Contains: []string{`"field":"name"`}},
			{Name: "contact info that is not a list", Method: "GET", Path: "/api/v3/contractor/possibleDuplicates" + apitest.Q(`{"contactInfo":"8912"}`), Status: 422, Contains: []string{`"field":"contactInfo"`}},
			{Name: "a missing client", Method: "GET", Path: "/api/v3/contractor/999999/possibleDuplicates", Status: 404},
		})
	})
}
