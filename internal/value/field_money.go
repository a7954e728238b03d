package value

import (
	"encoding/json"
	"math"
)

// Money is an amount in a currency together with its value in the main
// currency, stored as compact JSON. It sorts by valueInMain, so amounts in
// different currencies compare sensibly.
type Money struct{}

var (
	_ Kind   = Money{}
	_ Sorter = Money{}
)

// money is the stored form; field order makes the stored text canonical.
type money struct {
	Value       float64 `json:"value"`
	Currency    string  `json:"currency"`
	ValueInMain float64 `json:"valueInMain"`
	Rate        float64 `json:"rate"`
}

func (Money) Name() string   { return "Money" }
func (Money) Column() Column { return ColText }

func (Money) Decode(raw json.RawMessage) (any, error) { return decode(raw, "Money", moneyFrom) }

// moneyFrom reads the Money object or a bare amount, which is taken as RUB.
func moneyFrom(v any) (string, error) {
	m := money{Currency: "RUB", Rate: 1}
	obj, isObj := v.(map[string]any)
	if !isObj {
		obj = map[string]any{"value": v}
	} else if _, err := object(v, "Money"); err != nil {
		return "", err
	}
	var err error
	if m.Value, err = toFloat(obj["value"], "Money"); err != nil {
		return "", err
	}
	if c := obj["currency"]; c != nil {
		s, _ := c.(string)
		if !isCurrency(s) {
			return "", fail(CodeFormat, "Money")
		}
		m.Currency = s
	}
	if r := obj["rate"]; r != nil {
		if m.Rate, err = toFloat(r, "Money"); err != nil {
			return "", err
		}
		if m.Rate <= 0 {
			return "", fail(CodeRange, "Money")
		}
	}
	// valueInMain is the client's figure when given: the rate may have been
	// rounded, and the client's books are what must sort.
	m.ValueInMain = m.Value * m.Rate
	if vm := obj["valueInMain"]; vm != nil {
		if m.ValueInMain, err = toFloat(vm, "Money"); err != nil {
			return "", err
		}
	}
	if math.IsInf(m.ValueInMain, 0) {
		return "", fail(CodeRange, "Money")
	}
	return storeJSON(m), nil
}

// isCurrency reports an ISO 4217 shaped code: three uppercase Latin letters.
func isCurrency(s string) bool {
	if len(s) != 3 {
		return false
	}
	for _, c := range []byte(s) {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

func storedMoney(stored any) (money, bool) {
	var m money
	s, ok := asString(stored)
	return m, ok && json.Unmarshal([]byte(s), &m) == nil
}

func (Money) Encode(stored any, _ Options) any {
	m, ok := storedMoney(stored)
	if !ok {
		return nil
	}
	return map[string]any{"contentType": "Money", "value": m.Value, "currency": m.Currency,
		"valueInMain": m.ValueInMain, "rate": m.Rate}
}

func (Money) SortKey(stored any) any {
	if m, ok := storedMoney(stored); ok {
		return m.ValueInMain
	}
	return nil
}

func (Money) SortColumn() Column { return ColFloat }
