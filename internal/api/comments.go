package api

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/comment"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Comments on any subject: the routes of the reference for every type a
// comment can be written on, over the rules of internal/module/comment.

func init() {
	routes := map[string]handler{
		"DELETE /comment/{id}":       commentDrop,
		"GET /comment/{id}/like":     commentLikes,
		"GET /comment/{id}/answers":  commentAnswers,
		"POST /comment/{id}/like":    commentLike(true),
		"DELETE /comment/{id}/like":  commentLike(false),
		"POST /comment/{id}/forward": commentForward,
	}
	for _, endpoint := range commentSubjectEndpoints {
		routes["GET /"+endpoint+"/{id}/comments"] = commentList(endpoint)
		routes["POST /"+endpoint+"/{id}/comments"] = commentCreate(endpoint)
		routes["POST /"+endpoint+"/{id}/comments/markAsRead"] = commentMarkRead(endpoint)
	}
	routeSets = append(routeSets, routes)
	messages[comment.CodeEmpty] = [2]string{"Напишите сообщение или прикрепите файл", "Write a message or attach a file"}
}

// commentSubjectEndpoints are the endpoints of Comment.subject's types (the
// route table is built before the catalogue loads, so they are listed; a
// test checks the list against the catalogue).
var commentSubjectEndpoints = []string{"contractorCompany", "contractorHuman", "deal", "doc", "finOperation",
	"offer", "project", "task", "todo", "topic", "warehouse"}

// subjectOf resolves /{endpoint}/{id} to the subject link.
func (s *Server) subjectOf(endpoint string, id int64) value.Link {
	return value.Link{Type: s.Cat.ByEndpoint(endpoint).Name, ID: id}
}

// commentList serves GET /{subject}/{id}/comments: live comments oldest
// first, keyset-paged; {"withDropped": true} includes deleted ones (to
// offer restore).
func commentList(endpoint string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		subj := s.subjectOf(endpoint, ids[0])
		if _, err := s.Engine.Get(ctx, c.sc, subj.Type, subj.ID); err != nil {
			return s.errorResponse(c, err)
		}
		var withDropped bool
		if raw, ok := c.query["withDropped"]; ok {
			_ = json.Unmarshal(raw, &withDropped)
			delete(c.query, "withDropped")
		}
		lq, err := listQuery(c, "Comment")
		if err != nil {
			return s.errorResponse(c, err)
		}
		t := s.Cat.Type("Comment")
		col := t.Table + "." + t.Field("subject").Column
		lq.Where = append(lq.Where, entity.Condition{SQL: col + "_i = ? AND " + col + "_t = ?", Args: []any{subj.ID, subj.Type}})
		if !withDropped {
			lq.Where = append(lq.Where, entity.Condition{SQL: "COALESCE(" + t.Table + "." + t.Field("isDropped").Column + ", 0) = 0"})
		}
		return s.page(ctx, c, "Comment", lq)
	}
}

// commentCreate serves POST /{subject}/{id}/comments with a Comment or a
// CommentCreateActionRequest ({"comment": {...}}).
func commentCreate(endpoint string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		in, res := s.input(c)
		if res != nil {
			return *res
		}
		body := c.body
		if inner, ok := in["comment"]; ok {
			body = inner
		}
		subj := s.subjectOf(endpoint, ids[0])
		_, item, err := s.Engine.AddItem(ctx, c.sc, subj.Type, subj.ID, "comments", body)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.encodeOne(ctx, c, item, entity.Selection{Full: true})
	}
}

func commentMarkRead(endpoint string) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		rec, err := s.Comments.MarkAsRead(ctx, c.sc, s.subjectOf(endpoint, ids[0]))
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.encodeList(ctx, c, rec)
	}
}

func commentDrop(s *Server, ctx context.Context, c *call, ids []int64) Response {
	com, subj, err := s.Comments.Drop(ctx, c.sc, ids[0])
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.encodeList(ctx, c, com, subj)
}

// commentAnswers lists a comment's thread: answers and answers to them.
func commentAnswers(s *Server, ctx context.Context, c *call, ids []int64) Response {
	found, err := s.Comments.Answers(ctx, c.sc, ids[0])
	if err != nil {
		return s.errorResponse(c, err)
	}
	lq, err := listQuery(c, "Comment")
	if err != nil {
		return s.errorResponse(c, err)
	}
	if len(found) == 0 {
		found = []int64{0} // an empty thread is an empty page, not every comment
	}
	args := make([]any, len(found))
	for i, id := range found {
		args[i] = id
	}
	t := s.Cat.Type("Comment")
	lq.Where = append(lq.Where, entity.Condition{SQL: t.Table + ".id IN (" + store.Marks(len(found)) + ")", Args: args})
	return s.page(ctx, c, "Comment", lq)
}

func commentLikes(s *Server, ctx context.Context, c *call, ids []int64) Response {
	return s.listItems(ctx, c, "Comment", ids[0], "likes")
}

func commentLike(on bool) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		rec, err := s.Comments.Like(ctx, c.sc, ids[0], on)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
	}
}

// commentForward serves POST /comment/{id}/forward {"subject": link}.
func commentForward(s *Server, ctx context.Context, c *call, ids []int64) Response {
	in, res := s.input(c)
	if res != nil {
		return *res
	}
	to, err := value.DecodeLink(in["subject"], s.Cat.Type("Comment").Field("subject").Targets)
	if err != nil || to.ID == 0 {
		return s.errorResponse(c, entity.Invalidf("subject", entity.CodeRequired, ""))
	}
	rec, err := s.Comments.Forward(ctx, c.sc, ids[0], to)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
}

// encodeList answers several records of any types, each fully.
func (s *Server) encodeList(ctx context.Context, c *call, recs ...*entity.Record) Response {
	out := make([]any, 0, len(recs))
	for _, rec := range recs {
		one := s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
		if one.Status != http.StatusOK {
			return one
		}
		out = append(out, one.Data)
	}
	return ok(out)
}
