// Package discuss owns the chats: discussions (Topic) with their
// participants, the private dialogue (one per pair of people), each
// participant's own pin and sound, the chat list ordered pinned first and
// then by the newest message, mentions that notify, and the live events
// (a new or changed message, someone typing) put on each participant's
// own live route. The messages themselves are comments on the Topic
// (internal/module/comment): paging, edit and delete rights and unread
// markers are that package's. See docs/discuss.md.
package discuss

import (
	"context"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/value"
)

// Error codes of the chat rules (words in http.go).
const (
	CodeDialogueExists = "dialogue_exists"
	CodeDialogueSelf   = "dialogue_self"
)

// Module is the chat rules as the wiring holds them.
type Module struct {
	e *entity.Engine
	// Push puts a message on one user's own live route after commit
	// (realtime.Hub.Send); nil sends nothing.
	Push func(ctx context.Context, account int64, user value.Link, route string, msg any) error
	// Notify stores and pushes a notification (subscribe.Subscriptions.Send);
	// nil sends none.
	Notify func(ctx context.Context, account int64, n *subscribe.Notification) error
}

// Register installs the chat rules on the engine.
func Register(e *entity.Engine) *Module {
	m := &Module{e: e}
	e.NeedFields("Topic", "owner", "visavis", "isPrivate", "isDiscussable")
	e.Hook("Topic", entity.Hooks{BeforeSave: m.beforeTopic, AfterSave: m.afterTopic, BeforeDelete: m.beforeDelete})
	e.Hook("Comment", entity.Hooks{AfterSave: m.afterComment})
	e.Compute("Topic", entity.Computer{Fields: []string{"isAttached", "isAttachedForever", "attachedTill", "soundDisable"},
		InLists: true, Fill: m.fill})
	return m
}

// isDialogue: spec 001 §3.10, private and not open to discussion.
func isDialogue(rec *entity.Record) bool {
	return value.True(rec.Values["isPrivate"]) && !value.True(rec.Values["isDiscussable"])
}

// people are the types that can be members of a chat (a Group in the
// participants gives it to its members through the rights, not here).
func person(l value.Link) bool { return l.Type == "Employee" || l.Type == "ContractorHuman" }

func system(sc entity.Scope) entity.Scope { return entity.Scope{Account: sc.Account, System: true} }
