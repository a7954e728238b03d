package todo

import (
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// storedWhen is Todo.when as the engine stores a DateUnion member.
type storedWhen struct {
	T string          `json:"t"`
	V json.RawMessage `json:"v"`
}

type timeBounds struct {
	From *int64 `json:"from"`
	To   *int64 `json:"to"`
}

type dayBounds struct {
	From *string `json:"from"`
	To   *string `json:"to"`
}

// normalWhen applies the interval rules to a written when (stored form):
// a timed to-do without an end lasts value.DefaultSpan; a whole-day one
// without an end is one day long; one without a start is refused, since
// a calendar could not place it. It answers the value to store.
func normalWhen(v any) (any, error) {
	s, _ := v.(string)
	if s == "" {
		return v, nil
	}
	var w storedWhen
	if json.Unmarshal([]byte(s), &w) != nil {
		return v, nil
	}
	switch w.T {
	case "IntervalTime":
		var b timeBounds
		if json.Unmarshal(w.V, &b) != nil || b.From == nil {
			return nil, whenRequired()
		}
		if b.To == nil {
			end := *b.From + value.DefaultSpan.Milliseconds()
			b.To = &end
		}
		w.V, _ = json.Marshal(b)
	case "IntervalDates":
		var b dayBounds
		if json.Unmarshal(w.V, &b) != nil || b.From == nil {
			return nil, whenRequired()
		}
		if b.To == nil {
			b.To = b.From
		}
		w.V, _ = json.Marshal(b)
	default:
		return v, nil
	}
	out, _ := json.Marshal(w)
	return string(out), nil
}

func whenRequired() error {
	return &entity.Invalid{Errors: []entity.FieldError{{Field: "when", Code: entity.CodeRequired}}}
}
