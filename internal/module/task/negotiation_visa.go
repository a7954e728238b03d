package task

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// versionBody is what a client may say of a version: its text and
// attachment. The status, visas and authorship are the rules'.
type versionBody struct {
	text    any
	attache *value.Link
}

func (v versionBody) into(c *entity.Change) {
	c.Values["text"] = v.text
	c.Links["attache"] = v.attache
}

// parseVersion reads a NegotiationItemVersion body; a version says
// something, so text or attache is required (reported on field).
func parseVersion(e *entity.Engine, raw json.RawMessage, field string) (versionBody, error) {
	var in entity.Input
	if len(raw) == 0 || string(raw) == "null" {
		return versionBody{}, entity.Invalidf(field, entity.CodeRequired, "")
	}
	if json.Unmarshal(raw, &in) != nil {
		return versionBody{}, entity.Invalidf(field, value.CodeType, "NegotiationItemVersion")
	}
	t, err := e.Type("NegotiationItemVersion")
	if err != nil {
		return versionBody{}, err
	}
	var v versionBody
	if r, ok := in["text"]; ok && string(r) != "null" {
		if v.text, err = t.Field("text").Kind.Decode(r); err != nil {
			return v, fieldErr("text", err)
		}
	}
	if r, ok := in["attache"]; ok && string(r) != "null" {
		l, err := value.DecodeLink(r, []string{"File"})
		if err != nil {
			return v, entity.Invalidf("attache", value.CodeType, "File")
		}
		v.attache = &l
	}
	if s, _ := v.text.(string); s == "" && v.attache == nil {
		return v, entity.Invalidf(field, entity.CodeRequired, "")
	}
	return v, nil
}

// addVersion makes a new version of item, not rated, and names it the
// item's actual one.
func addVersion(ctx context.Context, e *entity.Engine, sys entity.Scope, item *entity.Record, v versionBody) (*entity.Record, error) {
	t, _ := e.Type("NegotiationItemVersion")
	c := entity.NewChange(sys, t, nil)
	v.into(c)
	c.Values["status"] = VisaNotRated
	il := item.Link()
	c.Links["negotiationItem"] = &il
	ver, err := e.Save(ctx, c)
	if err != nil {
		return nil, err
	}
	ic := entity.NewChange(sys, item.Type, item)
	vl := ver.Link()
	ic.Links["actualVersion"] = &vl
	if _, err := e.Save(ctx, ic); err != nil {
		return nil, err
	}
	return ver, nil
}

// parseComment reads a NegotiationVisa body's comment: a Comment
// {"content": "..."} or, for convenience, the text itself.
func parseComment(in entity.Input) (string, error) {
	raw, ok := in["comment"]
	if !ok || string(raw) == "null" {
		return "", nil
	}
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return text, nil
	}
	var c struct {
		Content *string `json:"content"`
	}
	if json.Unmarshal(raw, &c) != nil || c.Content == nil {
		return "", entity.Invalidf("comment", value.CodeType, "Comment")
	}
	return *c.Content, nil
}

// GiveVisa serves POST /negotiation/{id}/approve (ok) and /reject (bad)
// with a NegotiationVisa body {comment?}: the caller's visa on the item's
// actual version, replacing one they gave it before. Only the approvers
// may give one (403 for others who see the task). The comment is posted
// on the task, in the caller's name, and named by the visa. It answers
// the item.
func GiveVisa(ctx context.Context, e *entity.Engine, sc entity.Scope, itemID int64, ok bool, in entity.Input) (*entity.Record, error) {
	text, err := parseComment(in)
	if err != nil {
		return nil, err
	}
	status := VisaBad
	if ok {
		status = VisaOK
	}
	var out *entity.Record
	err = e.DB.WithTx(ctx, func(ctx context.Context) error {
		item, rec, err := itemOf(ctx, e, sc, itemID)
		if err != nil {
			return err
		}
		expected, err := approvers(ctx, e, sc.Account, rec.Link())
		if err != nil {
			return err
		}
		if sc.Guest || !isApprover(expected, sc.Actor) {
			return entity.ErrForbidden
		}
		vl, has := item.Links["actualVersion"]
		if !has {
			return entity.Invalidf("actualVersion", entity.CodeRequired, "")
		}
		sys := sc
		sys.System = true
		if err := dropOwnVisa(ctx, e, sys, vl); err != nil {
			return err
		}
		t, _ := e.Type("NegotiationVisa")
		c := entity.NewChange(sys, t, nil)
		c.Values["status"] = status
		c.Links["version"] = &vl
		if text != "" {
			content, _ := json.Marshal(text)
			subject, _ := json.Marshal(value.EncodeLink(rec.Link()))
			cm, err := e.Create(ctx, sc, "Comment", entity.Input{"content": content, "subject": subject})
			if err != nil {
				return err
			}
			cl := cm.Link()
			c.Links["comment"] = &cl
		}
		if _, err := e.Save(ctx, c); err != nil {
			return err
		}
		if _, err := retally(ctx, e, sc, rec.ID); err != nil {
			return err
		}
		out, err = e.Get(ctx, sys, "NegotiationItem", itemID)
		return err
	})
	return out, err
}

// dropOwnVisa removes the caller's earlier visa on a version: one person
// has one visa per version, the latest.
func dropOwnVisa(ctx context.Context, e *entity.Engine, sys entity.Scope, version value.Link) error {
	t, _ := e.Type("NegotiationVisa")
	vc, uc := t.Field("version").Column, t.Field("userCreated").Column
	ids, err := idsWhere(ctx, e, "SELECT id FROM "+t.Table+" WHERE account_id = ? AND "+vc+"_t = ? AND "+vc+"_i = ? AND "+
		uc+"_t = ? AND "+uc+"_i = ?", sys.Account, version.Type, version.ID, sys.Actor.Type, sys.Actor.ID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := e.Delete(ctx, sys, "NegotiationVisa", id); err != nil {
			return err
		}
	}
	return nil
}
