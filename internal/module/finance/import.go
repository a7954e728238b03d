package finance

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/finance/statement"
	"github.com/artel/artel/internal/money"
)

// CodeStatementFormat refuses a file neither statement format reads.
const CodeStatementFormat = "statement_format"

// Imported is what a statement's import did.
type Imported struct {
	Imported   int      `json:"imported"`
	Skipped    int      `json:"skipped"` // lines imported before
	Matched    int      `json:"matched"` // incomes that pay an invoice
	Operations []string `json:"operations"`
}

// Import books a bank statement's lines on an account, in one
// transaction: each line an income or an expense, an income paying the
// invoice its purpose names by number when it is open and the sum is not
// above what is left to pay of it. A line imported before is skipped.
func (m *Module) Import(ctx context.Context, sc entity.Scope, account int64, data []byte) (*Imported, error) {
	acc, err := m.e.Get(ctx, sc, "FinRealAccount", account)
	if err != nil {
		return nil, err
	}
	lines, err := statement.Parse(data, acc.String("number"))
	if err != nil {
		return nil, entity.Invalidf("file", CodeStatementFormat, err.Error())
	}
	out := &Imported{Operations: []string{}}
	err = m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		for _, l := range lines {
			res, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO fin_statement_lines
				(account_id, real_account_id, line_key, operation_id) VALUES (?, ?, ?, 0)
				ON CONFLICT (account_id, real_account_id, line_key) DO NOTHING`), sc.Account, account, l.Key())
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				out.Skipped++
				continue
			}
			in, err := m.lineInput(ctx, sc, account, l)
			if err != nil {
				return err
			}
			if _, ok := in["invoices"]; ok {
				out.Matched++
			}
			rec, err := m.e.Create(ctx, sc, "FinOperation", in)
			if err != nil {
				return err
			}
			if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE fin_statement_lines SET operation_id = ?
				WHERE account_id = ? AND real_account_id = ? AND line_key = ?`), rec.ID, sc.Account, account, l.Key()); err != nil {
				return err
			}
			out.Imported++
			out.Operations = append(out.Operations, strconv.FormatInt(rec.ID, 10))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// lineInput is a statement line as an operation's input.
func (m *Module) lineInput(ctx context.Context, sc entity.Scope, account int64, l statement.Line) (entity.Input, error) {
	kind := Expense
	if l.Income {
		kind = Income
	}
	text := "№ " + l.Number + " " + l.Party + ": " + l.Purpose
	in := entity.Input{
		"kind":        raw(kind),
		"sum":         raw(moneyValue(money.Amount{Kopecks: l.Kopecks, Currency: "RUB", Rate: 1})),
		"realAccount": raw(map[string]any{"contentType": "FinRealAccount", "id": strconv.FormatInt(account, 10)}),
		"description": raw(text),
	}
	if len(l.Date) == 10 {
		in["date"] = raw(l.Date + "T00:00:00Z")
	}
	if !l.Income {
		return in, nil
	}
	named := false // the purpose names an open invoice: no guessing past it
	for _, number := range statement.InvoiceNumbers(l.Purpose) {
		inv, left, err := m.openInvoice(ctx, sc.Account, number)
		if err != nil {
			return nil, err
		}
		named = named || inv != 0
		if inv != 0 && l.Kopecks <= left {
			in["invoices"] = raw([]map[string]any{{"contentType": "Invoice", "id": strconv.FormatInt(inv, 10)}})
			return in, nil
		}
	}
	if named {
		return in, nil
	}
	inv, err := m.matchUnnamed(ctx, sc.Account, l)
	if err != nil {
		return nil, err
	}
	if inv != 0 {
		in["invoices"] = raw([]map[string]any{{"contentType": "Invoice", "id": strconv.FormatInt(inv, 10)}})
	}
	return in, nil
}

// openInvoice is the created or drawn invoice of a number and what is
// left to pay of it.
func (m *Module) openInvoice(ctx context.Context, account int64, number string) (int64, int64, error) {
	var id int64
	var sum, paid *string
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, c_sum, c_paidsum FROM e_invoice
		WHERE account_id = ? AND c_number = ? AND c_status IN (?, ?) ORDER BY id DESC LIMIT 1`),
		account, number, Created, Drawn).Scan(&id, &sum, &paid)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, nil // no such open invoice: the line stays unmatched
	}
	if err != nil {
		return 0, 0, err
	}
	var s, p money.Amount
	if sum != nil {
		s, _ = money.Parse(*sum)
	}
	if paid != nil {
		p, _ = money.Parse(*paid)
	}
	return id, s.Kopecks - p.Kopecks, nil
}

func raw(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
