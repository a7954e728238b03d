package task

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Negotiation (visa) tasks: a task with isNegotiation holds items
// (NegotiationItem), each a chain of versions of what is proposed; the
// approvers give each item's actual version a visa, ok or bad. The calls
// below are the only writers of items, versions and visas (the generic API
// leaves them to administrators), and each is one transaction that first
// locks the task row, so two visas at once are tallied one after the other.
// See docs/tasks.md, "Negotiation (visas)".

// CodeNotNegotiation refuses negotiation items on an ordinary task;
// CodeVersionRated refuses editing a version someone has already judged.
const (
	CodeNotNegotiation = "not_negotiation"
	CodeVersionRated   = "version_rated"
)

// negotiationTask locks and reads the task an item belongs to, as the
// caller sees it: 404 for who cannot see it, 422 when it is no
// negotiation task.
func negotiationTask(ctx context.Context, e *entity.Engine, sc entity.Scope, taskID int64) (*entity.Record, error) {
	rec, err := lockedGet(ctx, e, sc, "Task", taskID)
	if err != nil {
		return nil, err
	}
	if v, _ := rec.Values["isNegotiation"].(int64); v != 1 {
		return nil, entity.Invalidf("isNegotiation", CodeNotNegotiation, "")
	}
	return rec, nil
}

// mayEdit lets those who may change the task (owner, responsible,
// administrators) add, change and delete its items and versions.
func mayEdit(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record) error {
	if e.Policy == nil || sc.System {
		return nil
	}
	return e.Policy.Allow(ctx, sc, entity.ActEdit, rec.Type, rec)
}

// itemOf reads an item the caller sees (404 otherwise) and its task,
// locked.
func itemOf(ctx context.Context, e *entity.Engine, sc entity.Scope, itemID int64) (*entity.Record, *entity.Record, error) {
	item, err := e.Get(ctx, sc, "NegotiationItem", itemID)
	if err != nil {
		return nil, nil, err
	}
	l, ok := item.Links["task"]
	if !ok {
		return nil, nil, entity.ErrNotFound
	}
	rec, err := negotiationTask(ctx, e, sc, l.ID)
	return item, rec, err
}

// AddItem serves POST /task/{id}/negotiationItems: a NegotiationItem whose
// first version comes as actualVersion (or versions[0]), a
// NegotiationItemVersion value {text?, attache?}. It answers the item.
func AddItem(ctx context.Context, e *entity.Engine, sc entity.Scope, taskID int64, in entity.Input) (*entity.Record, error) {
	raw := in["actualVersion"]
	if vs, ok := in["versions"]; ok && raw == nil {
		var list []json.RawMessage
		if json.Unmarshal(vs, &list) != nil {
			return nil, entity.Invalidf("versions", value.CodeType, "NegotiationItemVersion[]")
		}
		if len(list) > 0 {
			raw = list[0]
		}
	}
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		version, err := parseVersion(e, raw, "actualVersion")
		if err != nil {
			return err
		}
		rec, err := negotiationTask(ctx, e, sc, taskID)
		if err != nil {
			return err
		}
		if err := mayEdit(ctx, e, sc, rec); err != nil {
			return err
		}
		sys := sc
		sys.System = true
		t, _ := e.Type("NegotiationItem")
		c := entity.NewChange(sys, t, nil)
		tl := rec.Link()
		c.Links["task"] = &tl
		item, err := e.Save(ctx, c)
		if err != nil {
			return err
		}
		if _, err := addVersion(ctx, e, sys, item, version); err != nil {
			return err
		}
		if _, err := retally(ctx, e, sc, taskID); err != nil {
			return err
		}
		out, err = e.Get(ctx, sys, "NegotiationItem", item.ID)
		return err
	})
	return out, err
}

