package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// testDriveAction is the user action that may start a test drive.
const testDriveAction = "can_start_feature_test_drive"

// featureJSON is a Feature value for this user: a feature_new_* user action
// turns its feature on for the holder alone, and a test drive is offered
// only to users who may start one.
func featureJSON(c *call, st account.FeatureState) map[string]any {
	out := map[string]any{"contentType": "Feature", "name": st.Name, "isAvailable": st.Available,
		"isEnabledForUser":     st.Available || (st.UserAction != "" && c.sc.Perms[st.UserAction]),
		"isTestDriveAvailable": st.TestDriveAvailable && c.sc.Can(testDriveAction)}
	// Artel's: while a test drive runs, when it ends and whether this
	// user may give it back (who started it, or an administrator).
	if st.TestDriving {
		out["testDriveUntil"] = time.Unix(st.TestDriveUntil, 0).UTC().Format(time.RFC3339)
		out["canGiveBackTestDrive"] = c.sc.Admin || st.TestDriveBy == c.sc.Actor
	}
	return out
}

func (s *Server) featureList(ctx context.Context, c *call, _ []int64) Response {
	list, err := account.Features(ctx, s.DB, c.sc.Account, s.Engine.Now())
	if err != nil {
		return s.errorResponse(c, err)
	}
	out := make([]any, len(list))
	for i, st := range list {
		out[i] = featureJSON(c, st)
	}
	return ok(out)
}

// featureName reads the feature a call names: the query's "feature", or a
// body {"feature"}, {"name"} or a Variable {"name":"feature","value":...}.
func featureName(c *call) string {
	var name string
	if raw, ok := c.query["feature"]; ok && json.Unmarshal(raw, &name) == nil && name != "" {
		return name
	}
	var b struct{ Feature, Name, Value string }
	if len(c.body) > 0 && json.Unmarshal(c.body, &b) == nil {
		switch {
		case b.Feature != "":
			return b.Feature
		case b.Value != "" && (b.Name == "" || b.Name == "feature" || b.Name == "name"):
			return b.Value
		}
		return b.Name
	}
	return ""
}

// featureVerify is POST /feature/verifyFeature {feature}: data is true when
// the feature is on for this user. An unknown name is simply not on.
func (s *Server) featureVerify(ctx context.Context, c *call, _ []int64) Response {
	name := featureName(c)
	if name == "" {
		return fieldFail(c, "feature", entity.CodeRequired)
	}
	st, err := account.FeatureOf(ctx, s.DB, c.sc.Account, name, s.Engine.Now())
	if errors.Is(err, account.ErrUnknownFeature) {
		return ok(false)
	}
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(featureJSON(c, st)["isEnabledForUser"])
}

// featureTestDrive is POST /feature/handleTestDrive: turns a feature that
// is off by default on for account.TestDriveDays, once per account.
func (s *Server) featureTestDrive(ctx context.Context, c *call, _ []int64) Response {
	if !c.sc.Can(testDriveAction) {
		return accessDenied(c)
	}
	name := featureName(c)
	if name == "" {
		return fieldFail(c, "name", entity.CodeRequired)
	}
	st, err := account.StartTestDrive(ctx, s.DB, c.sc.Account, name, c.sc.Actor, s.Engine.Now())
	if err != nil {
		return s.featureError(c, "name", err)
	}
	return ok(featureJSON(c, st))
}

// featureGiveBack is POST /feature/giveBackTestDrive {feature} (Artel's):
// ends a running test drive now, for who started it or an administrator.
func (s *Server) featureGiveBack(ctx context.Context, c *call, _ []int64) Response {
	name := featureName(c)
	if name == "" {
		return fieldFail(c, "name", entity.CodeRequired)
	}
	st, err := account.GiveBackTestDrive(ctx, s.DB, c.sc.Account, name, c.sc.Actor, c.sc.Admin, s.Engine.Now())
	if errors.Is(err, account.ErrNotYourTestDrive) {
		return accessDenied(c)
	}
	if err != nil {
		return s.featureError(c, "name", err)
	}
	return ok(featureJSON(c, st))
}

// featureSwitch is the administrator's switch: POST /feature with
// {"name":..,"isAvailable":true|false|null} or a list of them; null gives
// the feature back its default. It answers the features it changed.
func (s *Server) featureSwitch(ctx context.Context, c *call, _ []int64) Response {
	if !c.sc.Admin {
		return accessDenied(c)
	}
	type sw struct {
		Name        string          `json:"name"`
		IsAvailable json.RawMessage `json:"isAvailable"`
	}
	var list []sw
	body := strings.TrimSpace(string(c.body))
	if strings.HasPrefix(body, "{") {
		body = "[" + body + "]"
	}
	if json.Unmarshal([]byte(body), &list) != nil || len(list) == 0 {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	now := s.Engine.Now()
	out := make([]any, 0, len(list))
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		for _, it := range list {
			var on *bool
			if len(it.IsAvailable) > 0 && string(it.IsAvailable) != "null" {
				on = new(bool)
				if json.Unmarshal(it.IsAvailable, on) != nil {
					return errFeatureBody
				}
			}
			if err := account.SwitchFeature(ctx, s.DB, c.sc.Account, it.Name, on, now); err != nil {
				return err
			}
			st, err := account.FeatureOf(ctx, s.DB, c.sc.Account, it.Name, now)
			if err != nil {
				return err
			}
			out = append(out, featureJSON(c, st))
		}
		return nil
	})
	if err != nil {
		return s.featureError(c, "name", err)
	}
	return ok(out)
}

var errFeatureBody = errors.New("isAvailable must be true, false or null")

func (s *Server) featureError(c *call, field string, err error) Response {
	switch {
	case errors.Is(err, account.ErrUnknownFeature):
		return Response{Status: http.StatusNotFound, Errors: []ErrorEntry{{Field: field, Type: "unknown_feature",
			Message: c.say("unknown_feature")}}}
	case errors.Is(err, account.ErrFixedFeature):
		return fieldFail(c, field, "feature_fixed")
	case errors.Is(err, account.ErrNoTestDrive):
		return fieldFail(c, field, "test_drive_unavailable")
	case errors.Is(err, errFeatureBody):
		return fieldFail(c, "isAvailable", value.CodeType, "boolean")
	}
	return s.errorResponse(c, err)
}
