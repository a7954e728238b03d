package subscribe

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// fillSubject answers a page of subjects of one type: whether the reader
// is subscribed, the subscribers and the people who may be offered as
// subscribers (participants and subscribers who see the subject).
func (s *Subscriptions) fillSubject(ctx context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	t := recs[0].Type
	ids := make([]int64, len(recs))
	for i, rec := range recs {
		ids[i] = rec.ID
	}
	subs, err := s.subscribersOf(ctx, sc.Account, t.Name, ids)
	if err != nil {
		return err
	}
	var possible map[int64][]value.Link
	if want["possibleSubscribers"] || want["possibleSubscribersCount"] {
		if possible, err = s.possible(ctx, sc.Account, t, recs, subs); err != nil {
			return err
		}
	}
	for _, rec := range recs {
		set := func(name string, v any) {
			if want[name] && t.Has(name) {
				rec.SetComputed(name, v)
			}
		}
		set("subscribed", slices.Contains(subs[rec.ID], sc.Actor))
		set("subscribers", encodeLinks(subs[rec.ID]))
		set("subscribersCount", int64(len(subs[rec.ID])))
		set("possibleSubscribers", encodeLinks(possible[rec.ID]))
		set("possibleSubscribersCount", int64(len(possible[rec.ID])))
	}
	return nil
}

// Possible answers the possible subscribers of one subject the reader sees.
func (s *Subscriptions) Possible(ctx context.Context, sc entity.Scope, subject value.Link) ([]value.Link, error) {
	if !IsSubject(s.e, subject.Type) {
		return nil, entity.ErrNotFound
	}
	rec, err := s.e.Get(ctx, sc, subject.Type, subject.ID)
	if err != nil {
		return nil, err
	}
	subs, err := s.subscribersOf(ctx, sc.Account, subject.Type, []int64{subject.ID})
	if err != nil {
		return nil, err
	}
	got, err := s.possible(ctx, sc.Account, rec.Type, []*entity.Record{rec}, subs)
	return got[subject.ID], err
}

// possible: participants first, then other subscribers, each kept only if
// they see the subject.
func (s *Subscriptions) possible(ctx context.Context, account int64, t *catalog.Type, recs []*entity.Record, subs map[int64][]value.Link) (map[int64][]value.Link, error) {
	ids := make([]int64, len(recs))
	for i, rec := range recs {
		ids[i] = rec.ID
	}
	people, err := s.participantsOfPage(ctx, account, t, ids)
	if err != nil {
		return nil, err
	}
	byPerson := map[value.Link][]int64{}
	for _, id := range ids {
		for _, l := range subs[id] {
			if !slices.Contains(people[id], l) {
				people[id] = append(people[id], l)
			}
		}
		for _, l := range people[id] {
			byPerson[l] = append(byPerson[l], id)
		}
	}
	v := s.seer(account)
	seen := map[value.Link]map[int64]bool{}
	for who, of := range byPerson {
		if seen[who], err = v.sees(ctx, who, t, of); err != nil {
			return nil, err
		}
	}
	out := map[int64][]value.Link{}
	for _, id := range ids {
		for _, l := range people[id] {
			if seen[l][id] {
				out[id] = append(out[id], l)
			}
		}
	}
	return out, nil
}

// participantsOfPage reads the participants of a page of one type: single
// links from the entity table (a list may not have loaded them) and
// collections from the links table, one query each.
func (s *Subscriptions) participantsOfPage(ctx context.Context, account int64, t *catalog.Type, ids []int64) (map[int64][]value.Link, error) {
	out := map[int64][]value.Link{}
	add := func(id int64, l value.Link) {
		if isSubscriber(l) && !slices.Contains(out[id], l) {
			out[id] = append(out[id], l)
		}
	}
	var cols []string
	var many []string
	for _, f := range participantsOf(t) {
		if f.Role == catalog.RoleLink {
			cols = append(cols, fmt.Sprintf("COALESCE(%s_t, ''), COALESCE(%s_i, 0)", f.Column, f.Column))
		} else {
			many = append(many, f.Name)
		}
	}
	db := s.e.DB
	if len(cols) > 0 {
		q := fmt.Sprintf("SELECT id, %s FROM %s WHERE account_id = ? AND id IN (%s)", strings.Join(cols, ", "), t.Table, store.Marks(len(ids)))
		rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q), append([]any{account}, store.Args(ids)...)...)
		if err != nil {
			return nil, fmt.Errorf("subscribe: participants of %s: %w", t.Name, err)
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			links := make([]value.Link, len(cols))
			dest := []any{&id}
			for i := range links {
				dest = append(dest, &links[i].Type, &links[i].ID)
			}
			if err := rows.Scan(dest...); err != nil {
				return nil, err
			}
			for _, l := range links {
				add(id, l)
			}
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	if len(many) > 0 {
		args := append(append([]any{account, t.Name}, store.Args(many)...), store.Args(ids)...)
		rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT src_id, dst_type, dst_id FROM links
			WHERE account_id = ? AND src_type = ? AND field IN (`+store.Marks(len(many))+`) AND src_id IN (`+store.Marks(len(ids))+`)
			ORDER BY src_id, field, pos`), args...)
		if err != nil {
			return nil, fmt.Errorf("subscribe: participants of %s: %w", t.Name, err)
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var l value.Link
			if err := rows.Scan(&id, &l.Type, &l.ID); err != nil {
				return nil, err
			}
			add(id, l)
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fillUnread is notificationsUnreadCount: the reader's own active
// notifications on their own card, zero on anyone else's.
func (s *Subscriptions) fillUnread(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	for _, rec := range recs {
		var n int64
		if rec.Link() == sc.Actor {
			var err error
			if n, err = s.Unread(ctx, sc); err != nil {
				return err
			}
		}
		rec.SetComputed("notificationsUnreadCount", n)
	}
	return nil
}

func encodeLinks(ls []value.Link) []any {
	out := make([]any, len(ls))
	for i, l := range ls {
		out[i] = value.EncodeLink(l)
	}
	return out
}
