package todo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-ical"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// prodID names Artel in the iCalendar it writes.
const prodID = "-//Artel//Artel calendar//RU"

// uidOf is a to-do's iCalendar UID: the one a CalDAV client gave it, or
// one of Artel's own.
func uidOf(todo int64, given string) string {
	if given != "" {
		return given
	}
	return fmt.Sprintf("artel-todo-%d", todo)
}

// eventOf is a to-do as a VEVENT (place: the name of its place); nil
// for one with no time.
func eventOf(rec *entity.Record, uid, place string) *ical.Event {
	span, ok := value.SpanOf(rec.Values["when"])
	if !ok {
		return nil
	}
	ev := ical.NewEvent()
	ev.Props.SetText(ical.PropUID, uid)
	// The to-do's creation, not the time of writing: the same to-do is
	// the same text, so its ETag changes only when it does.
	created, _ := rec.Values["timeCreated"].(int64)
	ev.Props.SetDateTime(ical.PropDateTimeStamp, time.UnixMilli(created).UTC())
	ev.Props.SetText(ical.PropSummary, str(rec.Values["name"]))
	if d := str(rec.Values["description"]); d != "" {
		ev.Props.SetText(ical.PropDescription, d)
	}
	if place != "" {
		ev.Props.SetText(ical.PropLocation, place)
	}
	if c := named(rec.Values["category"]); c != "" {
		ev.Props.SetText(ical.PropCategories, c)
	}
	start, end := time.UnixMilli(span.Start).UTC(), time.UnixMilli(span.End).UTC()
	if span.AllDay {
		ev.Props.SetDate(ical.PropDateTimeStart, start)
		ev.Props.SetDate(ical.PropDateTimeEnd, end)
	} else {
		ev.Props.SetDateTime(ical.PropDateTimeStart, start)
		ev.Props.SetDateTime(ical.PropDateTimeEnd, end)
	}
	ev.SetStatus(ical.EventConfirmed)
	return ev
}

// newCalendar wraps events in a VCALENDAR.
func newCalendar(events ...*ical.Event) *ical.Calendar {
	cal := ical.NewCalendar()
	cal.Props.SetText(ical.PropVersion, "2.0")
	cal.Props.SetText(ical.PropProductID, prodID)
	for _, ev := range events {
		cal.Children = append(cal.Children, ev.Component)
	}
	return cal
}

// encodeCalendar writes a calendar as text, and its ETag (unquoted, as
// go-webdav quotes it).
func encodeCalendar(cal *ical.Calendar) ([]byte, string, error) {
	var buf bytes.Buffer
	if err := ical.NewEncoder(&buf).Encode(cal); err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(buf.Bytes())
	return buf.Bytes(), hex.EncodeToString(sum[:8]), nil
}

// written is what a calendar app writes of a to-do.
type written struct {
	in    entity.Input // name, when, description
	uid   string
	place string // LOCATION, "" for none
}

// inputOf reads the to-do fields a calendar app writes: summary, time,
// description and place. A VEVENT without DTSTART is refused.
func inputOf(cal *ical.Calendar) (written, error) {
	events := cal.Events()
	if len(events) != 1 {
		return written{}, fmt.Errorf("todo: one VEVENT expected, got %d", len(events))
	}
	ev := events[0]
	start := ev.Props.Get(ical.PropDateTimeStart)
	if start == nil {
		return written{}, fmt.Errorf("todo: VEVENT without DTSTART")
	}
	from, err := ev.DateTimeStart(time.UTC)
	if err != nil {
		return written{}, err
	}
	to, err := ev.DateTimeEnd(time.UTC)
	if err != nil {
		return written{}, err
	}
	var when map[string]any
	if start.ValueType() == ical.ValueDate || len(start.Value) == 8 {
		last := to.AddDate(0, 0, -1)
		if !last.After(from) {
			last = from
		}
		when = map[string]any{"contentType": "IntervalDates", "from": dateOnly(from), "to": dateOnly(last)}
	} else {
		if !to.After(from) {
			to = from.Add(value.DefaultSpan)
		}
		when = map[string]any{"contentType": "IntervalTime", "from": dateTime(from), "to": dateTime(to)}
	}
	summary, _ := ev.Props.Text(ical.PropSummary)
	if strings.TrimSpace(summary) == "" {
		summary = "(без названия)"
	}
	in := entity.Input{"name": raw(summary), "when": raw(when)}
	if d, err := ev.Props.Text(ical.PropDescription); err == nil {
		in["description"] = raw(d)
	}
	w := written{in: in}
	w.place, _ = ev.Props.Text(ical.PropLocation)
	w.uid, _ = ev.Props.Text(ical.PropUID)
	return w, nil
}

func raw(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

func dateOnly(t time.Time) map[string]any {
	return map[string]any{"contentType": "DateOnly", "year": t.Year(), "month": int(t.Month()) - 1, "day": t.Day()}
}

func dateTime(t time.Time) map[string]any {
	return map[string]any{"contentType": "DateTime", "value": t.UTC().Format(time.RFC3339)}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// named reads the name of a stored object value (Place, TodoCategory).
func named(v any) string {
	var o struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal([]byte(str(v)), &o)
	return o.Name
}
