package integration_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/app"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/jobs"
	"github.com/artel/artel/internal/module/integration"
)

// receiver is a real HTTP server that answers 500 to the first fail
// posts and records the others with their headers.
type receiver struct {
	mu    sync.Mutex
	fail  int
	tries int
	got   []received
	srv   *httptest.Server
}

type received struct {
	body  []byte
	sig   string
	event string
}

func newReceiver(t *testing.T, fail int) *receiver {
	s := &receiver{fail: fail}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		defer s.mu.Unlock()
		s.tries++
		if s.fail != 0 {
			s.fail--
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		s.got = append(s.got, received{body: b, sig: r.Header.Get(integration.SignatureHeader), event: r.Header.Get("X-Artel-Event")})
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *receiver) received() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

// clocked sets the engine's clock and answers a jobs runner and a way to
// move the clock.
func clocked(t *testing.T, h *apitest.Harness) (*jobs.Runner, func(time.Duration)) {
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	h.Srv.Engine.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	runner, err := app.Jobs(context.Background(), h.Srv)
	if err != nil {
		t.Fatal(err)
	}
	return runner, func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
}

func deliver(t *testing.T, r *jobs.Runner) {
	t.Helper()
	run(t, r, integration.JobWebhooks)
}

func run(t *testing.T, r *jobs.Runner, job string) {
	t.Helper()
	if err := r.Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
}

func subscribe(t *testing.T, h *apitest.Harness, body map[string]any) map[string]any {
	t.Helper()
	r := h.Do("POST", "/api/v3/webhook", apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("subscribe: %d %s", r.Status, r.Body)
	}
	return r.Obj()
}

// Every event of a task is posted signed, in the order written, after
// the receiver's 500s; the log keeps each try's code.
func TestWebhookDelivery(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		runner, tick := clocked(t, h)
		rc := newReceiver(t, 2)
		hook := subscribe(t, h, map[string]any{"url": rc.srv.URL + "/in", "entityType": "Task"})
		secret, _ := hook["secret"].(string)
		if len(secret) != 64 || hook["isActive"] != true || len(hook["events"].([]any)) != 3 {
			t.Fatalf("webhook: %v", hook)
		}
		task := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Созвон с поставщиком"}}).Obj()
		id, _ := task["id"].(string)
		for _, name := range []string{"Созвон перенесён", "Созвон состоялся"} {
			if r := h.Do("POST", "/api/v3/task/"+id, apitest.Req{Body: map[string]any{"name": name}}); r.Status != 200 {
				t.Fatalf("update: %d %s", r.Status, r.Body)
			}
		}
		if r := h.Do("DELETE", "/api/v3/task/"+id, apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		// Another type is not this webhook's.
		h.Do("POST", "/api/v3/contractorHuman", apitest.Req{Body: map[string]any{"firstName": "Ирина"}})
		deliver(t, runner)
		if len(rc.received()) != 0 || rc.tries != 1 {
			t.Fatalf("the first try failed, so nothing after it goes: %d tries", rc.tries)
		}
		deliver(t, runner) // not due yet: the pause is 10 s
		if rc.tries != 1 {
			t.Fatalf("retried before the pause: %d", rc.tries)
		}
		tick(10 * time.Second)
		deliver(t, runner)
		tick(15 * time.Second) // the second pause is 20 s
		deliver(t, runner)
		if rc.tries != 2 {
			t.Fatalf("tries after 25 s: %d", rc.tries)
		}
		tick(5 * time.Second)
		deliver(t, runner)
		got := rc.received()
		want := []string{integration.OnCreate, integration.OnUpdate, integration.OnUpdate, integration.OnDrop}
		if len(got) != len(want) {
			t.Fatalf("received %d events, want %d", len(got), len(want))
		}
		names := []string{"Созвон с поставщиком", "Созвон перенесён", "Созвон состоялся", "Созвон состоялся"}
		for i, g := range got {
			mac := hmac.New(sha256.New, []byte(secret))
			mac.Write(g.body)
			if g.sig != "sha256="+hex.EncodeToString(mac.Sum(nil)) {
				t.Errorf("event %d: signature %q does not verify", i, g.sig)
			}
			var body struct {
				Event, ContentType, ID string
				Data                   map[string]any
			}
			if err := json.Unmarshal(g.body, &body); err != nil || body.Event != want[i] || g.event != want[i] ||
				body.ContentType != "Task" || body.ID != id || body.Data["name"] != names[i] {
				t.Errorf("event %d: %s", i, g.body)
			}
		}
		log := h.Do("GET", "/api/v3/webhook/"+hook["id"].(string)+"/deliveries", apitest.Req{}).List()
		if len(log) != 4 {
			t.Fatalf("log: %v", log)
		}
		first := log[3]
		tries, _ := first["attempts"].([]any)
		if first["status"] != "done" || first["lastCode"] != float64(200) || len(tries) != 3 ||
			tries[0].(map[string]any)["code"] != float64(500) || tries[2].(map[string]any)["code"] != float64(200) {
			t.Errorf("first delivery: %v", first)
		}
	})
}

