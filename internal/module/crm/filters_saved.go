package crm

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// checkSavedFilter refuses a saved client filter whose config does not
// apply to both client types (an unknown field, a bad term or value):
// kept, it would make every GET /crmFilter, which counts each saved
// filter, answer 422 to its owner. The refusal is 422 on config with the
// engine's reason.
func checkSavedFilter(e *entity.Engine) func(ctx context.Context, c *entity.Change) error {
	return func(ctx context.Context, c *entity.Change) error {
		raw, given := c.Values["config"]
		if !given || raw == nil {
			return nil
		}
		cfg, _ := raw.(string)
		if cfg == "" || cfg == "null" {
			return nil
		}
		for _, typ := range Types {
			_, err := e.Where(ctx, c.Scope, typ, json.RawMessage(cfg), value.Options{})
			var inv *entity.Invalid
			if errors.As(err, &inv) && len(inv.Errors) > 0 {
				return entity.Invalidf("config", entity.CodeBadFilter, inv.Errors[0].Param)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
}
