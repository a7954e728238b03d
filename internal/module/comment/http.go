package comment

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// HTTP is the routes of the reference for comments on every type a
// comment can be written on, over this package's rules.
type HTTP struct {
	Engine   *entity.Engine
	Comments *Rules
}

// Routes registers the comment routes and wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("DELETE /comment/{id}", a.commentDrop)
	rt.Handle("GET /comment/{id}/like", a.commentLikes)
	rt.Handle("GET /comment/{id}/answers", a.commentAnswers)
	rt.Handle("POST /comment/{id}/like", a.commentLike(true))
	rt.Handle("DELETE /comment/{id}/like", a.commentLike(false))
	rt.Handle("POST /comment/{id}/forward", a.commentForward)
	for _, endpoint := range SubjectEndpoints {
		rt.Handle("GET /"+endpoint+"/{id}/comments", a.commentList(endpoint))
		// The reference's search of a subject's comments: the same list,
		// its q the words searched.
		rt.Handle("GET /"+endpoint+"/{id}/comments/search", a.commentList(endpoint))
		rt.Handle("POST /"+endpoint+"/{id}/comments", a.commentCreate(endpoint))
		rt.Handle("POST /"+endpoint+"/{id}/comments/markAsRead", a.commentMarkRead(endpoint))
	}
	rt.Messages(map[string][2]string{CodeEmpty: {"Напишите сообщение или прикрепите файл", "Write a message or attach a file"}})
}

// SubjectEndpoints are the endpoints of Comment.subject's types (listed, so
// the routes need no catalogue; a test checks the list against it).
var SubjectEndpoints = []string{"contractorCompany", "contractorHuman", "deal", "doc", "finOperation",
	"offer", "project", "task", "todo", "topic", "warehouse"}

// SubjectOf resolves /{endpoint}/{id} to the subject link.
func SubjectOf(e *entity.Engine, endpoint string, id int64) value.Link {
	return value.Link{Type: e.Cat.ByEndpoint(endpoint).Name, ID: id}
}

// commentList serves GET /{subject}/{id}/comments: live comments oldest
// first, keyset-paged; {"withDropped": true} includes deleted ones (to
// offer restore).
func (a *HTTP) commentList(endpoint string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		subj := SubjectOf(a.Engine, endpoint, r.IDs[0])
		if _, err := a.Engine.Get(ctx, r.Scope(), subj.Type, subj.ID); err != nil {
			return r.Fail(err)
		}
		var withDropped bool
		if raw, ok := r.TakeQuery("withDropped"); ok {
			_ = json.Unmarshal(raw, &withDropped)
		}
		lq, err := r.ListQuery("Comment")
		if err != nil {
			return r.Fail(err)
		}
		t := a.Engine.Cat.Type("Comment")
		col := t.Table + "." + t.Field("subject").Column
		lq.Where = append(lq.Where, entity.Condition{SQL: col + "_i = ? AND " + col + "_t = ?", Args: []any{subj.ID, subj.Type}})
		// A comment is seen through its subject (internal/rights), and the
		// subject was just read under the reader's rights.
		lq.Seen = true
		if !withDropped {
			lq.Where = append(lq.Where, entity.Condition{SQL: "COALESCE(" + t.Table + "." + t.Field("isDropped").Column + ", 0) = 0"})
		}
		return r.Page(ctx, "Comment", lq)
	}
}

// commentCreate serves POST /{subject}/{id}/comments with a Comment or a
// CommentCreateActionRequest ({"comment": {...}}).
func (a *HTTP) commentCreate(endpoint string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := r.Input()
		if res != nil {
			return *res
		}
		body := r.Body()
		if inner, ok := in["comment"]; ok {
			body = inner
		}
		subj := SubjectOf(a.Engine, endpoint, r.IDs[0])
		_, item, err := a.Engine.AddItem(ctx, r.Scope(), subj.Type, subj.ID, "comments", body)
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, item, entity.Selection{Full: true})
	}
}

func (a *HTTP) commentMarkRead(endpoint string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		rec, err := a.Comments.MarkAsRead(ctx, r.Scope(), SubjectOf(a.Engine, endpoint, r.IDs[0]))
		if err != nil {
			return r.Fail(err)
		}
		return a.encodeList(ctx, r, rec)
	}
}

func (a *HTTP) commentDrop(ctx context.Context, r *api.Request) api.Response {
	com, subj, err := a.Comments.Drop(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return a.encodeList(ctx, r, com, subj)
}

// commentAnswers lists a comment's thread: answers and answers to them.
func (a *HTTP) commentAnswers(ctx context.Context, r *api.Request) api.Response {
	found, err := a.Comments.Answers(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	lq, err := r.ListQuery("Comment")
	if err != nil {
		return r.Fail(err)
	}
	if len(found) == 0 {
		found = []int64{0} // an empty thread is an empty page, not every comment
	}
	args := make([]any, len(found))
	for i, id := range found {
		args[i] = id
	}
	t := a.Engine.Cat.Type("Comment")
	lq.Where = append(lq.Where, entity.Condition{SQL: t.Table + ".id IN (" + store.Marks(len(found)) + ")", Args: args})
	return r.Page(ctx, "Comment", lq)
}

func (a *HTTP) commentLikes(ctx context.Context, r *api.Request) api.Response {
	return r.ListItems(ctx, "Comment", r.IDs[0], "likes")
}

func (a *HTTP) commentLike(on bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		rec, err := a.Comments.Like(ctx, r.Scope(), r.IDs[0], on)
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}

// commentForward serves POST /comment/{id}/forward {"subject": link}.
func (a *HTTP) commentForward(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	to, err := value.DecodeLink(in["subject"], a.Engine.Cat.Type("Comment").Field("subject").Targets)
	if err != nil || to.ID == 0 {
		return r.Fail(entity.Invalidf("subject", entity.CodeRequired, ""))
	}
	rec, err := a.Comments.Forward(ctx, r.Scope(), r.IDs[0], to)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// encodeList answers several records of any types, each fully.
func (a *HTTP) encodeList(ctx context.Context, r *api.Request, recs ...*entity.Record) api.Response {
	out := make([]any, 0, len(recs))
	for _, rec := range recs {
		one := r.One(ctx, rec, entity.Selection{Full: true})
		if one.Status != http.StatusOK {
			return one
		}
		out = append(out, one.Data)
	}
	return api.OK(out)
}
