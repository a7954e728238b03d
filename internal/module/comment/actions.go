package comment

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// likingKey marks the saves of Like: only they may write Comment.likes,
// so nobody can like on another person's behalf.
type likingKey struct{}

func isLiking(ctx context.Context) bool { return ctx.Value(likingKey{}) != nil }

// possible adds the comment actions: the author (and administrators) edit
// and delete a live comment and restore a deleted one; whoever sees it
// reads it.
func (r *Rules) possible(_ context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
	out := make(map[int64][]string, len(recs))
	for _, rec := range recs {
		acts := []string{ActRead}
		mine := sc.Admin || rec.Links["owner"] == sc.Actor && sc.Actor.ID != 0
		dropped, _ := rec.Values["isDropped"].(int64)
		switch {
		case mine && dropped == 0:
			acts = append(acts, ActEdit, ActDelete)
		case mine:
			acts = append(acts, ActRestore)
		}
		out[rec.ID] = acts
	}
	return out
}

// Like adds (on) or removes the reader's like. Whoever sees a comment may
// like it; the write itself is the rules', not the author's edit right.
func (r *Rules) Like(ctx context.Context, sc entity.Scope, id int64, on bool) (*entity.Record, error) {
	var rec *entity.Record
	err := r.e.DB.WithTx(ctx, func(ctx context.Context) error {
		old, err := r.e.Get(ctx, sc, "Comment", id)
		if err != nil {
			return err
		}
		if err := r.e.Expand(ctx, sc, []*entity.Record{old}, entity.Selection{Fields: []string{"likes"}, Only: true}); err != nil {
			return err
		}
		var likes []value.Link
		for _, l := range old.Many["likes"] {
			if l != sc.Actor {
				likes = append(likes, l)
			}
		}
		if on {
			likes = append(likes, sc.Actor)
		}
		c := entity.NewChange(system(sc), old.Type, old)
		c.Many["likes"] = likes
		if _, err := r.e.Save(context.WithValue(ctx, likingKey{}, true), c); err != nil {
			return err
		}
		rec, err = r.e.Get(ctx, sc, "Comment", id)
		return err
	})
	return rec, err
}

// Drop is the pseudo-deletion of DELETE /comment/{id}: the comment stays,
// marked isDropped, so its author can restore it. It answers the comment
// and its subject, whose counts changed.
func (r *Rules) Drop(ctx context.Context, sc entity.Scope, id int64) (comment, subject *entity.Record, err error) {
	err = r.e.DB.WithTx(ctx, func(ctx context.Context) error {
		old, err := r.e.Get(ctx, sc, "Comment", id)
		if err != nil {
			return err
		}
		if !contains(r.possible(ctx, sc, []*entity.Record{old})[id], ActDelete) {
			return entity.ErrForbidden
		}
		if comment, err = r.e.Update(ctx, sc, "Comment", id, entity.Input{"isDropped": json.RawMessage("true")}); err != nil {
			return err
		}
		s := comment.Links["subject"]
		subject, err = r.e.Get(ctx, sc, s.Type, s.ID)
		return err
	})
	return comment, subject, err
}

// Forward copies a comment to another subject the reader can see, with
// forwardFrom naming the original.
func (r *Rules) Forward(ctx context.Context, sc entity.Scope, id int64, to value.Link) (*entity.Record, error) {
	var rec *entity.Record
	err := r.e.DB.WithTx(ctx, func(ctx context.Context) error {
		orig, err := r.e.Get(ctx, sc, "Comment", id)
		if err != nil {
			return err
		}
		if err := r.e.Expand(ctx, sc, []*entity.Record{orig}, entity.Selection{Fields: []string{"attaches"}, Only: true}); err != nil {
			return err
		}
		in := entity.Input{}
		put := func(k string, v any) { in[k], _ = json.Marshal(v) }
		put("content", orig.Values["content"])
		put("subject", value.EncodeLink(to))
		put("forwardFrom", value.EncodeLink(orig.Link()))
		files := []any{}
		for _, f := range orig.Many["attaches"] {
			files = append(files, value.EncodeLink(f))
		}
		put("attaches", files)
		rec, err = r.e.Create(ctx, sc, "Comment", in)
		return err
	})
	return rec, err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
