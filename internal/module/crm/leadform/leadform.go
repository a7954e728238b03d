// Package leadform owns the lead forms (CustomLeadForm): forms an
// administrator builds from elements, published on a public page and
// posted to without sign-in; each post makes or finds a client (matched
// by phone or e-mail) and, for a deal form, a deal in the form's process,
// keeping the UTM parameters and the referrer. See docs/crm.md, "Lead
// forms".
package leadform

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Targets are the element names a form may hold: each one fills a field
// of the client or the deal a post makes.
var Targets = []string{"name", "firstName", "lastName", "middleName", "companyName", "position",
	"phone", "email", "site", "comment", "dealName", "dealDescription"}

// Error types of the lead form rules.
const (
	CodeTarget  = "leadFormTarget"  // an element names no field a post can fill
	CodeProgram = "leadFormProgram" // a deal form without a process, or a state of another
)

// Register puts the form and element rules on the engine.
func Register(e *entity.Engine) {
	e.Hook("CustomLeadForm", entity.Hooks{BeforeSave: formRules(e)})
	e.Hook("CustomLeadFormElement", entity.Hooks{BeforeSave: elementRules(e)})
}

// formRules: a new form gets its public uuid, is active, takes clients
// as people and posts to the writer unless told otherwise; a deal form
// needs a process, and its state must be one of that process.
func formRules(e *entity.Engine) func(ctx context.Context, c *entity.Change) error {
	return func(ctx context.Context, c *entity.Change) error {
		if c.New {
			c.Values["uuid"] = newUUID()
			c.Values["postCount"] = int64(0)
			defaults := map[string]any{"active": int64(1), "type": "contractor", "clientType": "human", "collectUtm": int64(1)}
			for k, v := range defaults {
				if _, given := c.Values[k]; !given {
					c.Values[k] = v
				}
			}
			if _, given := c.Links["responsible"]; !given && c.Scope.Actor.Type == "Employee" {
				me := c.Scope.Actor
				c.Links["responsible"] = &me
			}
		} else if !c.Scope.System {
			delete(c.Values, "uuid")      // the page's address never changes
			delete(c.Values, "postCount") // counted by the posts
		}
		if t, ok := c.Values["theme"].(string); ok {
			theme, err := checkTheme(t)
			if err != nil {
				return err
			}
			c.Values["theme"] = theme
		}
		typ, _ := c.ValueAfter("type").(string)
		program, state := c.LinkAfter("program"), c.LinkAfter("programState")
		if typ == "deal" && program == nil {
			return entity.Invalidf("program", CodeProgram, "")
		}
		if state != nil {
			if program == nil {
				return entity.Invalidf("programState", CodeProgram, "")
			}
			st, err := e.Get(ctx, entity.Scope{Account: c.Scope.Account, System: true}, "ProgramState", state.ID)
			if err != nil || st.Links["program"] != *program {
				return entity.Invalidf("programState", CodeProgram, "")
			}
		}
		return nil
	}
}

// elementRules: an element names a field a post fills (its name): one
// of Targets or an extra field of the form's client type or deal
// (extra.go), whose input it takes unless told; and belongs to a form.
func elementRules(e *entity.Engine) func(ctx context.Context, c *entity.Change) error {
	return func(ctx context.Context, c *entity.Change) error {
		form := c.LinkAfter("leadForm")
		if form == nil {
			return entity.Invalidf("leadForm", entity.CodeRequired, "")
		}
		name, given := c.Values["name"]
		if !given && !c.New {
			return nil
		}
		s, _ := name.(string)
		if slices.Contains(Targets, s) {
			return nil
		}
		rec, err := e.Get(ctx, entity.Scope{Account: c.Scope.Account, System: true}, "CustomLeadForm", form.ID)
		if err != nil {
			return entity.Invalidf("leadForm", entity.CodeLinkNotFound, "")
		}
		x, err := extrasOf(ctx, e, c.Scope.Account, rec)
		if err != nil {
			return err
		}
		f := x.field(s)
		if f == nil {
			allowed := append(slices.Clone(Targets), x.names()...)
			return &entity.Invalid{Errors: []entity.FieldError{{Field: "name", Code: CodeTarget,
				Value: &value.Error{Code: value.CodeEnum, Expected: "name", Allowed: allowed}}}}
		}
		if _, typed := c.Values["type"]; c.New && !typed {
			c.Values["type"] = inputType(f)
		}
		return nil
	}
}

// newUUID is a random version 4 UUID: the form's public address.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}