// A write that rolls back leaves nothing to send.
func TestWebhookRolledBack(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		runner, _ := clocked(t, h)
		rc := newReceiver(t, 0)
		subscribe(t, h, map[string]any{"url": rc.srv.URL, "events": []string{integration.OnCreate}})
		ctx := context.Background()
		sc := entity.Scope{Account: h.Account, System: true}
		undo := errors.New("undo")
		err := h.DB.WithTx(ctx, func(ctx context.Context) error {
			name, _ := json.Marshal("Не сохранится")
			if _, err := h.Srv.Engine.Create(ctx, sc, "Task", entity.Input{"name": name}); err != nil {
				return err
			}
			return undo
		})
		if !errors.Is(err, undo) {
			t.Fatal(err)
		}
		// A refused create over HTTP writes nothing either.
		if r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": ""}}); r.Status != 422 {
			t.Fatalf("empty name: %d %s", r.Status, r.Body)
		}
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Сохранится"}})
		deliver(t, runner)
		got := rc.received()
		if len(got) != 1 {
			t.Fatalf("received %d events, want the committed one", len(got))
		}
		var body struct{ Data map[string]any }
		if json.Unmarshal(got[0].body, &body); body.Data["name"] != "Сохранится" {
			t.Errorf("sent: %s", got[0].body)
		}
	})
}

// A delivery that fails every try turns its webhook off and tells its
// owner; turning it on again starts the count afresh.
func TestWebhookDisabled(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		runner, tick := clocked(t, h)
		rc := newReceiver(t, -1) // always 500
		hook := subscribe(t, h, map[string]any{"url": rc.srv.URL, "events": []string{integration.OnCreate}, "secret": "a shared secret of ours"})
		path := "/api/v3/webhook/" + hook["id"].(string)
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Выгрузить счета"}})
		for i := 0; i < integration.Attempts; i++ {
			deliver(t, runner)
			tick(integration.Pause << i)
		}
		if rc.tries != integration.Attempts {
			t.Fatalf("tries: %d", rc.tries)
		}
		got := h.Do("GET", path, apitest.Req{}).Obj()
		if got["isActive"] != false || got["timeDisabled"] == nil || got["lastError"] != "500 Internal Server Error" {
			t.Fatalf("after persistent failure: %v", got)
		}
		notes := h.Do("GET", "/api/v3/notification", apitest.Req{})
		if !contains(notes.Body, integration.TypeDisabled) || !contains(notes.Body, rc.srv.URL) {
			t.Errorf("no notice to the owner: %s", notes.Body)
		}
		// Off: events are not recorded, nothing is posted.
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Сверить остатки"}})
		tick(time.Hour)
		deliver(t, runner)
		if rc.tries != integration.Attempts {
			t.Fatalf("a disabled webhook posted: %d", rc.tries)
		}
		rc.mu.Lock()
		rc.fail = 0
		rc.mu.Unlock()
		on := h.Do("POST", path, apitest.Req{Body: map[string]any{"isActive": true}}).Obj()
		if on["isActive"] != true || on["failures"] != float64(0) || on["timeDisabled"] != nil {
			t.Fatalf("on again: %v", on)
		}
		h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Закрыть месяц"}})
		deliver(t, runner)
		if g := rc.received(); len(g) != 1 || !contains(g[0].body, "Закрыть месяц") {
			t.Fatalf("after turning on: %d", len(g))
		}
	})
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }

// Only an administrator manages webhooks; bad input is a 400 or a 422
// naming the field.
func TestWebhookInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		emp := h.NewUser(t, "clerk")
		hook := subscribe(t, h, map[string]any{"url": "https://example.com/hook"})
		path := "/api/v3/webhook/" + hook["id"].(string)
		bad := func(name string, body any, field, code string) apitest.Scenario {
			return apitest.Scenario{Name: name, Method: "POST", Path: "/api/v3/webhook", Req: apitest.Req{Body: body},
				Status: 422, Contains: []string{`"field":"` + field + `"`, `"type":"` + code + `"`}}
		}
		h.Run(t, []apitest.Scenario{
			bad("no address", map[string]any{}, "url", integration.CodeBadURL),
			bad("not a web address", map[string]any{"url": "ftp://example.com"}, "url", integration.CodeBadURL),
			bad("unknown event", map[string]any{"url": "https://x.example", "events": []string{"on_after_read"}}, "events", integration.CodeBadEvents),
			bad("no events", map[string]any{"url": "https://x.example", "events": []string{}}, "events", integration.CodeBadEvents),
			bad("unknown type", map[string]any{"url": "https://x.example", "entityType": "Spaceship"}, "entityType", integration.CodeBadType),
			bad("short secret", map[string]any{"url": "https://x.example", "secret": "short"}, "secret", integration.CodeBadSecret),
			{Name: "malformed", Method: "POST", Path: "/api/v3/webhook", Req: apitest.Req{Body: "{", ContentType: "application/json"}, Status: 400},
			{Name: "an employee may not list", Method: "GET", Path: "/api/v3/webhook", Req: apitest.Req{Token: emp}, Status: 403},
			{Name: "an employee may not create", Method: "POST", Path: "/api/v3/webhook", Req: apitest.Req{Token: emp,
				Body: map[string]any{"url": "https://x.example"}}, Status: 403},
			{Name: "signed out", Method: "GET", Path: "/api/v3/webhook", Req: apitest.Req{NoAuth: true}, Status: 401},
			{Name: "no such webhook", Method: "GET", Path: "/api/v3/webhook/999999", Status: 404},
			{Name: "update keeps the rest", Method: "POST", Path: path, Req: apitest.Req{Body: map[string]any{"entityType": "Deal"}},
				Status: 200, Contains: []string{`"entityType":"Deal"`, `"url":"https://example.com/hook"`}},
			{Name: "list", Method: "GET", Path: "/api/v3/webhook", Status: 200, Contains: []string{`"contentType":"Webhook"`}},
			{Name: "delete", Method: "DELETE", Path: path, Status: 200},
			{Name: "gone", Method: "GET", Path: path, Status: 404},
		})
	})
}
