package demo

import (
	"fmt"
	"time"

	"github.com/artel/artel/internal/module/telephony"
)

// callsStep gives the sales team a morning of calls through the simulated
// PBX (the account's provider, so the demo's widget can be tried): calls
// answered, missed, one that failed, one with a recording; each leaves its
// call to-do as a real call would.
func (f *filler) callsStep() error {
	sales := f.byDept["Продажи"]
	var people []client
	for _, c := range f.clients {
		if c.phone != "" {
			people = append(people, c)
		}
	}
	if len(sales) == 0 || len(people) == 0 {
		return nil
	}
	if err := telephony.UseSimulated(f.ctx, f.e.DB, f.account); err != nil {
		return err
	}
	calls := &telephony.Module{Engine: f.e}
	day := time.Date(f.base.Year(), f.base.Month(), f.base.Day(), 9, 30, 0, 0, moscow)
	for i := range 8 {
		who := people[f.intn(len(people))]
		emp := sales[i%len(sales)]
		id := fmt.Sprintf("demo-%d", i+1)
		at := day.Add(time.Duration(i*37) * time.Minute).UnixMilli()
		talk := int64(f.between(40, 600)) * 1000
		kind := []string{"answered", "answered", "missed", "answered", "failed", "answered", "missed", "answered"}[i]
		first := telephony.Event{CallID: id, Event: "incoming", From: who.phone, To: "100", EmployeeID: emp.ID, Time: at}
		if kind == "failed" {
			first = telephony.Event{CallID: id, Event: "outgoing", To: who.phone, EmployeeID: emp.ID, Time: at, Direction: "out"}
		}
		events := []telephony.Event{first}
		if kind == "answered" {
			events = append(events, telephony.Event{CallID: id, Event: "talking", Time: at + 8000})
		}
		events = append(events, telephony.Event{CallID: id, Event: "finished", Time: at + 8000 + talk})
		if i == 0 {
			events = append(events, telephony.Event{CallID: id, Event: "recording", RecordingURL: "https://pbx.example.ru/records/demo-1.mp3"})
		}
		for _, ev := range events {
			if _, err := calls.Apply(f.ctx, f.account, ev); err != nil {
				return fmt.Errorf("demo: call %s: %w", id, err)
			}
		}
		f.counts["Todo"]++
	}
	return nil
}
