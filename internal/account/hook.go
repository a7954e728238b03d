package account

import (
	"context"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// CodeLicenceQuantity is the 422 field error of an employee who would
// exceed the licence quantity.
const CodeLicenceQuantity = "licence_quantity_exceeded"

// Hook enforces "a full account cannot have more employees able to sign in
// than licences" on every employee save: API, bulk, demo and CLI alike.
// An employee can sign in when canLogin is true, or when canLogin was never
// set and they have a password (a body with login+password creates a user
// who can sign in). Only a save that turns a non-user into a user is
// checked, so editing anyone after the licence shrank still works.
func Hook(e *entity.Engine) {
	e.Hook("Employee", entity.Hooks{BeforeSave: func(ctx context.Context, c *entity.Change) error {
		return checkQuantity(ctx, e.DB, c)
	}})
}

func checkQuantity(ctx context.Context, db *store.DB, c *entity.Change) error {
	f := c.Type.Field("canLogin")
	if f == nil {
		return nil
	}
	var oldCan any
	if c.Old != nil {
		oldCan = c.Old.Values["canLogin"]
	}
	newCan, given := c.Values["canLogin"]
	if !given {
		newCan = oldCan
	}
	_, password := c.WriteOnly["password"]
	if isFalse(newCan) || (newCan == nil && !password && c.New) {
		return nil
	}
	// From here the employee can sign in after the save, unless canLogin
	// is unset and they have no credentials; the reads below are needed
	// only now.
	oldCreds := false
	if !c.New && (newCan == nil || oldCan == nil) {
		var err error
		if oldCreds, err = hasCredentials(ctx, db, c.Scope.Account, c.ID); err != nil {
			return err
		}
	}
	after := isTrue(newCan) || password || oldCreds
	before := !c.New && (isTrue(oldCan) || (oldCan == nil && oldCreds))
	if !after || before {
		return nil
	}
	l, err := lockLicence(ctx, db, c.Scope.Account)
	if err != nil || l.Quantity == 0 {
		return err
	}
	n, err := countUsers(ctx, db, c.Type.Table, f.Column, c.Scope.Account, c.ID)
	if err != nil {
		return err
	}
	if n >= l.Quantity {
		field := "canLogin"
		if !given {
			field = "password"
		}
		return entity.Invalidf(field, CodeLicenceQuantity, strconv.FormatInt(l.Quantity, 10))
	}
	return nil
}

// lockLicence reads the licence; on PostgreSQL it also locks the row for
// the transaction, so two concurrent saves cannot both take the last
// licence. SQLite's single writer serialises them already.
func lockLicence(ctx context.Context, db *store.DB, account int64) (Licence, error) {
	if db.Dialect == store.Postgres && store.InTx(ctx) {
		if _, err := db.Q(ctx).ExecContext(ctx,
			"SELECT 1 FROM account_licences WHERE account_id = $1 FOR UPDATE", account); err != nil {
			return Licence{}, err
		}
	}
	return GetLicence(ctx, db, account)
}

func hasCredentials(ctx context.Context, db *store.DB, account, id int64) (bool, error) {
	var n int64
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM credentials
		WHERE account_id = ? AND subject_type = 'Employee' AND subject_id = ?`), account, id).Scan(&n)
	return n > 0, err
}

// countUsers counts the account's employees other than id who can sign in.
func countUsers(ctx context.Context, db *store.DB, table, col string, account, id int64) (int64, error) {
	var n int64
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM `+table+` e
		WHERE e.account_id = ? AND e.id <> ? AND (e.`+col+` = 1 OR (e.`+col+` IS NULL AND EXISTS (
		SELECT 1 FROM credentials cr WHERE cr.account_id = e.account_id
		AND cr.subject_type = 'Employee' AND cr.subject_id = e.id)))`), account, id).Scan(&n)
	return n, err
}

// CountUsers is how many employees of the account can sign in, for
// AccountInfo and the CLI.
func CountUsers(ctx context.Context, e *entity.Engine, account int64) (int64, error) {
	t := e.Cat.Type("Employee")
	if t == nil || t.Field("canLogin") == nil {
		return 0, nil
	}
	return countUsers(ctx, e.DB, t.Table, t.Field("canLogin").Column, account, 0)
}

func isTrue(v any) bool  { n, ok := v.(int64); return ok && n == 1 }
func isFalse(v any) bool { n, ok := v.(int64); return ok && n == 0 }
