package migrate

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/store"
)

// DealDebts sets every deal's debt and paymentProgress from its price and
// its paid invoices (docs/finance.md, "A deal's debt"), which the finance
// rules keep from then on. A database whose tables are not made yet has
// no deals to set.
func DealDebts(ctx context.Context, db *store.DB, _ *catalog.Catalog) error {
	deals, err := existingColumns(ctx, db, "e_deal")
	if err != nil || !deals["c_debt"] || !deals["c_paymentprogress"] || !deals["c_price"] {
		return err
	}
	paid := map[[2]int64]int64{}
	if inv, err := existingColumns(ctx, db, "e_invoice"); err != nil {
		return err
	} else if inv["c_status"] && inv["c_sum"] && inv["c_deal_i"] {
		if err := eachRow(ctx, db, `SELECT account_id, c_deal_i, c_sum FROM e_invoice WHERE c_status = 'paid' AND c_deal_t = 'Deal'`,
			func(account, deal int64, sum sql.NullString) {
				a, _ := money.Parse(sum.String)
				paid[[2]int64{account, deal}] += a.Kopecks
			}); err != nil {
			return err
		}
	}
	type debt struct {
		account, id int64
		price       string
	}
	var all []debt
	// Read first, then write: a connection in a transaction cannot write
	// while it still streams a read.
	if err := eachRow(ctx, db, `SELECT account_id, id, c_price FROM e_deal`, func(account, id int64, price sql.NullString) {
		all = append(all, debt{account, id, price.String})
	}); err != nil {
		return err
	}
	for _, d := range all {
		left, progress := money.Owed(d.price, paid[[2]int64{d.account, d.id}])
		if err := db.Exec(ctx, `UPDATE e_deal SET c_debt = ?, c_paymentprogress = ? WHERE account_id = ? AND id = ?`,
			left, progress, d.account, d.id); err != nil {
			return fmt.Errorf("deal %d debt: %w", d.id, err)
		}
	}
	return nil
}

// eachRow reads rows of two ids and a text.
func eachRow(ctx context.Context, db *store.DB, query string, fn func(a, b int64, s sql.NullString)) error {
	rows, err := db.Q(ctx).QueryContext(ctx, query)
	if err != nil {
		return fmt.Errorf("read: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a, b int64
		var s sql.NullString
		if err := rows.Scan(&a, &b, &s); err != nil {
			return err
		}
		fn(a, b, s)
	}
	return rows.Err()
}
