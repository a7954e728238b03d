package history

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// feedRoutes registers the reference's history calls beyond the journal
// itself, on every type of Types (docs/api.md, "History").
func (a *HTTP) feedRoutes(rt *api.Routes) {
	rt.Handle("GET /{entity}/{id}/history/data", journalled(a.feed(false)))
	rt.Handle("GET /{entity}/{id}/history/search", journalled(a.feed(true)))
	rt.Handle("GET /{entity}/{id}/history/data/periods", journalled(a.periods(false)))
	rt.Handle("GET /{entity}/{id}/history/periods", journalled(a.periods(true)))
	rt.Handle("GET /{entity}/{id}/history/filter", journalled(a.filter))
	rt.Handle("POST /{entity}/{id}/history/filter", journalled(a.filter))
	rt.Handle("GET /{entity}/{id}/history/filter/choices", journalled(a.sections))
	for _, name := range []string{"History", "Comment", "Employee"} {
		rt.Handle("GET /{entity}/{id}/history/filter/"+name+"/choices", journalled(a.choices(name)))
	}
}

// journalHandler serves a history call of a type of Types.
type journalHandler func(ctx context.Context, r *api.Request, kind string) api.Response

// journalled answers route_not_found for the types without a journal.
func journalled(h journalHandler) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		kind := r.Type().Name
		if !slices.Contains(Types, kind) {
			return r.NoRoute()
		}
		return h(ctx, r, kind)
	}
}

// query reads a feed call's parameters: /history/search and /periods take
// the shown sections' names (filters), /history/data and /data/periods a
// HistoryFilter (filter; the reader's saved one when absent). Both take q.
func (a *HTTP) query(ctx context.Context, r *api.Request, names bool) (FeedQuery, error) {
	fq := FeedQuery{Limit: entity.DefaultLimit, Q: r.QueryString("q")}
	if names {
		var list []string
		if raw, ok := r.TakeQuery("filters"); ok && string(raw) != "null" {
			if json.Unmarshal(raw, &list) != nil {
				return fq, entity.Invalidf("filters", entity.CodeBadParam, "")
			}
		}
		return fq, ApplyNames(list, &fq)
	}
	f, err := a.saved(ctx, r)
	if raw, ok := r.TakeQuery("filter"); ok && string(raw) != "null" {
		f, err = ParseFilter(raw)
	}
	if err != nil {
		return fq, err
	}
	f.Apply(&fq)
	return fq, nil
}

// feed serves /history/data and /history/search: a page of the feed.
func (a *HTTP) feed(names bool) journalHandler {
	return func(ctx context.Context, r *api.Request, kind string) api.Response {
		fq, err := a.query(ctx, r, names)
		if err != nil {
			return r.Fail(err)
		}
		if fq.Limit, fq.After, err = a.paging(ctx, r, kind); err != nil {
			return r.Fail(err)
		}
		items, more, count, err := Feed(ctx, a.Engine, r.Scope(), kind, r.IDs[0], fq)
		if err != nil {
			return r.Fail(err)
		}
		out, err := a.encodeItems(ctx, r, kind, items)
		if err != nil {
			return r.Fail(err)
		}
		return api.Response{Status: http.StatusOK, Data: out,
			Pagination: &api.Pagination{Count: count, Limit: fq.Limit, HasMoreNext: more, HasMorePrev: fq.After != nil}}
	}
}

// paging reads limit and pageAfter: a feed item as a link (Changeset or
// Comment) of this record's feed.
func (a *HTTP) paging(ctx context.Context, r *api.Request, kind string) (int, *Cursor, error) {
	limit, _, err := r.IDPaging()
	if err != nil {
		return 0, nil, err
	}
	raw, ok := r.Query("pageAfter")
	if !ok || string(raw) == "null" {
		return limit, nil, nil
	}
	var l struct {
		Type string          `json:"contentType"`
		ID   json.RawMessage `json:"id"`
	}
	id, okID := int64(0), false
	if json.Unmarshal(raw, &l) == nil {
		id, okID = flexID(l.ID)
	}
	if !okID || (l.Type != KindChangeset && l.Type != KindComment) {
		return 0, nil, entity.Invalidf("pageAfter", entity.CodeBadParam, "")
	}
	c := &Cursor{Kind: l.Type, ID: id}
	t := a.Engine.Cat.Type("Comment")
	q := "SELECT MIN(created_at) FROM entity_history WHERE account_id = ? AND subject_type = ? AND subject_id = ? AND id = ?"
	if c.Kind == KindComment {
		q = "SELECT MIN(" + t.Field("timeCreated").Column + ") FROM " + t.Table + " WHERE account_id = ? AND " +
			t.Field("subject").Column + "_t = ? AND " + t.Field("subject").Column + "_i = ? AND id = ?"
	}
	var at *int64
	err = a.Engine.DB.Q(ctx).QueryRowContext(ctx, a.Engine.DB.Dialect.Rebind(q), r.Scope().Account, kind, r.IDs[0], c.ID).Scan(&at)
	if err != nil || at == nil {
		return 0, nil, entity.Invalidf("pageAfter", entity.CodeBadParam, "")
	}
	c.Time = *at
	return limit, c, nil
}

