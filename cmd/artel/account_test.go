package main

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/artel/artel/internal/store/storetest"
)

// The operator sets a licence with the CLI; the server then enforces it
// and an administrator cannot lift a locked one through the API.
func TestAccountLicenceCLI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, dialect string) {
		e := append(testEnv(t, dialect), "ARTEL_ADMIN_EMAIL=boss@example.com", "ARTEL_ADMIN_PASSWORD=first-start-pass")
		start(t, e).stop(t)
		licence := func(args ...string) (string, error) {
			cmd := exec.Command(binary, append([]string{"account", "licence"}, args...)...)
			cmd.Env = append(os.Environ(), e...)
			out, err := cmd.CombinedOutput()
			return string(out), err
		}
		for _, bad := range [][]string{{"--quantity", "3"}, {"--account", "1", "--until", "31.01.2020"},
			{"--host", "nowhere.example.com", "--quantity", "1"}, {"--account", "1", "--quantity", "-1"}} {
			if out, err := licence(bad...); err == nil {
				t.Errorf("%v accepted: %s", bad, out)
			}
		}
		out, err := licence("--account", "1", "--quantity", "3", "--until", "2020-01-31", "--mobile-until", "2020-02-01", "--lock")
		want := "Account 1 (Artel): 3 licences, until 2020-01-31, mobile until 2020-02-01, locked; 1 employees can sign in"
		if err != nil || !strings.Contains(out, want) {
			t.Fatalf("licence: %v\n%s", err, out)
		}

		s := start(t, e)
		defer s.stop(t)
		r, err := http.PostForm(s.url+"/api/v3/auth/access_token", url.Values{"grant_type": {"password"},
			"username": {"boss@example.com"}, "password": {"first-start-pass"}})
		if err != nil {
			t.Fatal(err)
		}
		var tok struct {
			AccessToken string `json:"access_token"`
		}
		decode(t, r.Body, &tok)
		call := func(method, path, body string) (int, map[string]any) {
			req, _ := http.NewRequest(method, s.url+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var env map[string]any
			decode(t, res.Body, &env)
			return res.StatusCode, env
		}
		code, env := call("GET", "/api/v3/accountInfo", "")
		info, _ := env["data"].(map[string]any)
		end, _ := info["licenceEndDate"].(map[string]any)
		if code != 200 || info["licenceQuantity"] != 3.0 || info["licenseExpired"] != true || end["month"] != 0.0 || end["day"] != 31.0 {
			t.Fatalf("accountInfo %d %v", code, env)
		}
		if code, env = call("GET", "/api/v3/task", ""); code != 403 || !strings.Contains(fmt.Sprint(env), "Your paid period is officially over") {
			t.Fatalf("task list after expiry: %d %v", code, env)
		}
		if code, env = call("POST", "/api/v3/accountInfo/licence", `{"licenceEndDate":null}`); code != 403 {
			t.Fatalf("locked licence changed by the API: %d %v", code, env)
		}
	})
}

// `artel account create` makes a second account with its administrator
// and the modules' default lists, as the first start makes the first.
func TestAccountCreateCLI(t *testing.T) {
	e := testEnv(t, "sqlite")
	start(t, e).stop(t) // the first account, migrated
	cmd := exec.Command(binary, "account", "create", "--host", "second.example.com", "--name", "Второе",
		"--admin-email", "chief@second.example.com", "--admin-password", "second-account-pass")
	cmd.Env = append(os.Environ(), e...)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "answers second.example.com") {
		t.Fatalf("account create: %v\n%s", err, out)
	}
	s := start(t, e)
	defer s.stop(t)
	ask := func(method, path, body, token string) *http.Response {
		req, _ := http.NewRequest(method, s.url+path, strings.NewReader(body))
		req.Host = "second.example.com"
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	form := url.Values{"grant_type": {"password"}, "username": {"chief@second.example.com"}, "password": {"second-account-pass"}}
	decode(t, ask("POST", "/api/v3/auth/access_token", form.Encode(), "").Body, &tok)
	for path, want := range map[string]string{"/api/v3/contractor/types": "[Клиент Партнёр Поставщик Конкурент]",
		"/api/v3/contractorStatus": "[Новый В работе Постоянный Потерян]"} {
		var env struct{ Data []struct{ Name string } }
		decode(t, ask("GET", path, "", tok.AccessToken).Body, &env)
		var got []string
		for _, it := range env.Data {
			got = append(got, it.Name)
		}
		if fmt.Sprint(got) != want {
			t.Errorf("%s of the new account: %v, want %s", path, got, want)
		}
	}
}
