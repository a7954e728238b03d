package value

import (
	"encoding/json"
	"strings"
	"time"
)

// DateTime is an instant, stored as Unix milliseconds UTC so that it sorts and
// compares as an integer in both dialects.
type DateTime struct{}

var _ Kind = DateTime{}

// dateTimeLayouts are tried in order. Fractional seconds need no layout of
// their own: time.Parse accepts them after the seconds field. Layouts without
// an offset parse as UTC.
var dateTimeLayouts = []string{
	time.RFC3339,
	"2006-01-02T15:04:05Z0700",
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05",
}

func (DateTime) Name() string   { return "DateTime" }
func (DateTime) Column() Column { return ColInt }

func (DateTime) Decode(raw json.RawMessage) (any, error) {
	return decode(raw, "DateTime", dateTimeFrom)
}

// dateTimeFrom reads {"contentType":"DateTime","value":"..."} or the bare string.
func dateTimeFrom(v any) (int64, error) {
	if _, isObj := v.(map[string]any); isObj {
		m, err := object(v, "DateTime")
		if err != nil {
			return 0, err
		}
		v = m["value"]
	}
	s, ok := v.(string)
	if !ok {
		return 0, fail(CodeType, "DateTime")
	}
	s = strings.TrimSpace(s)
	for _, layout := range dateTimeLayouts {
		t, err := time.Parse(layout, s)
		if err != nil {
			continue
		}
		if y := t.UTC().Year(); y < 1 || y > 9999 {
			return 0, fail(CodeRange, "DateTime")
		}
		// The API writes whole seconds; keeping hidden milliseconds would make
		// a value differ from its own echo in filters and comparisons.
		return t.Truncate(time.Second).UnixMilli(), nil
	}
	return 0, fail(CodeFormat, "DateTime")
}

func (DateTime) Encode(stored any, opt Options) any {
	ms, ok := asInt(stored)
	if !ok {
		return nil
	}
	return map[string]any{"contentType": "DateTime", "value": formatDateTime(ms, opt.loc())}
}

func formatDateTime(ms int64, loc *time.Location) string {
	t := time.UnixMilli(ms).In(loc)
	// The output offset has minute precision; historic zones with offsets in
	// seconds (LMT) would shift the instant, so those are written in UTC.
	if _, off := t.Zone(); off%60 != 0 {
		t = t.UTC()
	}
	return t.Format("2006-01-02T15:04:05-07:00")
}