// encodeItems renders changesets as the reference's Changeset and
// comments as any Comment of a list.
func (a *HTTP) encodeItems(ctx context.Context, r *api.Request, kind string, items []Item) ([]any, error) {
	var comments []*entity.Record
	for _, it := range items {
		if it.Comment != nil {
			comments = append(comments, it.Comment)
		}
	}
	sel, err := r.Selection(false)
	if err != nil {
		return nil, err
	}
	encoded, err := r.Encode(ctx, comments, sel)
	if err != nil {
		return nil, err
	}
	subject := value.EncodeLink(value.Link{Type: kind, ID: r.IDs[0]})
	out := make([]any, 0, len(items))
	next := 0
	for _, it := range items {
		if it.Comment != nil {
			out = append(out, encoded[next])
			next++
			continue
		}
		out = append(out, changeset(it, subject, r.Options()))
	}
	return out, nil
}

func changeset(it Item, subject value.LinkJSON, opt value.Options) map[string]any {
	changes := make([]any, len(it.Changes))
	var typ any
	for i, h := range it.Changes {
		changes[i] = fieldChange(h, subject, opt)
		if h.Field == Created {
			typ = "create"
		}
	}
	var author any
	if it.Author.ID != 0 {
		author = value.EncodeLink(it.Author)
	}
	return map[string]any{"contentType": KindChangeset, "id": strconv.FormatInt(it.ID, 10),
		"timeCreated": value.DateTime{}.Encode(it.Time, opt), "type": typ, "changes": changes,
		"changesCount": len(changes), "entity": subject, "generatedBy": nil, "author": author}
}

// periods serves /history/periods and /history/data/periods: the months
// that hold items of the feed as filtered, newest first, as the
// reference's PeriodVariable (year, month, name).
func (a *HTTP) periods(names bool) journalHandler {
	return func(ctx context.Context, r *api.Request, kind string) api.Response {
		fq, err := a.query(ctx, r, names)
		if err != nil {
			return r.Fail(err)
		}
		months, err := Months(ctx, a.Engine, r.Scope(), kind, r.IDs[0], fq)
		if err != nil {
			return r.Fail(err)
		}
		out := make([]any, len(months))
		for i, m := range months {
			out[i] = map[string]any{"contentType": "PeriodVariable", "year": m.Year(), "month": int(m.Month()),
				"name": monthName(r.Lang(), m), "value": nil}
		}
		return api.Response{Status: http.StatusOK, Data: out, Pagination: &api.Pagination{Count: int64(len(out)), Limit: len(out)}}
	}
}

var monthsRu = []string{"Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август", "Сентябрь", "Октябрь", "Ноябрь", "Декабрь"}

func monthName(lang string, m time.Time) string {
	if lang == "ru" {
		return monthsRu[m.Month()-1] + " " + strconv.Itoa(m.Year())
	}
	return m.Format("January 2006")
}

// settingName is where a reader's feed filter of a type is kept.
func settingName(kind string) string { return "history_filter_" + kind }

// saved is the reader's saved filter of the type, or DefaultFilter.
func (a *HTTP) saved(ctx context.Context, r *api.Request) (Filter, error) {
	sc := r.Scope()
	raw, err := account.SettingValue(ctx, a.Engine.DB, sc.Account, account.KindUser, sc.Actor, settingName(r.Type().Name))
	if err != nil || raw == nil {
		return DefaultFilter(), err
	}
	return ParseFilter(raw)
}

// filter serves GET and POST /history/filter: the reader's HistoryFilter
// of the type, kept per reader; POST replaces it.
func (a *HTTP) filter(ctx context.Context, r *api.Request, kind string) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), kind, r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	f, err := a.saved(ctx, r)
	if r.Method() == http.MethodPost {
		if f, err = ParseFilter(r.Body()); err == nil {
			raw, _ := json.Marshal(f)
			sc := r.Scope()
			err = account.PutSetting(ctx, a.Engine.DB, sc.Account, account.KindUser, sc.Actor, settingName(kind), raw, a.Engine.Now())
		}
	}
	if err != nil {
		return r.Fail(err)
	}
	return api.Response{Status: http.StatusOK, Data: encodeFilter(f)}
}

func encodeFilter(f Filter) map[string]any {
	sections := make([]any, len(f.Sections))
	for i, s := range f.Sections {
		sections[i] = encodeSection(s)
	}
	return map[string]any{"contentType": "HistoryFilter", "sections": sections}
}

func encodeSection(s Section) map[string]any {
	return map[string]any{"contentType": "HistoryFilterSection", "name": s.Name, "type": s.Type,
		"allSelected": s.AllSelected, "values": s.Values}
}

// flexID reads an id sent as a number or a string, as links may be.
func flexID(raw json.RawMessage) (int64, bool) {
	var n int64
	if json.Unmarshal(raw, &n) == nil {
		return n, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}
