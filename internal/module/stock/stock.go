// Package stock owns warehouses' stock: consignments (income, expense,
// and movement as a paired expense and income), their states, the
// balances they leave per warehouse and offer, the deficit list and
// consignments made from deals. See docs/stock.md.
package stock

import (
	"context"
	"strconv"

	"github.com/artel/artel/internal/entity"
)

// The reference's Consignment states and types.
const (
	Created   = "created"
	Reserved  = "reserved"
	Performed = "performed"
	Cancelled = "cancelled"

	Income  = "income"
	Expense = "expense"
)

// Codes of the stock rules' refusals (422, on the field named).
const (
	CodeExceedsStock    = "stock_exceeds"
	CodeNoStock         = "stock_empty"
	CodeStateNotAllowed = "stock_state_not_allowed"
	CodePerformed       = "stock_performed"
	CodeNoGoods         = "stock_no_goods"
	CodeRowsFormat      = "stock_rows_format"
	CodeRowsOnly        = "stock_rows_only"
	CodeSameWarehouse   = "stock_same_warehouse"
)

// Wording is the refusals' text, ru and en. The first two are spec 001's
// error catalogue word for word.
var Wording = map[string][2]string{
	CodeExceedsStock:    {"Количество товара в накладной больше, чем есть на складе", "The consignment's quantity is more than the warehouse has"},
	CodeNoStock:         {"Товаров нет на складе, чтобы провести накладную", "The goods are not in the warehouse to perform the consignment"},
	CodeStateNotAllowed: {"Накладную нельзя перевести в это состояние", "The consignment cannot move to this state"},
	CodePerformed:       {"Проведённую накладную нельзя изменить, отменить или удалить", "A performed consignment cannot be changed, cancelled or deleted"},
	CodeNoGoods:         {"Для проведения в накладной должны быть товары", "A consignment needs goods in its rows to be performed"},
	CodeRowsFormat:      {"Позиции накладной — это список позиций (ConsignmentRow) с товаром и количеством", "A consignment's rows are a list of ConsignmentRow values with an offer and a quantity"},
	CodeRowsOnly:        {"Позиции накладной меняются только вместе с накладной", "A consignment's rows change only with their consignment"},
	CodeSameWarehouse:   {"Склады отправления и назначения должны различаться", "The source and destination warehouses must differ"},
	CodeRowsCurrencies:  {"Позиции накладной должны быть в одной валюте", "A consignment's rows must be in one currency"},
	CodeKitCycle:        {"Комплект не может входить сам в себя", "A kit cannot be a part of itself"},
	CodeImportState:     {"Импорт уже выполнен или выполняется", "The import has run or is running"},
	CodeImportField:     {"Столбец можно сопоставить только с полем товара, каждое поле — с одним столбцом", "A column maps to one of the offer's fields, each field to one column"},
	CodeImportFormat:    {"Файл не похож на каталог в CSV: нужна строка заголовков со столбцом name", "The file is not a catalogue CSV: it needs a header row with a name column"},
}

// next are the states a consignment may move to from each state (spec
// 001 §4.4): a performed one only resumes to created; a reserve may be
// removed (back to created); a cancelled one may be resumed.
var next = map[string][]string{
	Created:   {Reserved, Performed, Cancelled},
	Reserved:  {Created, Performed, Cancelled},
	Performed: {Created},
	Cancelled: {Created},
}

// Module is the stock rules over the engine.
type Module struct {
	e *entity.Engine
}

