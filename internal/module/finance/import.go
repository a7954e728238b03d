package finance

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/finance/statement"
	"github.com/artel/artel/internal/money"
)

// Codes of the statement import's refusals.
const (
	CodeStatementFormat  = "statement_format"
	CodeStatementChanged = "statement_changed"
)

// Imported is what a statement's import did, or would do (a preview):
// its lines as booked and a digest of them, which a booking may name to
// book exactly what was previewed.
type Imported struct {
	Preview    bool       `json:"preview"`
	Imported   int        `json:"imported"`
	Skipped    int        `json:"skipped"` // lines imported before
	Matched    int        `json:"matched"` // incomes that pay an invoice
	Operations []string   `json:"operations"`
	Lines      []PlanLine `json:"lines"`
	Digest     string     `json:"digest"`
}

// PlanLine is a statement line and what it books.
type PlanLine struct {
	Date     string         `json:"date"`
	Number   string         `json:"number"`
	Sum      map[string]any `json:"sum"`
	Income   bool           `json:"income"`
	Party    string         `json:"party"`
	PartyINN string         `json:"partyInn"`
	Purpose  string         `json:"purpose"`
	Skipped  bool           `json:"skipped"` // imported before: not booked again
	Invoices []PlanPart     `json:"invoices"`
	line     statement.Line
	parts    []part
}

// PlanPart is an invoice a line pays and its part.
type PlanPart struct {
	Invoice map[string]any `json:"invoice"`
	Number  string         `json:"number"`
	Sum     map[string]any `json:"sum"`
}

// ImportOptions: a preview writes nothing; a digest refuses a booking
// whose lines differ from the preview it names.
type ImportOptions struct {
	Preview bool
	Digest  string
}

// Import plans a bank statement's lines on an account and, unless
// previewing, books them, in one transaction: each line an income or an
// expense, an income paying the invoices it matches (match.go). A line
// imported before is skipped.
func (m *Module) Import(ctx context.Context, sc entity.Scope, account int64, data []byte, opt ImportOptions) (*Imported, error) {
	acc, err := m.e.Get(ctx, sc, "FinRealAccount", account)
	if err != nil {
		return nil, err
	}
	lines, err := statement.Parse(data, acc.String("number"))
	if err != nil {
		return nil, entity.Invalidf("file", CodeStatementFormat, err.Error())
	}
	out := &Imported{Preview: opt.Preview, Operations: []string{}}
	err = m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		// A statement is in its account's currency.
		code, rate, _, err := m.accountCurrency(ctx, sc.Account, account)
		if err != nil {
			return err
		}
		cur := money.Amount{Currency: code}
		cur.Rate, _ = rate.Float64()
		if out.Lines, err = m.plan(ctx, sc, account, lines, cur); err != nil {
			return err
		}
		out.Digest = digest(out.Lines)
		if opt.Digest != "" && opt.Digest != out.Digest {
			return entity.Invalidf("digest", CodeStatementChanged, "")
		}
		for _, pl := range out.Lines {
			switch {
			case pl.Skipped:
				out.Skipped++
				continue
			case len(pl.parts) > 0:
				out.Matched++
			}
			out.Imported++
			if opt.Preview {
				continue
			}
			id, err := m.book(ctx, sc, account, pl)
			if err != nil {
				return err
			}
			out.Operations = append(out.Operations, strconv.FormatInt(id, 10))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// plan is what each line would book, reading only: the lines imported
// before (or twice in this file) skipped, and each income's invoices
// matched against what the lines above it already pay.
func (m *Module) plan(ctx context.Context, sc entity.Scope, account int64, lines []statement.Line, cur money.Amount) ([]PlanLine, error) {
	in := func(k int64) map[string]any {
		return moneyValue(money.Amount{Kopecks: k, Currency: cur.Currency, Rate: cur.Rate})
	}
	out := make([]PlanLine, 0, len(lines))
	seen := map[string]bool{}
	pending := map[int64]int64{}
	for _, l := range lines {
		pl := PlanLine{Date: l.Date, Number: l.Number, Income: l.Income, Party: l.Party, PartyINN: l.PartyTIN,
			Purpose: l.Purpose, Sum: in(l.Kopecks),
			Invoices: []PlanPart{}, line: l}
		var n int
		err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM fin_statement_lines
			WHERE account_id = ? AND real_account_id = ? AND line_key = ?`), sc.Account, account, l.Key()).Scan(&n)
		if err != nil {
			return nil, err
		}
		pl.Skipped = n > 0 || seen[l.Key()]
		seen[l.Key()] = true
		if !pl.Skipped && l.Income {
			if pl.parts, err = m.matchLine(ctx, sc.Account, l, pending); err != nil {
				return nil, err
			}
		}
		for _, p := range pl.parts {
			pending[p.Invoice] += p.Kopecks
			number, err := m.invoiceNumber(ctx, sc.Account, p.Invoice)
			if err != nil {
				return nil, err
			}
			pl.Invoices = append(pl.Invoices, PlanPart{Number: number,
				Invoice: map[string]any{"contentType": "Invoice", "id": strconv.FormatInt(p.Invoice, 10)},
				Sum:     in(p.Kopecks)})
		}
		out = append(out, pl)
	}
	return out, nil
}

// book writes a planned line: the line's key, once, and its operation.
func (m *Module) book(ctx context.Context, sc entity.Scope, account int64, pl PlanLine) (int64, error) {
	l := pl.line
	if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO fin_statement_lines
		(account_id, real_account_id, line_key, operation_id) VALUES (?, ?, ?, 0)`), sc.Account, account, l.Key()); err != nil {
		return 0, err
	}
	kind := Expense
	if l.Income {
		kind = Income
	}
	in := entity.Input{
		"kind":        raw(kind),
		"sum":         raw(pl.Sum),
		"realAccount": raw(map[string]any{"contentType": "FinRealAccount", "id": strconv.FormatInt(account, 10)}),
		"description": raw("№ " + l.Number + " " + l.Party + ": " + l.Purpose),
	}
	if len(l.Date) == 10 {
		in["date"] = raw(l.Date + "T00:00:00Z")
	}
	if len(pl.parts) > 0 {
		invoices := make([]map[string]any, len(pl.Invoices))
		for i, p := range pl.Invoices {
			invoices[i] = p.Invoice
		}
		in["invoices"] = raw(invoices)
		sum, _ := money.Parse(string(raw(pl.Sum)))
		in["invoiceSums"] = json.RawMessage(encodeParts(pl.parts, sum))
	}
	rec, err := m.e.Create(ctx, sc, "FinOperation", in)
	if err != nil {
		return 0, err
	}
	_, err = m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE fin_statement_lines SET operation_id = ?
		WHERE account_id = ? AND real_account_id = ? AND line_key = ?`), rec.ID, sc.Account, account, l.Key())
	return rec.ID, err
}

// digest names a plan: the same lines booking the same parts.
func digest(lines []PlanLine) string {
	b, _ := json.Marshal(lines)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func (m *Module) invoiceNumber(ctx context.Context, account, id int64) (string, error) {
	var n *string
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_number FROM e_invoice
		WHERE account_id = ? AND id = ?`), account, id).Scan(&n)
	if err != nil || n == nil {
		return "", err
	}
	return *n, nil
}

func raw(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
