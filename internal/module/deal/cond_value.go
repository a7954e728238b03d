package deal

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

var errCondValue = errors.New("deal: condition value")

// operand is one side of an ordered comparison: a fixed measure, or for
// dates a day counted from today (the Variable "today", Artel's: its
// value is the shift in days, "-3" is three days ago).
type operand struct {
	fixed float64
	today bool
	shift int
}

// at is the operand's measure at now; a missing operand is 0.
func (o *operand) at(now time.Time) float64 {
	switch {
	case o == nil:
		return 0
	case o.today:
		return dayNumber(now.UTC()) + float64(o.shift)
	}
	return o.fixed
}

// readValue reads a field rule's value for its comparison.
func (n *fieldNode) readValue(raw json.RawMessage) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return errCondValue
	}
	switch n.rule {
	case "EnumFieldRule":
		if json.Unmarshal(raw, &n.texts) != nil || len(n.texts) == 0 {
			return errCondValue
		}
		return nil
	case "StringFieldRule":
		var s string
		if json.Unmarshal(raw, &s) != nil || (n.cmp == "contains" && s == "") {
			return errCondValue
		}
		n.texts = []string{s}
		return nil
	case "BoolFieldRule":
		return json.Unmarshal(raw, &n.flag)
	case "RefFieldRule":
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil || len(items) == 0 {
			return errCondValue
		}
		for _, it := range items {
			var l struct {
				ContentType string      `json:"contentType"`
				ID          json.Number `json:"id"`
			}
			if json.Unmarshal(it, &l) != nil || l.ContentType == "" || idOrZero(l.ID.String()) <= 0 {
				return errCondValue
			}
			n.links = append(n.links, value.Link{Type: l.ContentType, ID: idOrZero(l.ID.String())})
		}
		return nil
	}
	if n.cmp != "interval" {
		o, err := n.operand(raw)
		n.lo = o
		if o == nil && err == nil {
			return errCondValue
		}
		return err
	}
	var iv struct {
		From json.RawMessage `json:"from"`
		To   json.RawMessage `json:"to"`
	}
	if json.Unmarshal(raw, &iv) != nil {
		return errCondValue
	}
	var err error
	if n.lo, err = n.operand(iv.From); err != nil {
		return err
	}
	if n.hi, err = n.operand(iv.To); err != nil {
		return err
	}
	if n.lo == nil && n.hi == nil {
		return errCondValue
	}
	return nil
}

// operand reads one compared value in the field's kind; null or absent
// is nil (an open end of an interval).
func (n *fieldNode) operand(raw json.RawMessage) (*operand, error) {
	if t := bytes.TrimSpace(raw); len(t) == 0 || string(t) == "null" {
		return nil, nil
	}
	switch n.kind.Name() {
	case "Money":
		s, err := value.Money{}.Decode(raw)
		if err != nil || s == nil {
			return nil, errCondValue
		}
		a, ok := money.Parse(s.(string))
		if !ok {
			return nil, errCondValue
		}
		return &operand{fixed: float64(a.Kopecks)}, nil
	case "DateOnly", "DateTime":
		var v struct {
			ContentType string `json:"contentType"`
			Name        string `json:"name"`
			Value       string `json:"value"`
		}
		if json.Unmarshal(raw, &v) == nil && v.ContentType == "Variable" {
			shift, err := strconv.Atoi(strings.TrimSpace(v.Value))
			if v.Name != "today" || (v.Value != "" && err != nil) {
				return nil, errCondValue
			}
			return &operand{today: true, shift: shift}, nil
		}
		s, err := value.DateOnly{}.Decode(raw)
		if err != nil || s == nil {
			return nil, errCondValue
		}
		t, _ := time.Parse(time.DateOnly, s.(string))
		return &operand{fixed: dayNumber(t)}, nil
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil {
		return nil, errCondValue
	}
	return &operand{fixed: f}, nil
}
