package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// names answers the names of a list's clients.
func names(r *apitest.Resp) []string {
	var out []string
	for _, m := range r.List() {
		s, _ := m["name"].(string)
		out = append(out, s)
	}
	return out
}

func TestSearchByPhoneAndEmail(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		create(t, h, "contractorHuman", map[string]any{"firstName": "Анна", "lastName": "Смирнова",
			"contactInfo": []any{phone("+7 912 3456789"), map[string]any{"type": "email", "value": "Anna.Smirnova@Example.ru"}}})
		create(t, h, "contractorHuman", map[string]any{"firstName": "Олег", "lastName": "Петров",
			"contactInfo": []any{phone("8-495-765-43-21")}})
		create(t, h, "contractorCompany", map[string]any{"name": "ООО «Ромашка»",
			"contactInfo": []any{phone("(912) 345-67-89")}})
		find := func(path, q string, want ...string) apitest.Scenario {
			return apitest.Scenario{Name: path + " " + q, Method: "GET", Path: "/api/v3/" + path + apitest.Q(`{"q":"`+q+`"}`), Status: 200,
				Check: func(t *testing.T, r *apitest.Resp) {
					got := names(r)
					if len(got) != len(want) {
						t.Fatalf("found %v, want %v", got, want)
					}
					for i := range want {
						if got[i] != want[i] {
							t.Errorf("found %v, want %v", got, want)
						}
					}
				}}
		}
		h.Run(t, []apitest.Scenario{
			find("contractorHuman", "8 (912) 345-67-89", "Смирнова Анна"),
			find("contractorHuman", "+79123456789", "Смирнова Анна"),
			find("contractorHuman", "912 345", "Смирнова Анна"),
			find("contractorHuman", "+7 (495) 765 43 21", "Петров Олег"),
			find("contractorHuman", "anna.smirnova@example.ru", "Смирнова Анна"),
			find("contractorHuman", "смирнова", "Смирнова Анна"),
			find("contractorCompany", "8 912 345 67 89", "ООО «Ромашка»"),
			find("contractorHuman", "8 (999) 000-00-00"),
		})
	})
}
