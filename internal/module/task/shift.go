package task

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/workcal"
)

// A template's deadline may be relative (ShiftDate: "3 work days",
// "1 day 4 hours"). Work made from the template gets a real deadline,
// counted from the moment it is made:
//
//   - days only: a DateOnly, today + days, or the days-th working day
//     after today when isWorkDays (weekends and the account's days off
//     skipped, internal/workcal; 0 work days is today, or the next working
//     day when today is off);
//   - with hours or minutes: a DateTime, now moved by the days the same
//     way (keeping the time of day), then by the hours and minutes.
//
// Days are UTC days, as the overdue rule counts them (accounts carry no
// time zone yet). A shift below zero or past workcal.MaxDays days is kept
// as it was: nothing sensible is "ten years of working days" from now.
type shift struct {
	Days, Hours, Minutes int64
	IsWorkDays           bool
}

// readShift reads a stored deadline that is a ShiftDate.
func readShift(stored any) (shift, bool) {
	s, ok := stored.(string)
	if !ok {
		return shift{}, false
	}
	var u struct {
		T string `json:"t"`
		V shift  `json:"v"`
	}
	if json.Unmarshal([]byte(s), &u) != nil || u.T != "ShiftDate" {
		return shift{}, false
	}
	sh := u.V
	if sh.Days < 0 || sh.Days > workcal.MaxDays || sh.Hours < 0 || sh.Minutes < 0 || sh.Hours+sh.Minutes/60 > 24*workcal.MaxDays {
		return shift{}, false
	}
	return sh, true
}

// resolveDeadline replaces a relative deadline in c with the date it
// means now; any other deadline is left alone.
func resolveDeadline(ctx context.Context, e *entity.Engine, c *entity.Change, now time.Time) error {
	sh, ok := readShift(c.Values["deadline"])
	if !ok {
		return nil
	}
	now = now.UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	day := today.AddDate(0, 0, int(sh.Days))
	if sh.IsWorkDays {
		cal, err := workcal.Load(ctx, e.DB, c.Scope.Account, today)
		if err != nil {
			return err
		}
		day = cal.AddWorkDays(today, int(sh.Days))
	}
	var raw string
	if sh.Hours == 0 && sh.Minutes == 0 {
		raw = fmt.Sprintf(`{"contentType":"DateOnly","year":%d,"month":%d,"day":%d}`, day.Year(), int(day.Month())-1, day.Day())
	} else {
		at := day.Add(now.Sub(today)).Add(time.Duration(sh.Hours)*time.Hour + time.Duration(sh.Minutes)*time.Minute)
		raw = fmt.Sprintf(`{"contentType":"DateTime","value":%q}`, at.Format(time.RFC3339))
	}
	v, err := c.Type.Field("deadline").Kind.Decode(json.RawMessage(raw))
	if err != nil {
		return fmt.Errorf("task: resolving a relative deadline: %w", err)
	}
	c.Values["deadline"] = v
	return nil
}
