package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// settingsRoute serves userSetting, systemSetting and userInterfaceLayout,
// whose ids are names ("global_drafts", "callServerConfig/x", "task"), not
// the numbers the module route table knows. It answers nil for any other
// call, so dispatch goes on.
func (s *Server) settingsRoute(ctx context.Context, c *call) *Response {
	if len(c.segs) == 0 {
		return nil
	}
	var res Response
	switch c.segs[0] {
	case "userSetting":
		res = s.userSetting(ctx, c, c.segs[1:])
	case "systemSetting":
		res = s.systemSetting(ctx, c, c.segs[1:])
	case "userInterfaceLayout":
		res = s.layout(ctx, c, c.segs[1:])
	default:
		return nil
	}
	return &res
}

// maxSettingNames bounds GET /userSetting/a,b,...: one query, not a scan.
const maxSettingNames = 100

func userSettingJSON(name string, v json.RawMessage) map[string]any {
	return map[string]any{"contentType": "UserSetting", "id": name, "value": rawOrNull(v)}
}

func rawOrNull(v json.RawMessage) any {
	if v == nil {
		return nil
	}
	return v
}

// settingBody reads {"id"|"name", "value"}; hasValue tells a missing value
// from an explicit null (which deletes).
func settingBody(c *call) (id, scope string, v json.RawMessage, hasValue, okBody bool) {
	var b map[string]json.RawMessage
	if len(c.body) == 0 || json.Unmarshal(c.body, &b) != nil {
		return "", "", nil, false, false
	}
	for _, k := range []string{"id", "name"} {
		if raw, ok := b[k]; ok && id == "" {
			_ = json.Unmarshal(raw, &id)
		}
	}
	if raw, ok := b["scope"]; ok {
		_ = json.Unmarshal(raw, &scope)
	}
	v, hasValue = b["value"]
	return id, scope, v, hasValue, true
}

// userSetting: GET list, GET {name} (or "a,b" for several), POST with
// {id, value}, POST {name} {value}, DELETE {name}. A user reads and writes
// only their own; an unset name reads as value null.
func (s *Server) userSetting(ctx context.Context, c *call, rest []string) Response {
	me, now := c.sc.Actor, s.Engine.Now()
	switch {
	case len(rest) == 0 && c.method == http.MethodGet:
		list, err := account.Settings(ctx, s.DB, c.sc.Account, account.KindUser, me)
		if err != nil {
			return s.errorResponse(c, err)
		}
		out := make([]any, len(list))
		for i, st := range list {
			out[i] = userSettingJSON(st.Name, st.Value)
		}
		return ok(out)
	case len(rest) == 1 && c.method == http.MethodGet:
		names := strings.Split(rest[0], ",")
		if len(names) > maxSettingNames {
			return fieldFail(c, "id", value.CodeTooLong)
		}
		list, err := account.Settings(ctx, s.DB, c.sc.Account, account.KindUser, me, names...)
		if err != nil {
			return s.errorResponse(c, err)
		}
		got := map[string]json.RawMessage{}
		for _, st := range list {
			got[st.Name] = st.Value
		}
		if len(names) == 1 {
			return ok(userSettingJSON(names[0], got[names[0]]))
		}
		out := make([]any, len(names))
		for i, n := range names {
			out[i] = userSettingJSON(n, got[n])
		}
		return ok(out)
	case len(rest) <= 1 && c.method == http.MethodPost:
		id, _, v, hasValue, okBody := settingBody(c)
		if !okBody {
			return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
		}
		if len(rest) == 1 {
			id = rest[0]
		}
		if !hasValue {
			return fieldFail(c, "value", entity.CodeRequired)
		}
		if err := account.PutSetting(ctx, s.DB, c.sc.Account, account.KindUser, me, id, v, now); err != nil {
			return s.settingError(c, err)
		}
		if string(v) == "null" {
			v = nil
		}
		return ok(userSettingJSON(id, v))
	case len(rest) == 1 && c.method == http.MethodDelete:
		if err := account.DeleteSetting(ctx, s.DB, c.sc.Account, account.KindUser, me, rest[0]); err != nil {
			return s.errorResponse(c, err)
		}
		return ok(userSettingJSON(rest[0], nil))
	case len(rest) <= 1:
		return s.methodNotAllowed(c)
	}
	return s.notFound(c)
}

func (s *Server) settingError(c *call, err error) Response {
	switch {
	case errors.Is(err, account.ErrSettingName):
		return fieldFail(c, "id", "invalid_setting_name")
	case errors.Is(err, account.ErrSettingValue):
		return fieldFail(c, "value", value.CodeTooLong)
	}
	return s.errorResponse(c, err)
}

// systemSettingJSON splits a stored "scope/id" name back into its parts.
func systemSettingJSON(name string, v json.RawMessage) map[string]any {
	scope, id, found := strings.Cut(name, "/")
	if !found {
		scope, id = "", name
	}
	return map[string]any{"contentType": "SystemSetting", "id": id, "scope": scope, "value": rawOrNull(v)}
}

// systemSetting: account-wide settings named {scope}/{id}. Everyone signed
// in reads them (the web app loads them at start, so they must not hold
// secrets); only an administrator writes. GET answers lists, as API v3
// does: all, a scope's, or the one setting.
func (s *Server) systemSetting(ctx context.Context, c *call, rest []string) Response {
	if len(rest) > 2 {
		return s.notFound(c)
	}
	acc := account.AccountSubject(c.sc.Account)
	name := strings.Join(rest, "/")
	switch c.method {
	case http.MethodGet:
		list, err := account.Settings(ctx, s.DB, c.sc.Account, account.KindSystem, acc)
		if err != nil {
			return s.errorResponse(c, err)
		}
		out := []any{}
		for _, st := range list {
			if name == "" || st.Name == name || (len(rest) == 1 && strings.HasPrefix(st.Name, name+"/")) {
				out = append(out, systemSettingJSON(st.Name, st.Value))
			}
		}
		return ok(out)
	case http.MethodPost, http.MethodDelete:
	default:
		return s.methodNotAllowed(c)
	}
	if !c.sc.Admin {
		return accessDenied(c)
	}
	if c.method == http.MethodDelete {
		if name == "" {
			return s.methodNotAllowed(c)
		}
		if err := account.DeleteSetting(ctx, s.DB, c.sc.Account, account.KindSystem, acc, name); err != nil {
			return s.errorResponse(c, err)
		}
		return ok(systemSettingJSON(name, nil))
	}
	id, scope, v, hasValue, okBody := settingBody(c)
	if !okBody {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	if name == "" {
		name = id
		if scope != "" {
			name = scope + "/" + id
		}
	}
	if !hasValue {
		return fieldFail(c, "value", entity.CodeRequired)
	}
	if err := account.PutSetting(ctx, s.DB, c.sc.Account, account.KindSystem, acc, name, v, s.Engine.Now()); err != nil {
		return s.settingError(c, err)
	}
	if string(v) == "null" {
		v = nil
	}
	return ok(systemSettingJSON(name, v))
}
