package finance

import (
	"context"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// The reference's FinOperation kinds.
const (
	Income   = "income"
	Expense  = "expense"
	Transfer = "transfer"
	Virtual  = "virtual"
)

// Codes of the operation rules' refusals.
const (
	CodeSumPositive   = "fin_sum_positive"
	CodeKindFixed     = "fin_kind_fixed"
	CodeTransferVia   = "fin_transfer_via_request"
	CodeTransferFixed = "fin_transfer_fixed"
	CodeSameAccount   = "fin_same_account"
	CodeIncomeOnly    = "fin_income_only"
	CodeLinkTarget    = "fin_link_target"
)

var opWording = map[string][2]string{
	CodeSumPositive:   {"Сумма операции должна быть больше нуля", "An operation's sum must be above zero"},
	CodeKindFixed:     {"Вид операции не меняется", "An operation's kind cannot change"},
	CodeTransferVia:   {"Перевод создаётся запросом на перевод (/finOperation/createTransfer)", "A transfer is made by a transfer request (/finOperation/createTransfer)"},
	CodeTransferFixed: {"Сумма и счёт перевода не меняются: удалите перевод и создайте новый", "A transfer's sum and account cannot change: delete it and make a new one"},
	CodeSameAccount:   {"Счета отправителя и получателя должны различаться", "The sending and receiving accounts must differ"},
	CodeIncomeOnly:    {"Оплатить счёт или сделку может только поступление", "Only an income pays an invoice or a deal"},
	CodeLinkTarget:    {"Операцию можно привязать к счёту или сделке", "An operation links to an invoice or a deal"},
}

// opKept are the fields the rules keep; a client's are ignored.
var opKept = []string{"number", "incomeSum", "expenseSum", "accountSum"}

// beforeOp checks an operation and keeps its number and its income and
// expense sums (docs/finance.md, "Operations").
func (m *Module) beforeOp(ctx context.Context, c *entity.Change) error {
	machine := isMachine(ctx)
	if !machine {
		for _, f := range opKept {
			delete(c.Values, f)
		}
		delete(c.Links, "pairedOperation")
	}
	kind := opString(c, "kind")
	if c.Old != nil && c.Values["kind"] != nil && kind != c.Old.String("kind") {
		return entity.Invalidf("kind", CodeKindFixed, kind)
	}
	if kind == "" {
		kind = Income
		c.Values["kind"] = kind
	}
	if kind == Transfer && !machine {
		if c.New {
			return entity.Invalidf("kind", CodeTransferVia, "")
		}
		_, sum := c.Values["sum"]
		_, acc := c.Links["realAccount"]
		if sum || acc {
			return entity.Invalidf("sum", CodeTransferFixed, "")
		}
	}
	sum, _ := money.Parse(opString(c, "sum"))
	if sum.Kopecks <= 0 {
		return entity.Invalidf("sum", CodeSumPositive, "")
	}
	if kind != Transfer && (c.New || c.Values["sum"] != nil || c.Values["kind"] != nil) {
		zero := money.Amount{Currency: sum.Currency, Rate: sum.Rate}
		c.Values["incomeSum"], c.Values["expenseSum"] = zero.Stored(), zero.Stored()
		switch kind {
		case Income:
			c.Values["incomeSum"] = sum.Stored()
		case Expense:
			c.Values["expenseSum"] = sum.Stored()
		}
	}
	if err := m.keepAccountSum(ctx, c, sum); err != nil {
		return err
	}
	if kind != Income && (len(c.Many["invoices"]) > 0 || (c.Links["deal"] != nil)) {
		return entity.Invalidf("invoices", CodeIncomeOnly, "")
	}
	if kind != Income {
		if s, _ := c.Values["invoiceSums"].(string); s != "" && s != "[]" {
			return entity.Invalidf("invoiceSums", CodeIncomeOnly, "")
		}
		delete(c.Values, "invoiceSums")
	} else if touchesSplit(c) {
		if err := m.splitIncome(ctx, c, sum); err != nil {
			return err
		}
	}
	if c.New && c.Values["number"] == nil {
		n, err := m.e.NextNumber(ctx, c.Scope, "FinOperation.number")
		if err != nil {
			return err
		}
		c.Values["number"] = strconv.FormatInt(n, 10)
	}
	if c.New && c.Values["date"] == nil {
		c.Values["date"] = m.e.Now().UnixMilli()
	}
	return nil
}

// touchesSplit reports a write that names an income's sum, invoices or
// parts: its split is made again.
func touchesSplit(c *entity.Change) bool {
	_, parts := c.Values["invoiceSums"]
	_, invoices := c.Many["invoices"]
	return c.New || parts || invoices || c.Values["sum"] != nil
}

// opString is a value field as the change leaves it.
func opString(c *entity.Change, f string) string {
	if v, given := c.Values[f]; given {
		s, _ := v.(string)
		return s
	}
	if c.Old != nil {
		return c.Old.String(f)
	}
	return ""
}

// opLink is a single link as the change leaves it.
func opLink(c *entity.Change, f string) int64 {
	if l, given := c.Links[f]; given {
		if l == nil {
			return 0
		}
		return l.ID
	}
	if c.Old != nil {
		return c.Old.Links[f].ID
	}
	return 0
}

// afterOp moves the balances by the difference the save made, and
// refreshes what the operation pays: its invoices and its deal.
func (m *Module) afterOp(ctx context.Context, c *entity.Change, _ *entity.Record) error {
	acc := opLink(c, "realAccount")
	now := effectOf(opString(c, "kind"), opString(c, "incomeSum"), opString(c, "expenseSum"), opString(c, "accountSum"))
	if c.Old != nil {
		old := c.Old.Links["realAccount"].ID
		was := effectOf(c.Old.String("kind"), c.Old.String("incomeSum"), c.Old.String("expenseSum"), c.Old.String("accountSum"))
		if err := m.addBalance(ctx, c.Scope.Account, old, -was); err != nil {
			return err
		}
	}
	if err := m.addBalance(ctx, c.Scope.Account, acc, now); err != nil {
		return err
	}
	invoices, err := m.invoicesOf(ctx, c.Scope.Account, c.ID)
	if err != nil {
		return err
	}
	for _, inv := range invoices {
		if err := m.refreshPaid(ctx, c.Scope, inv, 0); err != nil {
			return err
		}
	}
	deal := opLink(c, "deal")
	if err := m.refreshDebt(ctx, c.Scope, deal, 0); err != nil {
		return err
	}
	if c.Old != nil && c.Old.Links["deal"].ID != deal {
		return m.refreshDebt(ctx, c.Scope, c.Old.Links["deal"].ID, 0)
	}
	return nil
}

// opLinksLeft refreshes the invoices an operation no longer pays.
func (m *Module) opLinksLeft(ctx context.Context, c *entity.Change, before map[string][]value.Link) error {
	kept := map[int64]bool{}
	for _, l := range c.Many["invoices"] {
		kept[l.ID] = true
	}
	for _, l := range before["invoices"] {
		if !kept[l.ID] {
			if err := m.refreshPaid(ctx, c.Scope, l.ID, 0); err != nil {
				return err
			}
		}
	}
	return nil
}

// beforeOpDelete takes the operation off its balance and what it paid,
// and takes a transfer's other half with it: a transfer is never half
// there.
func (m *Module) beforeOpDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	ctx = context.WithValue(ctx, leavingKey{}, rec.ID)
	if err := m.addBalance(ctx, sc.Account, rec.Links["realAccount"].ID,
		-effectOf(rec.String("kind"), rec.String("incomeSum"), rec.String("expenseSum"), rec.String("accountSum"))); err != nil {
		return err
	}
	invoices, err := m.invoicesOf(ctx, sc.Account, rec.ID)
	if err != nil {
		return err
	}
	for _, inv := range invoices {
		if err := m.refreshPaid(ctx, sc, inv, rec.ID); err != nil {
			return err
		}
	}
	if err := m.refreshDebtExcept(ctx, sc, rec.Links["deal"].ID, 0, rec.ID); err != nil {
		return err
	}
	if ctx.Value(pairKey{}) != nil {
		return nil
	}
	if pair := rec.Links["pairedOperation"].ID; pair != 0 {
		dropping := context.WithValue(ctx, pairKey{}, true)
		if err := m.e.Delete(dropping, system(sc), "FinOperation", pair); err != nil && err != entity.ErrNotFound {
			return err
		}
		return m.dropPairLinks(ctx, sc, rec.ID, pair)
	}
	return nil
}

// pairKey marks the delete of a transfer's other half, which must not
// turn back to delete the first.
type pairKey struct{}