// Register installs the stock rules: a consignment's state and a
// performed consignment change only through this module, rows only with
// their consignment; and a consignment's possibleStates and an offer's
// stock figures.
func Register(e *entity.Engine) *Module {
	m := &Module{e: e}
	e.Hook("Consignment", entity.Hooks{BeforeSave: m.guardConsignment, BeforeDelete: m.guardDelete})
	e.Hook("ConsignmentRow", entity.Hooks{BeforeSave: m.guardRow, BeforeDelete: m.guardRowDelete})
	e.Hook("Warehouse", entity.Hooks{BeforeDelete: m.keepStocked("warehouse_id")})
	e.Hook("Offer", entity.Hooks{BeforeDelete: m.keepStocked("offer_id")})
	e.Hook("Offer", entity.Hooks{BeforeDelete: m.dropOfferPrices})
	e.Hook("PriceList", entity.Hooks{BeforeSave: m.checkPriceList, BeforeDelete: m.keepNamedList})
	e.Hook("OfferPrice", entity.Hooks{BeforeSave: m.checkOfferPrice})
	e.Hook("OfferPart", entity.Hooks{BeforeSave: m.checkPart})
	registerFilters(e)
	e.NeedFields("Consignment", "state", "type", "warehouse")
	e.Compute("Consignment", entity.Computer{Fields: []string{"possibleStates", "rights"}, InLists: true, Fill: m.fillConsignmentRights})
	e.Compute("Warehouse", entity.Computer{Fields: []string{"rights"}, Fill: m.fillWarehouseRights})
	e.Compute("Offer", entity.Computer{Fields: []string{"balanceQuantity", "availableQuantity", "expectedQuantity"},
		InLists: true, Fill: m.fillOfferStock})
	e.Compute("Offer", entity.Computer{Fields: []string{"warehouseBalances", "warehouseBalancesCount"}, Fill: m.fillOfferBalances})
	return m
}

// kept are a consignment's fields the rules keep: a client's are ignored.
var kept = []string{"number", "price", "taxSum", "sumWithoutTax", "actualTime", "operation"}

// ownKey marks the saves of this module: only they write a state, a
// performed consignment, or rows.
type ownKey struct{}

func own(ctx context.Context) context.Context { return context.WithValue(ctx, ownKey{}, true) }

func isOwn(ctx context.Context) bool { return ctx.Value(ownKey{}) != nil }

func system(sc entity.Scope) entity.Scope {
	return entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true, Lang: sc.Lang}
}

// stateOf is a record's state; an unset one counts as created.
func stateOf(values map[string]any) string {
	if s, ok := values["state"].(string); ok && s != "" {
		return s
	}
	return Created
}

// guardConsignment numbers a new consignment ("1", "2", … per account,
// taken in the create's transaction) and keeps what only this module
// writes: the state, and anything of a performed consignment.
func (m *Module) guardConsignment(ctx context.Context, c *entity.Change) error {
	if !isOwn(ctx) && !c.Scope.System {
		for _, f := range kept {
			delete(c.Values, f)
		}
		delete(c.Links, "linkedConsignment") // a movement's pair, set by Move
	}
	if c.New && c.Values["number"] == nil {
		n, err := m.e.NextNumber(ctx, c.Scope, "Consignment.number")
		if err != nil {
			return err
		}
		c.Values["number"] = strconv.FormatInt(n, 10)
	}
	if isOwn(ctx) {
		return nil
	}
	if _, given := c.Values["state"]; given {
		return entity.Invalidf("state", CodeStateNotAllowed, "")
	}
	if c.Old != nil && stateOf(c.Old.Values) == Performed {
		return entity.Invalidf("state", CodePerformed, "")
	}
	return nil
}

func (m *Module) guardDelete(ctx context.Context, _ entity.Scope, rec *entity.Record) error {
	if !isOwn(ctx) {
		return entity.Invalidf("state", CodePerformed, "")
	}
	return nil
}

func (m *Module) guardRow(ctx context.Context, c *entity.Change) error {
	if !isOwn(ctx) {
		return entity.Invalidf("rows", CodeRowsOnly, "")
	}
	return nil
}

func (m *Module) guardRowDelete(ctx context.Context, _ entity.Scope, _ *entity.Record) error {
	if !isOwn(ctx) {
		return entity.Invalidf("rows", CodeRowsOnly, "")
	}
	return nil
}

// Over is the rules over an engine that Register has already hooked, for
// callers outside the HTTP routes (the demo company).
func Over(e *entity.Engine) *Module { return &Module{e: e} }
