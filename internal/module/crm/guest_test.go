package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestGuestAccess(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		signIn := func(login string) int {
			return h.Do("POST", "/api/v3/auth/access_token", apitest.Req{NoAuth: true, Form: map[string]string{
				"grant_type": "password", "username": login, "password": "guest password"}}).Status
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a login e-mail must be an address", Method: "POST", Path: "/api/v3/contractorHuman", Status: 422,
				Req: apitest.Req{Body: map[string]any{"firstName": "Гость", "loginEmail": "guest@"}}, Contains: []string{`"field":"loginEmail"`, `"type":"invalid_email"`}},
			{Name: "guest access needs a login e-mail", Method: "POST", Path: "/api/v3/contractorHuman", Status: 422,
				Req: apitest.Req{Body: map[string]any{"firstName": "Гость", "isGuestAccessEnabled": true}}, Contains: []string{`"field":"loginEmail"`, `"type":"required"`}},
		})
		id := create(t, h, "contractorHuman", map[string]any{"firstName": "Гость", "loginEmail": "guest@client.ru",
			"password": "guest password", "isGuestAccessEnabled": true})
		path := "/api/v3/contractorHuman/" + id
		token := h.SignIn("guest@client.ru", "guest password")
		asGuest := apitest.Req{Token: token}
		h.Run(t, []apitest.Scenario{
			{Name: "on: the guest works", Method: "GET", Path: "/api/v3/currentUser", Req: asGuest, Status: 200},
			{Name: "the e-mail is changed", Method: "POST", Path: path, Status: 200, Req: apitest.Req{Body: map[string]any{"loginEmail": "new@client.ru"}}},
			{Name: "nor cleared while access is on", Method: "POST", Path: path, Status: 422, Req: apitest.Req{Body: map[string]any{"loginEmail": ""}}},
			{Name: "off", Method: "POST", Path: path, Status: 200, Req: apitest.Req{Body: map[string]any{"isGuestAccessEnabled": false}}},
			{Name: "off ends the guest's session", Method: "GET", Path: "/api/v3/currentUser", Req: asGuest, Status: 401},
			{Name: "on again", Method: "POST", Path: path, Status: 200, Req: apitest.Req{Body: map[string]any{"isGuestAccessEnabled": true}}},
		})
		if s := signIn("guest@client.ru"); s == 200 {
			t.Errorf("the old e-mail still signs in")
		}
		if s := signIn("new@client.ru"); s != 200 {
			t.Errorf("the new e-mail does not sign in: %d", s)
		}
	})
}
