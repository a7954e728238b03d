// Package comment holds the rules of comments, the discussion area every
// subject (task, project, deal, client, ...) shares: who writes them, what
// a comment must hold, answers, likes, forwarding, hiding, pseudo-deletion
// and restore, unread markers per reader, and worked-off time summed into
// the subject.
package comment

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/richtext"
	"github.com/artel/artel/internal/rights"
)

// Error codes of the comment rules (words in internal/api/messages.go).
const (
	// CodeEmpty: a comment needs a message or a file (spec 001 §5).
	CodeEmpty = "comment_empty"
)

// Actions of Comment.possibleActions.
const (
	ActEdit    = "act_edit_comment"
	ActDelete  = "act_delete_comment"
	ActRestore = "act_restore_comment"
	ActRead    = "act_read"
)

// Rules carries what the hooks need.
type Rules struct {
	e *entity.Engine
}

// Register installs the comment rules on the engine and the policy.
func Register(e *entity.Engine, p *rights.Policy) *Rules {
	r := &Rules{e: e}
	e.Hook("Comment", entity.Hooks{BeforeSave: r.beforeSave, AfterSave: r.afterSave})
	e.NeedFields("Comment", "subject", "owner", "isDropped")
	e.Compute("Comment", entity.Computer{Fields: []string{"isUnread", "wasRead", "isLiked"}, InLists: true, Fill: r.fillComment})
	for _, subject := range Subjects(e) {
		t := e.Cat.Type(subject)
		var fields []string
		for _, f := range subjectFields {
			if t.Has(f) {
				fields = append(fields, f)
			}
		}
		var counts []string
		if t.Has("commentsCount") {
			// The unread query counts them all on the way.
			counts = []string{"commentsCount"}
		}
		if len(fields) > 0 {
			e.Compute(subject, entity.Computer{Fields: fields, Counts: counts, Fill: r.fillSubject})
		}
	}
	if p.More == nil {
		p.More = map[string]func(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string{}
	}
	p.More["Comment"] = r.possible
	return r
}

// Subjects are the content types comments can be written on.
func Subjects(e *entity.Engine) []string {
	return e.Cat.Type("Comment").Field("subject").Targets
}

// beforeSave: the author is whoever writes it; a comment needs content or
// a file; it stays on its subject; likes change only through like/unlike.
func (r *Rules) beforeSave(ctx context.Context, c *entity.Change) error {
	if c.New {
		c.Values["answersCount"] = int64(0)
		if !c.Scope.System && c.Scope.Actor.ID != 0 {
			a := c.Scope.Actor
			c.Links["owner"] = &a
		}
	} else if !c.Scope.System {
		if _, moved := c.Links["subject"]; moved {
			if l := c.Links["subject"]; l == nil || *l != c.Old.Links["subject"] {
				return entity.Invalidf("subject", entity.CodeReadOnly, "")
			}
		}
		delete(c.Links, "owner")
	}
	if !isLiking(ctx) && !c.Scope.System {
		delete(c.Many, "likes")
	}
	if !c.Scope.System {
		empty, err := r.empty(ctx, c)
		if err != nil {
			return err
		}
		if empty {
			return entity.Invalidf("content", CodeEmpty, "")
		}
	}
	return nil
}

// empty reports a comment left with neither text nor files (after this
// change). Pseudo-deletion and restore do not touch the content.
func (r *Rules) empty(ctx context.Context, c *entity.Change) (bool, error) {
	content, given := c.Values["content"]
	if !given && !c.New {
		return false, nil
	}
	text, _ := content.(string)
	// Markup alone ("<p>&nbsp;</p>") is no text.
	if richtext.Plain(text, 1) != "" {
		return false, nil
	}
	if files, given := c.Many["attaches"]; given || c.New {
		return len(files) == 0, nil
	}
	// Text emptied, files untouched: the files kept decide.
	var n int64
	db := r.e.DB
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM links WHERE account_id = ?
		AND src_type = 'Comment' AND src_id = ? AND field = 'attaches'`), c.Scope.Account, c.ID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("comment: files of %d: %w", c.ID, err)
	}
	return n == 0, nil
}

// afterSave keeps the subject's derived numbers: the author has read up to
// their own comment, the answered comment counts its answers, and the
// subject sums worked-off time.
func (r *Rules) afterSave(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	subject, ok := rec.Links["subject"]
	if !ok {
		return nil
	}
	if c.New && !c.Scope.System && c.Scope.Actor.ID != 0 {
		if err := r.markRead(ctx, c.Scope.Account, c.Scope.Actor, subject, rec.ID); err != nil {
			return err
		}
	}
	if orig, ok := rec.Links["originalComment"]; ok && (c.New || touched(c, "isDropped")) {
		if err := r.countAnswers(ctx, c.Scope, orig.ID); err != nil {
			return err
		}
	}
	if touched(c, "workTime") || (touched(c, "isDropped") && rec.Values["workTime"] != nil) {
		return r.sumWorkTime(ctx, c.Scope, subject)
	}
	return nil
}

func touched(c *entity.Change, field string) bool {
	_, ok := c.Values[field]
	return ok
}

func system(sc entity.Scope) entity.Scope {
	return entity.Scope{Account: sc.Account, System: true}
}