// AddVersion serves POST /negotiation/{id}/version: a new actual version
// of item id, not rated yet, so the approvers judge it afresh.
func AddVersion(ctx context.Context, e *entity.Engine, sc entity.Scope, itemID int64, in entity.Input) (*entity.Record, error) {
	body, _ := json.Marshal(in)
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		version, err := parseVersion(e, body, "text")
		if err != nil {
			return err
		}
		item, rec, err := itemOf(ctx, e, sc, itemID)
		if err != nil {
			return err
		}
		if err := mayEdit(ctx, e, sc, rec); err != nil {
			return err
		}
		sys := sc
		sys.System = true
		if out, err = addVersion(ctx, e, sys, item, version); err != nil {
			return err
		}
		if _, err := retally(ctx, e, sc, rec.ID); err != nil {
			return err
		}
		out, err = e.Get(ctx, sys, out.Type.Name, out.ID)
		return err
	})
	return out, err
}

// EditVersion serves POST /negotiationItemVersion/{id}: corrects the text
// or attachment of a version nobody has judged yet; once a visa is given,
// a change is a new version, so no visa ends up on words it never saw.
func EditVersion(ctx context.Context, e *entity.Engine, sc entity.Scope, versionID int64, in entity.Input) (*entity.Record, error) {
	body, _ := json.Marshal(in)
	var out *entity.Record
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		version, err := parseVersion(e, body, "text")
		if err != nil {
			return err
		}
		ver, err := e.Get(ctx, sc, "NegotiationItemVersion", versionID)
		if err != nil {
			return err
		}
		_, rec, err := itemOf(ctx, e, sc, ver.Links["negotiationItem"].ID)
		if err != nil {
			return err
		}
		if err := mayEdit(ctx, e, sc, rec); err != nil {
			return err
		}
		visas, err := children(ctx, e, sc.Account, "NegotiationVisa", "version", ver.Link())
		if err != nil {
			return err
		}
		if len(visas) > 0 {
			return entity.Invalidf("text", CodeVersionRated, "")
		}
		sys := sc
		sys.System = true
		c := entity.NewChange(sys, ver.Type, ver)
		version.into(c)
		out, err = e.Save(ctx, c)
		return err
	})
	return out, err
}

// DeleteItem serves DELETE /negotiationItem/{id}: the item, its versions
// and their visas go, and the task's tally follows.
func DeleteItem(ctx context.Context, e *entity.Engine, sc entity.Scope, itemID int64) error {
	return e.DB.WithTx(ctx, func(ctx context.Context) error {
		item, rec, err := itemOf(ctx, e, sc, itemID)
		var inv *entity.Invalid
		if errors.As(err, &inv) {
			// An item left on a task that stopped being a negotiation can
			// still be removed by who may change the task.
			item, err = e.Get(ctx, sc, "NegotiationItem", itemID)
			if err == nil {
				rec, err = e.Get(ctx, sc, "Task", item.Links["task"].ID)
			}
		}
		if err != nil {
			return err
		}
		if err := mayEdit(ctx, e, sc, rec); err != nil {
			return err
		}
		sys := sc
		sys.System = true
		versions, err := children(ctx, e, sc.Account, "NegotiationItemVersion", "negotiationItem", item.Link())
		if err != nil {
			return err
		}
		for _, v := range versions {
			visas, err := children(ctx, e, sc.Account, "NegotiationVisa", "version", value.Link{Type: "NegotiationItemVersion", ID: v})
			if err != nil {
				return err
			}
			for _, id := range visas {
				if err := e.Delete(ctx, sys, "NegotiationVisa", id); err != nil {
					return err
				}
			}
		}
		if err := e.Delete(ctx, sys, "NegotiationItem", itemID); err != nil {
			return err
		}
		for _, v := range versions {
			if err := e.Delete(ctx, sys, "NegotiationItemVersion", v); err != nil && !errors.Is(err, entity.ErrNotFound) {
				return err
			}
		}
		_, err = retally(ctx, e, sc, rec.ID)
		return err
	})
}
