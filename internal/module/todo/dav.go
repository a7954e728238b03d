package todo

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-ical"
	"github.com/emersion/go-webdav"
	"github.com/emersion/go-webdav/caldav"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// DAVPrefix is where the CalDAV server lives: /caldav/{employee}/ is the
// user's principal, .../calendars/ their home, .../calendars/todo/ the
// one calendar of their to-dos, and each to-do an object in it.
const DAVPrefix = "/caldav"

type scopeKey struct{}

// davBackend is the user's to-dos as one CalDAV calendar: those they are
// responsible for or invited to (and did not refuse), read and written
// through the engine under the user's own rights.
type davBackend struct {
	e   *entity.Engine
	att attendees
}

var _ caldav.Backend = davBackend{}

func scopeOf(ctx context.Context) entity.Scope {
	sc, _ := ctx.Value(scopeKey{}).(entity.Scope)
	return sc
}

func (b davBackend) CurrentUserPrincipal(ctx context.Context) (string, error) {
	return fmt.Sprintf("%s/%d/", DAVPrefix, scopeOf(ctx).Actor.ID), nil
}

func (b davBackend) CalendarHomeSetPath(ctx context.Context) (string, error) {
	return fmt.Sprintf("%s/%d/calendars/", DAVPrefix, scopeOf(ctx).Actor.ID), nil
}

func (b davBackend) calendarPath(ctx context.Context) string {
	return fmt.Sprintf("%s/%d/calendars/todo/", DAVPrefix, scopeOf(ctx).Actor.ID)
}

func (b davBackend) CreateCalendar(ctx context.Context, _ *caldav.Calendar) error {
	return webdav.NewHTTPError(http.StatusForbidden, errors.New("todo: Artel keeps one calendar per user"))
}

func (b davBackend) ListCalendars(ctx context.Context) ([]caldav.Calendar, error) {
	return []caldav.Calendar{b.calendar(ctx)}, nil
}

func (b davBackend) calendar(ctx context.Context) caldav.Calendar {
	return caldav.Calendar{Path: b.calendarPath(ctx), Name: "Artel", Description: "Дела в Artel",
		SupportedComponentSet: []string{ical.CompEvent}}
}

func (b davBackend) GetCalendar(ctx context.Context, p string) (*caldav.Calendar, error) {
	if strings.TrimSuffix(p, "/")+"/" != b.calendarPath(ctx) {
		return nil, webdav.NewHTTPError(http.StatusNotFound, errors.New("todo: no such calendar"))
	}
	c := b.calendar(ctx)
	return &c, nil
}

func (b davBackend) GetCalendarObject(ctx context.Context, p string, _ *caldav.CalendarCompRequest) (*caldav.CalendarObject, error) {
	id, err := b.resolve(ctx, p)
	if err != nil {
		return nil, err
	}
	rec, err := b.e.Get(ctx, scopeOf(ctx), "Todo", id)
	if err != nil {
		return nil, davError(err)
	}
	objs, err := b.objects(ctx, []*entity.Record{rec})
	if err != nil || len(objs) == 0 {
		return nil, webdav.NewHTTPError(http.StatusNotFound, errors.New("todo: no time"))
	}
	return &objs[0], nil
}

func (b davBackend) ListCalendarObjects(ctx context.Context, p string, _ *caldav.CalendarCompRequest) ([]caldav.CalendarObject, error) {
	return b.between(ctx, math.MinInt64/2, math.MaxInt64/2)
}

