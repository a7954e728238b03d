package file

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// Policy puts the File rule in front of the rights policy. A file is seen
// by its uploader, by administrators, and by whoever sees an entity that
// lists it in attaches (a comment, a task, ...); nobody else, so a file
// cannot be read or attached by guessing its id. Files are immutable once
// uploaded; the uploader and administrators delete them. The rule lives
// here rather than in the rights table because it reads file_blobs, which
// this package owns.
type Policy struct {
	entity.Policy
	DB  *store.DB
	Cat *catalog.Catalog
}

var _ entity.Policy = (*Policy)(nil)

// Guard wraps the rights policy with the File rule.
func Guard(inner entity.Policy, db *store.DB, cat *catalog.Catalog) *Policy {
	return &Policy{Policy: inner, DB: db, Cat: cat}
}

// Visible: see the type comment.
func (p *Policy) Visible(ctx context.Context, sc entity.Scope, t *catalog.Type) (*entity.Condition, error) {
	if t.Name != "File" {
		return p.Policy.Visible(ctx, sc, t)
	}
	if sc.Admin {
		return nil, nil
	}
	parts := []string{fmt.Sprintf(`EXISTS (SELECT 1 FROM file_blobs b WHERE b.account_id = %[1]s.account_id
		AND b.file_id = %[1]s.id AND b.owner_type = ? AND b.owner_id = ?)`, t.Table)}
	args := []any{sc.Actor.Type, sc.Actor.ID}
	for _, holder := range p.holders() {
		cond, err := p.Policy.Visible(ctx, sc, holder)
		if err != nil {
			return nil, err
		}
		sub := fmt.Sprintf("SELECT %[1]s.id FROM %[1]s WHERE %[1]s.account_id = ?", holder.Table)
		subArgs := []any{sc.Account}
		if cond != nil {
			sub += " AND (" + cond.SQL + ")"
			subArgs = append(subArgs, cond.Args...)
		}
		parts = append(parts, fmt.Sprintf(`EXISTS (SELECT 1 FROM links l WHERE l.account_id = %s.account_id
			AND l.dst_type = 'File' AND l.dst_id = %s.id AND l.field = 'attaches' AND l.src_type = ?
			AND l.src_id IN (%s))`, t.Table, t.Table, sub))
		args = append(append(args, holder.Name), subArgs...)
	}
	return &entity.Condition{SQL: "(" + strings.Join(parts, ") OR (") + ")", Args: args}, nil
}

// holders are the types whose attaches collection holds files.
func (p *Policy) holders() []*catalog.Type {
	var out []*catalog.Type
	for _, name := range p.Cat.Names() {
		t := p.Cat.Type(name)
		if f := t.Field("attaches"); f != nil && f.Role == catalog.RoleLinks && len(f.Targets) == 1 && f.Targets[0] == "File" {
			out = append(out, t)
		}
	}
	return out
}

// Allow: anyone the rights let create a File uploads; nobody edits one
// (its name, size and bytes belong together), administrators included;
// its uploader and administrators delete it.
func (p *Policy) Allow(ctx context.Context, sc entity.Scope, action string, t *catalog.Type, rec *entity.Record) error {
	if t.Name != "File" || action == entity.ActCreate {
		return p.Policy.Allow(ctx, sc, action, t, rec)
	}
	if action != entity.ActDelete {
		return entity.ErrForbidden
	}
	if sc.Admin {
		return nil
	}
	if rec != nil {
		mine, err := p.uploadedBy(ctx, sc, []int64{rec.ID})
		if err != nil {
			return err
		}
		if mine[rec.ID] {
			return nil
		}
	}
	return entity.ErrForbidden
}

// PossibleActions: act_read, and act_delete for the uploader and
// administrators.
func (p *Policy) PossibleActions(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
	if len(recs) == 0 || recs[0].Type.Name != "File" {
		return p.Policy.PossibleActions(ctx, sc, recs)
	}
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	mine, _ := p.uploadedBy(ctx, sc, ids) // on error: read only, never more
	out := make(map[int64][]string, len(recs))
	for _, r := range recs {
		acts := []string{"act_read"}
		if sc.Admin || mine[r.ID] {
			acts = append(acts, "act_delete")
		}
		out[r.ID] = acts
	}
	return out
}

func (p *Policy) uploadedBy(ctx context.Context, sc entity.Scope, ids []int64) (map[int64]bool, error) {
	args := []any{sc.Account, sc.Actor.Type, sc.Actor.ID}
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := p.DB.Q(ctx).QueryContext(ctx, p.DB.Dialect.Rebind(`SELECT file_id FROM file_blobs
		WHERE account_id = ? AND owner_type = ? AND owner_id = ? AND file_id IN (`+
		store.Marks(len(ids))+")"), args...)
	if err != nil {
		return nil, fmt.Errorf("file: uploader: %w", err)
	}
	mine, err := store.Int64s(rows)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]bool, len(mine))
	for _, id := range mine {
		out[id] = true
	}
	return out, nil
}

// SeenThrough passes on the wrapped rights' answer; files are seen in
// ways of their own, so never through a link alone.
func (p *Policy) SeenThrough(sc entity.Scope, t *catalog.Type) string {
	if th, ok := p.Policy.(entity.Through); ok && t.Name != "File" {
		return th.SeenThrough(sc, t)
	}
	return ""
}

// Needs passes on the fields the wrapped rights read from listed records
// (entity projections ask the policy for them).
func (p *Policy) Needs(typeName string) []string {
	if n, ok := p.Policy.(interface{ Needs(string) []string }); ok {
		return n.Needs(typeName)
	}
	return nil
}
