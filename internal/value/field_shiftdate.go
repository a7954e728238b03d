package value

import "encoding/json"

// ShiftDate is a deadline relative to another date ("2 work days 4 hours
// after start"); the engine resolves it, this kind only checks and keeps it.
type ShiftDate struct{}

var _ Kind = ShiftDate{}

type shiftDate struct {
	Days       int64 `json:"days"`
	Hours      int64 `json:"hours"`
	Minutes    int64 `json:"minutes"`
	IsWorkDays bool  `json:"isWorkDays"`
}

func (ShiftDate) Name() string   { return "ShiftDate" }
func (ShiftDate) Column() Column { return ColText }

func (ShiftDate) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "ShiftDate", shiftDateFrom)
}

// shiftDateFrom reads the object; absent members are zero, so {"days":1} is
// a valid shift.
func shiftDateFrom(v any) (string, error) {
	m, err := object(v, "ShiftDate")
	if err != nil {
		return "", err
	}
	var s shiftDate
	for key, dst := range map[string]*int64{"days": &s.Days, "hours": &s.Hours, "minutes": &s.Minutes} {
		if m[key] == nil {
			continue
		}
		if *dst, err = toInt(m[key], "ShiftDate"); err != nil {
			return "", err
		}
	}
	if m["isWorkDays"] != nil {
		if s.IsWorkDays, err = toBool(m["isWorkDays"], "ShiftDate"); err != nil {
			return "", err
		}
	}
	return storeJSON(s), nil
}

func (ShiftDate) Encode(stored any, _ Options) any {
	var s shiftDate
	text, ok := asString(stored)
	if !ok || json.Unmarshal([]byte(text), &s) != nil {
		return nil
	}
	return map[string]any{"contentType": "ShiftDate", "days": s.Days, "hours": s.Hours,
		"minutes": s.Minutes, "isWorkDays": s.IsWorkDays}
}
