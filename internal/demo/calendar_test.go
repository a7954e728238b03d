package demo_test

import (
	"context"
	"testing"
)

// The demo user's calendar has a working week: meetings they hold and
// are invited to, some invitations answered and some waiting.
func TestDemoCalendar(t *testing.T) {
	e, account := setup(t, "sqlite")
	res := fill(t, e, account)
	ctx := context.Background()
	var demoID int64
	if err := e.DB.Q(ctx).QueryRowContext(ctx, `SELECT subject_id FROM credentials WHERE account_id = ? AND login = ?`,
		account, res.Login).Scan(&demoID); err != nil {
		t.Fatal(err)
	}
	count := func(where string) int {
		var n int
		if err := e.DB.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM todo_attendees WHERE account_id = ? AND subject_type = 'Employee'
			AND subject_id = ? AND `+where, account, demoID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count("start_ms IS NOT NULL"); n < 8 {
		t.Errorf("the demo user's calendar has %d to-dos, want at least 8", n)
	}
	if n := count("role = 'participant' AND status = 'requested'"); n == 0 {
		t.Error("no invitation waits for the demo user's answer")
	}
	if n := count("role = 'participant' AND status = 'accepted'"); n == 0 {
		t.Error("no invitation the demo user accepted")
	}
}
