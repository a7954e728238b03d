package realtime_test

import (
	"testing"

	"github.com/coder/websocket"

	"github.com/artel/artel/internal/apitest"
)

func authRoutes(uid string) []string {
	return []string{"perm.auth.change:" + uid, "sdf.authentication_revoke:u" + uid}
}

// expectEnded checks both notices of an ended session, in either order.
func expectEnded(t *testing.T, c *client, uid string) {
	t.Helper()
	seen := map[string]bool{}
	for len(seen) < 2 {
		m := c.next()
		if m.obj()["reason"] != "session_ended" || m.obj()["uid"] != uid {
			t.Fatalf("notice %s %s", m.Event, m.Message)
		}
		seen[m.Event] = true
	}
	for _, r := range authRoutes(uid) {
		if !seen[r] {
			t.Fatalf("no %s: %v", r, seen)
		}
	}
}

func TestSessionEndIsAnnounced(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		petr, tok1 := user(t, h, "Пётр", "petr@example.com")
		tok2 := h.SignIn("petr@example.com", "petr@example.com-password")
		bySession, byToken := dial(t, h), dial(t, h)
		bySession.mustSubscribe(tok1, authRoutes(petr)...)
		live := ecometToken(t, h, tok2)
		byToken.mustSubscribe(live, authRoutes(petr)...)

		// Sign-out of the first session: both hear it, the connection that
		// rode it is closed, the other stays (a session is still live).
		if r := h.Do("POST", "/api/v3/auth/logout", apitest.Req{Token: tok1}); r.Status != 200 {
			t.Fatalf("logout: %s", r.Body)
		}
		expectEnded(t, bySession, petr)
		if code := bySession.closed(); code != websocket.StatusPolicyViolation {
			t.Fatalf("the signed-out connection closed with %v", code)
		}
		expectEnded(t, byToken, petr)

		// Ending the last session from the list closes the token's too.
		var current string
		for _, s := range h.Do("GET", "/api/v3/currentUser/sessions", apitest.Req{Token: tok2}).List() {
			if s["current"] == true {
				current, _ = s["id"].(string)
			}
		}
		if r := h.Do("DELETE", "/api/v3/currentUser/sessions/"+current, apitest.Req{Token: tok2}); r.Status != 200 {
			t.Fatalf("end session %q: %s", current, r.Body)
		}
		expectEnded(t, byToken, petr)
		if code := byToken.closed(); code != websocket.StatusPolicyViolation {
			t.Fatalf("the last token connection closed with %v", code)
		}
		// Signed out everywhere, the live-socket token opens nothing more.
		again := dial(t, h)
		again.send(map[string]any{"type": "subscribe", "routes": []string{"presence"}, "token": live})
		if code := again.closed(); code != websocket.StatusPolicyViolation {
			t.Fatalf("after sign-out: %v", code)
		}
	})
}

func TestBlockAndRightsChangeAreAnnounced(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		stopHub(t, h)
		petr, tok := user(t, h, "Пётр", "petr@example.com")
		c := dial(t, h)
		c.mustSubscribe(ecometToken(t, h, tok), authRoutes(petr)...)

		group := h.Do("POST", "/api/v3/rightsGroup", apitest.Req{Body: map[string]any{"name": "Финансы",
			"actions": []string{"fin_operation"}, "members": []any{emp(petr)}}})
		if group.Status != 200 {
			t.Fatalf("group: %s", group.Body)
		}
		if m := c.next(); m.Event != "perm.auth.change:"+petr || m.obj()["reason"] != "rights_changed" {
			t.Fatalf("after the group: %s %s", m.Event, m.Message)
		}
		if r := h.Do("POST", "/api/v3/employee/"+petr+"/block", apitest.Req{}); r.Status != 200 {
			t.Fatalf("block: %s", r.Body)
		}
		expectEnded(t, c, petr)
		if code := c.closed(); code != websocket.StatusPolicyViolation {
			t.Fatalf("a blocked user's connection closed with %v", code)
		}
	})
}
