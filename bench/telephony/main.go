// Command telephony measures provider event to widget delivery: a PBX
// posts a signed incoming-call event to the webhook of the real artel
// binary (SQLite, or one node over PostgreSQL with -postgres), and the time runs until the call's message is on the
// live socket of the employee it rings for, with every other user's
// socket connected too. The browser's drawing of the widget is not in it.
//
//	go run ./bench/telephony -binary bin/artel                  # 1,000 users
//	go run ./bench/telephony -binary bin/artel -users 100 -events 50   # quick
package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
	"github.com/coder/websocket"
)

const (
	adminLogin    = "admin@bench.local"
	adminPassword = "bench admin password"
	password      = "bench user password"
)

type user struct {
	id    string
	token string // the live socket's
	conn  *websocket.Conn
	got   chan time.Time
}

func main() {
	binary := flag.String("binary", "bin/artel", "the artel binary")
	users := flag.Int("users", 1000, "employees, each with one connected socket")
	events := flag.Int("events", 300, "incoming calls, round robin over the users")
	postgres := flag.String("postgres", "", "PostgreSQL URL (127.0.0.1): run on a fresh database beside it instead of SQLite")
	flag.Parse()
	if err := run(*binary, *postgres, *users, *events); err != nil {
		log.Fatal("telephony: ", err)
	}
}

func run(binary, postgres string, n, events int) error {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "artel-telephony-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	env := []string{"ARTEL_ADMIN_EMAIL=" + adminLogin, "ARTEL_ADMIN_PASSWORD=" + adminPassword}
	args, setup := []string{"serve", "--data", filepath.Join(dir, "data")}, "SQLite"
	if postgres != "" {
		dbURL, drop, err := freshPostgres(ctx, postgres)
		if err != nil {
			return err
		}
		defer drop()
		args, setup = []string{"serve", "--database-url", dbURL}, "PostgreSQL"
	}
	proc, err := loadgen.Start(binary, args, env, filepath.Join(dir, "server.log"))
	if err != nil {
		return err
	}
	defer proc.Stop()
	admin := loadgen.NewClient(proc.URL, 8)
	if err := admin.SignIn(ctx, adminLogin, adminPassword); err != nil {
		return err
	}
	raw, err := admin.Do(ctx, "GET", "/api/v3/telephony/settings", nil)
	if err != nil {
		return err
	}
	var settings struct {
		Data struct{ Secret string } `json:"data"`
	}
	if err := json.Unmarshal(raw, &settings); err != nil || settings.Data.Secret == "" {
		return fmt.Errorf("settings: %s", raw)
	}
	start := time.Now()
	us, err := makeUsers(ctx, admin, proc.URL, n)
	if err != nil {
		return err
	}
	defer func() {
		for _, u := range us {
			u.conn.CloseNow()
		}
	}()
	log.Printf("%d users signed in with a socket each in %.0f s", n, time.Since(start).Seconds())
	rec := loadgen.NewRecorder()
	hc := &http.Client{Timeout: 30 * time.Second}
	for i := range events {
		u := us[i%len(us)]
		body, _ := json.Marshal(map[string]any{"callId": fmt.Sprintf("bench-%d", i), "event": "incoming",
			"from": fmt.Sprintf("+7 912 %07d", i), "employeeId": json.Number(u.id)})
		mac := hmac.New(sha256.New, []byte(settings.Data.Secret))
		mac.Write(body)
		req, _ := http.NewRequest("POST", proc.URL+"/telephony/pbx/events", strings.NewReader(string(body)))
		req.Header.Set("X-Artel-Signature", "sha256="+hex.EncodeToString(mac.Sum(nil)))
		sent := time.Now()
		res, err := hc.Do(req)
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			return fmt.Errorf("event %d: status %d", i, res.StatusCode)
		}
		select {
		case at := <-u.got:
			rec.Add(at.Sub(sent), nil)
		case <-time.After(30 * time.Second):
			return fmt.Errorf("event %d: no delivery in 30 s", i)
		}
	}
	st := rec.Snapshot()
	fmt.Printf("telephony (%s): %d users connected, %d incoming calls: event-to-socket p50 %.1f ms, p99 %.1f ms (%s)\n",
		setup, n, events, ms(st.P50), ms(st.P99), machine())
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// makeUsers creates the employees (four at a time: each password is
// hashed with argon2), signs each in and opens its socket on its call route.
func makeUsers(ctx context.Context, admin *loadgen.Client, base string, n int) ([]*user, error) {
	us := make([]*user, n)
	errs := make(chan error, n)
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			u, err := makeUser(ctx, admin, base, i)
			if err != nil {
				errs <- err
				return
			}
			us[i] = u
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return us, nil
}

func makeUser(ctx context.Context, admin *loadgen.Client, base string, i int) (*user, error) {
	login := fmt.Sprintf("caller%d@bench.local", i)
	raw, err := admin.Do(ctx, "POST", "/api/v3/employee", map[string]any{"firstName": "Менеджер", "lastName": fmt.Sprint(i),
		"login": login, "password": password, "canLogin": true, "isWorking": true})
	if err != nil {
		return nil, err
	}
	var e struct {
		Data struct{ ID string } `json:"data"`
	}
	_ = json.Unmarshal(raw, &e)
	c := loadgen.NewClient(base, 1)
	if err := c.SignIn(ctx, login, password); err != nil {
		return nil, err
	}
	raw, err = c.Do(ctx, "GET", "/api/v3/accountInfo", nil)
	var info struct {
		Data struct {
			EcometToken string `json:"ecometToken"`
		} `json:"data"`
	}
	if err == nil {
		err = json.Unmarshal(raw, &info)
	}
	if err != nil || info.Data.EcometToken == "" {
		return nil, fmt.Errorf("accountInfo of %s: %v", login, err)
	}
	u := &user{id: e.Data.ID, token: info.Data.EcometToken, got: make(chan time.Time, 4)}
	return u, u.open(ctx, base)
}

// open subscribes the user's socket to its call route; a reader notes
// each call message's arrival and acknowledges it.
func (u *user) open(ctx context.Context, base string) error {
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(base, "http")+"/ecomet/websocket", nil)
	if err != nil {
		return err
	}
	route := "bums.call.user:" + u.id
	hello, _ := json.Marshal(map[string]any{"type": "subscribe", "token": u.token, "routes": []string{route}})
	if err := conn.Write(dctx, websocket.MessageText, hello); err != nil {
		return err
	}
	for {
		_, data, err := conn.Read(dctx)
		if err != nil {
			return err
		}
		var m struct{ Event string }
		if json.Unmarshal(data, &m) == nil && m.Event == "ecomet.subscribed" {
			break
		}
	}
	u.conn = conn
	go func() {
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			at := time.Now()
			var m struct {
				Event string
				ID    any `json:"id"`
			}
			if json.Unmarshal(data, &m) != nil || m.Event != route {
				continue
			}
			u.got <- at
			ack, _ := json.Marshal(map[string]any{"type": "invoice", "id": m.ID})
			_ = conn.Write(context.Background(), websocket.MessageText, ack)
		}
	}()
	return nil
}

func machine() string {
	m := loadgen.ThisMachine()
	return fmt.Sprintf("%d cores, %s, load %s", m.CPUs, m.CPUModel, m.Load1)
}
