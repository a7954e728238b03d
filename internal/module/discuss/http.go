package discuss

import (
	"context"
	"net/http"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP is the chat routes over this package's rules.
type HTTP struct {
	Engine *entity.Engine
	Chats  *Module
}

// Routes registers the chat routes and wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("GET /topic/attachedFirst", a.list)
	rt.Handle("POST /topic/dialogue", a.dialogue)
	rt.Handle("PUT /topic/{id}/attach", a.attach(true))
	rt.Handle("DELETE /topic/{id}/attach", a.attach(false))
	rt.Handle("PUT /topic/{id}/sound", a.sound(true))
	rt.Handle("DELETE /topic/{id}/sound", a.sound(false))
	rt.Handle("PUT /topic/{id}/corporate", a.corporate(true))
	rt.Handle("DELETE /topic/{id}/corporate", a.corporate(false))
	rt.Handle("POST /topic/{id}/typing", a.typing)
	rt.Handle("GET /chat/totalUnreadCommentsCount", a.totalUnread)
	rt.Describe("POST /topic/dialogue", [2]string{"Найти или начать личный диалог", "Find or start a private dialogue"})
	rt.Describe("PUT /topic/{id}/sound", [2]string{"Включить звук чата", "Turn a chat's sound on"})
	rt.Describe("DELETE /topic/{id}/sound", [2]string{"Выключить звук чата", "Turn a chat's sound off"})
	rt.Describe("PUT /topic/{id}/corporate", [2]string{"Сделать обсуждение корпоративным", "Make a discussion corporate"})
	rt.Describe("DELETE /topic/{id}/corporate", [2]string{"Снять корпоративность", "Make a discussion ordinary"})
	rt.Describe("POST /topic/{id}/typing", [2]string{"Сообщить, что пользователь печатает", "Tell the chat the user is typing"})
	rt.Messages(map[string][2]string{
		CodeDialogueExists: {"Диалог с этим человеком уже есть", "A dialogue with this person already exists"},
		CodeDialogueSelf:   {"Нельзя начать диалог с самим собой", "A dialogue needs another person"},
	})
}

// list serves GET /topic/attachedFirst: the reader's chats, pinned first.
func (a *HTTP) list(ctx context.Context, r *api.Request) api.Response {
	limit, after, err := r.IDPaging()
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(false)
	if err != nil {
		return r.Fail(err)
	}
	page, err := a.Chats.Chats(ctx, r.Scope(), limit, after)
	if err != nil {
		return r.Fail(err)
	}
	data, err := r.Encode(ctx, page.Records, sel)
	if err != nil {
		return r.Fail(err)
	}
	return api.Response{Status: http.StatusOK, Data: data, Pagination: &api.Pagination{Count: int64(len(data)),
		Limit: limit, HasMoreNext: page.HasMoreNext, HasMorePrev: after > 0}}
}

// dialogue serves POST /topic/dialogue {"visavis": link}.
func (a *HTTP) dialogue(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	with, err := value.DecodeLink(in["visavis"], []string{"Employee", "ContractorHuman"})
	if err != nil {
		return r.Fail(entity.Invalidf("visavis", entity.CodeRequired, ""))
	}
	rec, err := a.Chats.Dialogue(ctx, r.Scope(), with)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// attach serves PUT (optionally {"attachedTill": DateTime}; forever
// without) and DELETE /topic/{id}/attach.
func (a *HTTP) attach(on bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		var till time.Time
		if on && len(r.Body()) > 0 {
			in, res := r.Input()
			if res != nil {
				return *res
			}
			if raw, ok := in["attachedTill"]; ok && string(raw) != "null" {
				v, err := value.DateTime{}.Decode(raw)
				ms, _ := v.(int64)
				if err != nil || ms <= a.Engine.Now().UnixMilli() {
					return r.FieldFail("attachedTill", entity.CodeBadParam)
				}
				till = time.UnixMilli(ms)
			}
		}
		rec, err := a.Chats.Attach(ctx, r.Scope(), r.IDs[0], till, on)
		return a.answer(ctx, r, rec, err)
	}
}

func (a *HTTP) sound(on bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		rec, err := a.Chats.Sound(ctx, r.Scope(), r.IDs[0], on)
		return a.answer(ctx, r, rec, err)
	}
}

func (a *HTTP) corporate(on bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		rec, err := a.Chats.Corporate(ctx, r.Scope(), r.IDs[0], on)
		return a.answer(ctx, r, rec, err)
	}
}

// typing serves POST /topic/{id}/typing: the chat's other members hear
// that the reader is typing. Nothing is stored.
func (a *HTTP) typing(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	rec, err := a.Chats.member(ctx, sc, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	members, err := a.Chats.members(ctx, sc.Account, rec.ID)
	if err != nil {
		return r.Fail(err)
	}
	others := members[:0]
	for _, m := range members {
		if m != sc.Actor {
			others = append(others, m)
		}
	}
	if err := a.Chats.tell(ctx, sc.Account, others, Event("typing", value.Link{Type: "Topic", ID: rec.ID}, sc.Actor, nil)); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"contentType": "Response", "status": "ok"})
}

func (a *HTTP) totalUnread(ctx context.Context, r *api.Request) api.Response {
	n, err := a.Chats.TotalUnread(ctx, r.Scope())
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(n)
}

func (a *HTTP) answer(ctx context.Context, r *api.Request, rec *entity.Record, err error) api.Response {
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}
