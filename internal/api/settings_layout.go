package api

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/value"
)

// layoutFields are what a UserInterfaceLayout stores: the block placement
// for desktop and tablet (LayoutSetting) and the cards list.
var layoutFields = []string{"desktop", "tablet", "cards"}

// layoutJSON is a UserInterfaceLayout of a card type ("task", "deal", ...)
// from its stored value; a type never saved is empty.
func layoutJSON(typ string, v json.RawMessage) map[string]any {
	var stored map[string]json.RawMessage
	_ = json.Unmarshal(v, &stored)
	out := map[string]any{"contentType": "UserInterfaceLayout", "id": typ}
	for _, f := range layoutFields {
		out[f] = rawOrNull(stored[f])
	}
	var cards []json.RawMessage
	_ = json.Unmarshal(stored["cards"], &cards)
	if cards == nil {
		out["cards"] = []any{}
	}
	out["cardsCount"] = len(cards)
	return out
}

// layouts are the user's effective layouts: their own, else the account's
// default of the type.
func (s *Server) layouts(ctx context.Context, c *call) (map[string]json.RawMessage, []string, error) {
	acc, err := account.Settings(ctx, s.DB, c.sc.Account, account.KindLayout, account.AccountSubject(c.sc.Account))
	if err != nil {
		return nil, nil, err
	}
	mine, err := account.Settings(ctx, s.DB, c.sc.Account, account.KindLayout, c.sc.Actor)
	if err != nil {
		return nil, nil, err
	}
	got := map[string]json.RawMessage{}
	var order []string
	for _, st := range append(acc, mine...) {
		if _, seen := got[st.Name]; !seen {
			order = append(order, st.Name)
		}
		got[st.Name] = st.Value
	}
	return got, order, nil
}

// layout: GET list, GET {type}, POST {type} with a
// UserInterfaceLayoutRequest {entity, applyFor} or the bare layout.
// applyFor forNewEmployees makes it the account's default of the type;
// forAllEmployees also drops everyone's own layout of it. Both are for
// administrators.
func (s *Server) layout(ctx context.Context, c *call, rest []string) Response {
	if len(rest) > 1 {
		return s.notFound(c)
	}
	if c.method == http.MethodGet {
		got, order, err := s.layouts(ctx, c)
		if err != nil {
			return s.errorResponse(c, err)
		}
		if len(rest) == 1 {
			return ok(layoutJSON(rest[0], got[rest[0]]))
		}
		out := make([]any, len(order))
		for i, typ := range order {
			out[i] = layoutJSON(typ, got[typ])
		}
		return ok(out)
	}
	if c.method != http.MethodPost || len(rest) == 0 {
		return s.methodNotAllowed(c)
	}
	typ := rest[0]
	var req struct {
		Entity   map[string]json.RawMessage `json:"entity"`
		ApplyFor []string                   `json:"applyFor"`
	}
	if len(c.body) == 0 || json.Unmarshal(c.body, &req) != nil {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	if req.Entity == nil { // the bare layout
		_ = json.Unmarshal(c.body, &req.Entity)
	}
	keep := map[string]json.RawMessage{}
	for _, f := range layoutFields {
		if v, ok := req.Entity[f]; ok {
			keep[f] = v
		}
	}
	v, _ := json.Marshal(keep)
	forNew, forAll := false, false
	for _, a := range req.ApplyFor {
		switch a {
		case "forNewEmployees":
			forNew = true
		case "forAllEmployees":
			forAll = true
		default:
			return fieldFail(c, "applyFor", value.CodeEnum, "forNewEmployees, forAllEmployees")
		}
	}
	if (forNew || forAll) && !c.sc.Admin {
		return accessDenied(c)
	}
	now := s.Engine.Now()
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		if forAll {
			if err := account.DeleteUsersSetting(ctx, s.DB, c.sc.Account, account.KindLayout, typ); err != nil {
				return err
			}
		}
		if forNew || forAll {
			if err := account.PutSetting(ctx, s.DB, c.sc.Account, account.KindLayout,
				account.AccountSubject(c.sc.Account), typ, v, now); err != nil {
				return err
			}
		}
		if forAll {
			return nil // everyone, this user included, now reads the default
		}
		return account.PutSetting(ctx, s.DB, c.sc.Account, account.KindLayout, c.sc.Actor, typ, v, now)
	})
	if err != nil {
		return s.settingError(c, err)
	}
	return ok(layoutJSON(typ, v))
}
