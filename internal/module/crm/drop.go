package crm

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// Error types of the clients' rules, worded in messages.go.
const (
	CodeSelfCompany    = "self_company"
	CodeClientInvoiced = "client_invoiced"
	CodePayerInvoiced  = "payer_invoiced"
	CodeRecipientInUse = "recipient_invoiced"
)

// Delete modes of a DeleteActionRequest (the reference's enum).
const (
	ModeDefault = "default_drop"   // drop a live client, delete a dropped one forever
	ModeFake    = "only_fake_drop" // drop only
	ModeForce   = "force_drop"     // delete forever at once
)

var modes = []string{ModeDefault, ModeFake, ModeForce}

// Drop marks a client dropped: out of the usual lists, restorable.
func Drop(ctx context.Context, e *entity.Engine, sc entity.Scope, typ string, id int64) (*entity.Record, error) {
	return e.Update(ctx, sc, typ, id, entity.Input{"isDropped": json.RawMessage("true")})
}

// Restore brings a dropped client back.
func Restore(ctx context.Context, e *entity.Engine, sc entity.Scope, typ string, id int64) (*entity.Record, error) {
	return e.Update(ctx, sc, typ, id, entity.Input{"isDropped": json.RawMessage("false")})
}

// Remove answers a DELETE of a client by its mode. It returns the client
// as it was left (or as it was, when deleted forever).
func Remove(ctx context.Context, e *entity.Engine, sc entity.Scope, typ string, id int64, mode string) (*entity.Record, error) {
	if mode == "" {
		mode = ModeDefault
	}
	if !slices.Contains(modes, mode) {
		return nil, &entity.Invalid{Errors: []entity.FieldError{{Field: "mode", Code: "invalid_enum", Param: "default_drop, only_fake_drop, force_drop"}}}
	}
	rec, err := e.Get(ctx, sc, typ, id)
	if err != nil {
		return nil, err
	}
	dropped, _ := rec.Values["isDropped"].(int64)
	if mode == ModeFake || (mode == ModeDefault && dropped == 0) {
		return Drop(ctx, e, sc, typ, id)
	}
	return rec, e.Delete(ctx, sc, typ, id)
}

// refuseInvoiced keeps a client while an invoice names one of its payers
// (as payer, recipient or consignee) or one of its deals: deleting it
// would leave the invoice without its party (spec 001 §5).
func refuseInvoiced(e *entity.Engine) func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	return func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
		inv := e.Cat.Type("Invoice")
		var where string
		var args []any
		// ofClient is "the field names one of the client's X", X being
		// the rows of t whose link field points at the client.
		ofClient := func(field string, t *catalog.Type, link string) {
			c, l := inv.Field(field).Column, t.Field(link).Column
			if where != "" {
				where += " OR "
			}
			where += fmt.Sprintf("%s_i IN (SELECT id FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i = ?)", c, t.Table, l, l)
			args = append(args, sc.Account, rec.Type.Name, rec.ID)
		}
		for _, f := range []string{"payer", "recipient", "consignee"} {
			ofClient(f, e.Cat.Type("Payer"), "contractor")
		}
		ofClient("deal", e.Cat.Type("Deal"), "contractor")
		used, err := exists(ctx, e, sc, inv, where, args)
		if err != nil {
			return err
		}
		if used {
			return entity.Invalidf("id", CodeClientInvoiced, "")
		}
		return nil
	}
}

// refusePayerInvoiced keeps a payer an invoice names, with the wording of
// the role it plays there.
func refusePayerInvoiced(e *entity.Engine) func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	return func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
		inv := e.Cat.Type("Invoice")
		for _, role := range []struct{ field, code string }{
			{"payer", CodePayerInvoiced}, {"recipient", CodeRecipientInUse}, {"consignee", CodePayerInvoiced},
		} {
			c := inv.Field(role.field).Column
			used, err := exists(ctx, e, sc, inv, fmt.Sprintf("%s_t = ? AND %s_i = ?", c, c), []any{"Payer", rec.ID})
			if err != nil {
				return err
			}
			if used {
				return entity.Invalidf("id", role.code, "")
			}
		}
		return nil
	}
}

// exists reports whether a row of the account in t meets the condition.
func exists(ctx context.Context, e *entity.Engine, sc entity.Scope, t *catalog.Type, where string, args []any) (bool, error) {
	q := fmt.Sprintf("SELECT 1 FROM %s WHERE account_id = ? AND (%s) LIMIT 1", t.Table, where)
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(q), append([]any{sc.Account}, args...)...)
	if err != nil {
		return false, fmt.Errorf("crm: is %s %d in use: %w", t.Name, sc.Account, err)
	}
	defer rows.Close()
	return rows.Next(), rows.Err()
}
