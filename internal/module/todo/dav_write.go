package todo

import (
	"context"
	"errors"
	"net/http"
	"path"

	"github.com/emersion/go-ical"
	"github.com/emersion/go-webdav"
	"github.com/emersion/go-webdav/caldav"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// PutCalendarObject writes an event from a calendar app: a change of a
// to-do the user may change, or a new to-do of theirs under the name
// and UID the app chose. The If-Match and If-None-Match the app sent
// guard against overwriting a change it has not seen.
func (b davBackend) PutCalendarObject(ctx context.Context, p string, cal *ical.Calendar, opts *caldav.PutCalendarObjectOptions) (*caldav.CalendarObject, error) {
	sc := scopeOf(ctx)
	w, err := inputOf(cal)
	if err != nil {
		return nil, webdav.NewHTTPError(http.StatusBadRequest, err)
	}
	in := w.in
	id, exists, err := b.lookup(ctx, p)
	if err != nil {
		return nil, err
	}
	if exists {
		// Artel's own name of a to-do the user cannot see is not theirs
		// to take.
		if _, err := b.e.Get(ctx, sc, "Todo", id); err != nil {
			return nil, davError(err)
		}
	}
	if err := b.preconditions(ctx, p, exists, opts); err != nil {
		return nil, err
	}
	err = b.e.DB.WithTx(ctx, func(ctx context.Context) error {
		in["place"] = raw(nil)
		if w.place != "" {
			l, err := placeByName(ctx, b.e, sc, w.place)
			if err != nil {
				return err
			}
			in["place"] = raw(value.EncodeLink(l))
		}
		if exists {
			_, err := b.e.Update(ctx, sc, "Todo", id, in)
			return err
		}
		in["responsible"] = raw(value.EncodeLink(sc.Actor))
		rec, err := b.e.Create(ctx, sc, "Todo", in)
		if err != nil {
			return err
		}
		id = rec.ID
		return b.att.davSet(ctx, sc.Account, rec.ID, davName{name: path.Base(p), uid: w.uid})
	})
	if err != nil {
		return nil, davError(err)
	}
	return b.GetCalendarObject(ctx, p, nil)
}

// preconditions applies If-Match (the object as the app last saw it)
// and If-None-Match: * (create only).
func (b davBackend) preconditions(ctx context.Context, p string, exists bool, opts *caldav.PutCalendarObjectOptions) error {
	if opts == nil {
		return nil
	}
	if exists && opts.IfNoneMatch.IsWildcard() {
		return webdav.NewHTTPError(http.StatusPreconditionFailed, errors.New("todo: exists"))
	}
	if opts.IfMatch.IsSet() {
		if !exists {
			return webdav.NewHTTPError(http.StatusPreconditionFailed, errors.New("todo: gone"))
		}
		cur, err := b.GetCalendarObject(ctx, p, nil)
		if err != nil {
			return err
		}
		if want, err := opts.IfMatch.ETag(); err != nil || want != cur.ETag {
			return webdav.NewHTTPError(http.StatusPreconditionFailed, errors.New("todo: changed meanwhile"))
		}
	}
	return nil
}

// DeleteCalendarObject deletes a to-do the user may delete; from the
// calendar of someone only invited it declines the invitation instead,
// which is what removing an invitation means in a calendar app.
func (b davBackend) DeleteCalendarObject(ctx context.Context, p string) error {
	sc := scopeOf(ctx)
	id, err := b.resolve(ctx, p)
	if err != nil {
		return err
	}
	err = b.e.Delete(ctx, sc, "Todo", id)
	if errors.Is(err, entity.ErrForbidden) {
		if ok, aerr := b.att.answer(ctx, sc.Account, id, sc.Actor, Rejected); aerr != nil || ok {
			return aerr
		}
	}
	if err == nil {
		return nil
	}
	return davError(err)
}
