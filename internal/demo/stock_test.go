package demo_test

import (
	"context"
	"testing"
)

// The demo keeps goods in two warehouses, as consignments left them: the
// main one received, moved some away and reserved some; nothing is
// negative.
func TestDemoStock(t *testing.T) {
	e, account := setup(t, "sqlite")
	fill(t, e, account)
	ctx := context.Background()
	var n, negative, reserved int
	err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(`SELECT COUNT(*),
		SUM(CASE WHEN quantity < 0 OR quantity - reserved < 0 THEN 1 ELSE 0 END),
		SUM(CASE WHEN reserved > 0 THEN 1 ELSE 0 END) FROM stock_balances WHERE account_id = ?`), account).
		Scan(&n, &negative, &reserved)
	if err != nil {
		t.Fatal(err)
	}
	if n < 6 || negative != 0 || reserved != 2 {
		t.Errorf("balances %d, negative %d, reserved %d", n, negative, reserved)
	}
}