func (b davBackend) QueryCalendarObjects(ctx context.Context, p string, q *caldav.CalendarQuery) ([]caldav.CalendarObject, error) {
	from, to := int64(math.MinInt64/2), int64(math.MaxInt64/2)
	// The time range is applied here, by overlap as RFC 4791 §9.9 says:
	// go-webdav's matcher (v0.6.0) compares the bounds strictly and
	// misses an event that fills the range exactly. Its matcher still
	// applies the rest of the query.
	rest := *q
	rest.CompFilter.Comps = slices.Clone(q.CompFilter.Comps)
	for i, c := range rest.CompFilter.Comps {
		if !c.Start.IsZero() {
			from = c.Start.UnixMilli()
		}
		if !c.End.IsZero() {
			to = c.End.UnixMilli()
		}
		rest.CompFilter.Comps[i].Start, rest.CompFilter.Comps[i].End = time.Time{}, time.Time{}
	}
	objs, err := b.between(ctx, from, to)
	if err != nil {
		return nil, err
	}
	return caldav.Filter(&rest, objs)
}

// between is the user's to-dos overlapping [from, to) as objects.
func (b davBackend) between(ctx context.Context, from, to int64) ([]caldav.CalendarObject, error) {
	sc := scopeOf(ctx)
	rows, err := b.att.busy(ctx, sc.Account, []value.Link{sc.Actor}, from, to)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, r := range rows {
		ids = append(ids, r.Todo)
	}
	recs, err := b.e.GetMany(ctx, sc, "Todo", ids)
	if err != nil {
		return nil, err
	}
	return b.objects(ctx, recs)
}

// objects renders to-dos with a time as calendar objects, each under its
// name (the client's, for one it made).
func (b davBackend) objects(ctx context.Context, recs []*entity.Record) ([]caldav.CalendarObject, error) {
	names, err := b.att.davNames(ctx, scopeOf(ctx).Account, recs)
	if err != nil {
		return nil, err
	}
	places, err := placeNames(ctx, b.e, scopeOf(ctx), recs)
	if err != nil {
		return nil, err
	}
	out := make([]caldav.CalendarObject, 0, len(recs))
	for _, rec := range recs {
		n := names[rec.ID]
		ev := eventOf(rec, uidOf(rec.ID, n.uid), places[rec.ID])
		if ev == nil {
			continue
		}
		cal := newCalendar(ev)
		data, etag, err := encodeCalendar(cal)
		if err != nil {
			return nil, err
		}
		name := n.name
		if name == "" {
			name = strconv.FormatInt(rec.ID, 10) + ".ics"
		}
		created, _ := rec.Values["timeCreated"].(int64)
		out = append(out, caldav.CalendarObject{Path: b.calendarPath(ctx) + name, ModTime: time.UnixMilli(created),
			ContentLength: int64(len(data)), ETag: etag, Data: cal})
	}
	return out, nil
}

// resolve finds the to-do an object path names (404 for none).
func (b davBackend) resolve(ctx context.Context, p string) (int64, error) {
	id, ok, err := b.lookup(ctx, p)
	if err == nil && !ok {
		err = webdav.NewHTTPError(http.StatusNotFound, errors.New("todo: no such object"))
	}
	return id, err
}

// lookup finds the to-do an object path names: a name a client gave,
// or Artel's own {id}.ics; ok is false for neither.
func (b davBackend) lookup(ctx context.Context, p string) (int64, bool, error) {
	dir, name := path.Split(p)
	if dir != b.calendarPath(ctx) || name == "" {
		return 0, false, nil
	}
	if id, ok, err := b.att.davByName(ctx, scopeOf(ctx).Account, name); err != nil || ok {
		return id, ok, err
	}
	id, err := strconv.ParseInt(strings.TrimSuffix(name, ".ics"), 10, 64)
	return id, err == nil && strings.HasSuffix(name, ".ics"), nil
}

func davError(err error) error {
	var bad *entity.Invalid
	switch {
	case errors.Is(err, entity.ErrNotFound):
		return webdav.NewHTTPError(http.StatusNotFound, err)
	case errors.Is(err, entity.ErrForbidden):
		return webdav.NewHTTPError(http.StatusForbidden, err)
	case errors.As(err, &bad):
		return webdav.NewHTTPError(http.StatusBadRequest, err)
	}
	return err
}
