package finance

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// One income may pay several invoices of one payer, each its part
// (FinOperation.invoiceSums, Artel's): the parts a client names are
// kept, the invoices it names no part of share what is left in their
// order, each up to its rest, the last taking all that remains. An
// invoice's paidSum is the sum of its parts (docs/finance.md,
// "Payments").

// Codes of the split's refusals.
const (
	CodeSplitOver   = "fin_split_over"
	CodeSplitPayer  = "fin_split_payer"
	CodeSplitFormat = "fin_split_format"
)

var splitWording = map[string][2]string{
	CodeSplitOver:   {"Суммы по счетам больше суммы поступления", "The invoices' parts exceed the income"},
	CodeSplitPayer:  {"Одно поступление оплачивает счета одного плательщика", "One income pays invoices of one payer"},
	CodeSplitFormat: {"Часть оплаты — это {invoice, sum}", "A part of a payment is {invoice, sum}"},
}

// part is one invoice's share of an income, in kopecks.
type part struct {
	Invoice int64
	Kopecks int64
}

// partJSON is a part as FinOperation.invoiceSums holds it.
type partJSON struct {
	Invoice json.RawMessage `json:"invoice"`
	Sum     json.RawMessage `json:"sum"`
}

// givenParts reads a client's invoiceSums.
func givenParts(stored string) ([]part, error) {
	var items []partJSON
	if stored == "" {
		return nil, nil
	}
	if json.Unmarshal([]byte(stored), &items) != nil {
		return nil, entity.Invalidf("invoiceSums", CodeSplitFormat, "")
	}
	out := make([]part, len(items))
	for i, it := range items {
		at := "invoiceSums." + strconv.Itoa(i)
		id := linkID(it.Invoice)
		if id == 0 || !strings.Contains(string(it.Invoice), `"Invoice"`) {
			return nil, entity.Invalidf(at+".invoice", CodeSplitFormat, "")
		}
		s, err := value.Money{}.Decode(it.Sum)
		str, _ := s.(string)
		a, _ := money.Parse(str)
		if err != nil || str == "" || a.Kopecks <= 0 {
			return nil, entity.Invalidf(at+".sum", CodeSumPositive, "")
		}
		out[i] = part{Invoice: id, Kopecks: a.Kopecks}
	}
	return out, nil
}

// storedParts reads the parts an operation keeps; nil for an operation
// written before parts were kept (it pays its one invoice whole).
func storedParts(s string) map[int64]int64 {
	var items []partJSON
	if s == "" || json.Unmarshal([]byte(s), &items) != nil {
		return nil
	}
	out := map[int64]int64{}
	for _, it := range items {
		a, _ := money.Parse(string(it.Sum))
		out[linkID(it.Invoice)] += a.Kopecks
	}
	return out
}

// encodeParts is the stored invoiceSums of parts in a currency.
func encodeParts(parts []part, cur money.Amount) string {
	items := make([]map[string]any, len(parts))
	for i, p := range parts {
		a := money.Amount{Kopecks: p.Kopecks, Currency: cur.Currency, Rate: cur.Rate}
		items[i] = map[string]any{"invoice": map[string]any{"contentType": "Invoice", "id": strconv.FormatInt(p.Invoice, 10)},
			"sum": moneyValue(a)}
	}
	b, _ := json.Marshal(items)
	return string(b)
}

// splitIncome keeps an income's invoices and their parts; called by
// beforeOp when the write names the sum, the invoices or the parts.
func (m *Module) splitIncome(ctx context.Context, c *entity.Change, sum money.Amount) error {
	raw, _ := c.Values["invoiceSums"].(string)
	given, err := givenParts(raw)
	if err != nil {
		return err
	}
	var list []value.Link
	if l, ok := c.Many["invoices"]; ok {
		list = l
	} else if !c.New {
		ids, err := m.invoicesOf(ctx, c.Scope.Account, c.ID)
		if err != nil {
			return err
		}
		for _, id := range ids {
			list = append(list, value.Link{Type: "Invoice", ID: id})
		}
	}
	named := map[int64]int64{}
	var total int64
	for _, p := range given {
		if _, dup := named[p.Invoice]; !dup && !hasLink(list, p.Invoice) {
			list = append(list, value.Link{Type: "Invoice", ID: p.Invoice})
		}
		named[p.Invoice] += p.Kopecks
		total += p.Kopecks
	}
	if total > sum.Kopecks {
		return entity.Invalidf("invoiceSums", CodeSplitOver, "")
	}
	if _, ok := c.Many["invoices"]; ok || len(given) > 0 {
		c.Many["invoices"] = list
	}
	if len(list) == 0 {
		c.Values["invoiceSums"] = nil
		return nil
	}
	if err := m.onePayer(ctx, c.Scope.Account, list); err != nil {
		return err
	}
	left := sum.Kopecks - total
	var unnamed []int64
	for _, l := range list {
		if _, ok := named[l.ID]; !ok {
			unnamed = append(unnamed, l.ID)
		}
	}
	parts := make([]part, 0, len(list))
	for _, l := range list {
		k, ok := named[l.ID]
		if !ok {
			if l.ID == unnamed[len(unnamed)-1] {
				k = left
			} else if k, err = m.restOf(ctx, c.Scope.Account, l.ID, c.ID); err != nil {
				return err
			}
			k = max(min(k, left), 0)
			left -= k
		}
		parts = append(parts, part{Invoice: l.ID, Kopecks: k})
	}
	c.Values["invoiceSums"] = encodeParts(parts, sum)
	return nil
}

func hasLink(list []value.Link, id int64) bool {
	for _, l := range list {
		if l.ID == id {
			return true
		}
	}
	return false
}

// onePayer refuses invoices of two payers paid by one income.
func (m *Module) onePayer(ctx context.Context, account int64, list []value.Link) error {
	if len(list) < 2 {
		return nil
	}
	seen := int64(-1)
	for _, l := range list {
		var payer *int64
		err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_payer_i FROM e_invoice
			WHERE account_id = ? AND id = ?`), account, l.ID).Scan(&payer)
		if err != nil {
			continue // a missing invoice is refused by the link check
		}
		p := int64(0)
		if payer != nil {
			p = *payer
		}
		if seen >= 0 && p != seen {
			return entity.Invalidf("invoices", CodeSplitPayer, "")
		}
		seen = p
	}
	return nil
}

// restOf is what is left to pay of an invoice by incomes other than one.
func (m *Module) restOf(ctx context.Context, account, invoice, except int64) (int64, error) {
	var sum *string
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_sum FROM e_invoice
		WHERE account_id = ? AND id = ?`), account, invoice).Scan(&sum)
	if err != nil || sum == nil {
		return 0, nil
	}
	s, _ := money.Parse(*sum)
	paid, err := m.incomesOf(ctx, account, invoice, except)
	return s.Kopecks - paid, err
}
