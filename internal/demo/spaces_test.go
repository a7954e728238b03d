package demo_test

import (
	"context"
	"testing"
)

// The demo lays out three workspaces: two of the company's, with notes,
// a report's chart and the sales department as editors, and the demo
// user's private one.
func TestDemoSpaces(t *testing.T) {
	e, account := setup(t, "sqlite")
	fill(t, e, account)
	ctx := context.Background()
	var roots, notes, widgets, members, private int
	if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(`SELECT
		SUM(CASE WHEN parent_id = 0 THEN 1 ELSE 0 END), SUM(CASE WHEN type = 'Note' AND note_text <> '' THEN 1 ELSE 0 END),
		SUM(CASE WHEN type = 'Widget' THEN 1 ELSE 0 END), SUM(CASE WHEN section = 'private' AND parent_id = 0 THEN 1 ELSE 0 END)
		FROM space_elements WHERE account_id = ?`), account).Scan(&roots, &notes, &widgets, &private); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM space_members
		WHERE account_id = ? AND subject_type = 'Department' AND level = 'edit'`), account).Scan(&members); err != nil {
		t.Fatal(err)
	}
	if roots != 3 || notes != 5 || widgets != 2 || private != 1 || members != 1 {
		t.Errorf("roots %d, notes %d, widgets %d, private %d, department editors %d", roots, notes, widgets, private, members)
	}
}
