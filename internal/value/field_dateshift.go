package value

import (
	"encoding/json"
	"slices"
)

// DateShift is a signed offset in one calendar unit ("3 days before"), used
// by relative dates such as reminders.
type DateShift struct{}

var _ Kind = DateShift{}

// shiftUnits are the units of DateShift, smallest first.
var shiftUnits = []string{"second", "minute", "hour", "day", "week", "month", "quarter", "year"}

type dateShift struct {
	Unit  string `json:"unit"`
	Delta int64  `json:"delta"`
}

func (DateShift) Name() string   { return "DateShift" }
func (DateShift) Column() Column { return ColText }

func (DateShift) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "DateShift", dateShiftFrom)
}

func dateShiftFrom(v any) (string, error) {
	m, err := object(v, "DateShift")
	if err != nil {
		return "", err
	}
	var d dateShift
	d.Unit, _ = m["unit"].(string)
	if !slices.Contains(shiftUnits, d.Unit) {
		// A copy, so no caller can edit the package's list through the error.
		return "", &Error{Code: CodeEnum, Expected: "DateShift", Allowed: slices.Clone(shiftUnits)}
	}
	if d.Delta, err = toInt(m["delta"], "DateShift"); err != nil {
		return "", err
	}
	return storeJSON(d), nil
}

func (DateShift) Encode(stored any, _ Options) any {
	var d dateShift
	s, ok := asString(stored)
	if !ok || json.Unmarshal([]byte(s), &d) != nil {
		return nil
	}
	return map[string]any{"contentType": "DateShift", "unit": d.Unit, "delta": d.Delta}
}
