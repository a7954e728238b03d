package related

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// FilterTypes are the filter types with the reference's
// /{filter}/{id}/newFilterSettings: each reader's settings of one filter
// of the list screens (its columns, order, widths: whatever the client
// keeps), stored as the reader's user setting and answered as a
// UserSetting. A saved filter is named by its number (404 when the
// reader cannot see it); a built-in one by its name.
var FilterTypes = []string{"ConsignmentFilter", "CrmFilter", "DocFilter", "EmployeeFilter", "FileStorageFilter",
	"IntegrationFilter", "OfferFilter", "TaskFilter", "TradeFilter", "WarehouseFilter"}

func (a *HTTP) filterRoutes(rt *api.Routes) {
	for _, name := range FilterTypes {
		t := a.Engine.Cat.Type(name)
		if t == nil {
			continue
		}
		for _, m := range []string{"GET", "POST"} {
			rt.Handle(m+" /"+t.Endpoint+"/{id}/newFilterSettings", a.filterSettings(name, ""))
			for _, f := range a.Engine.SystemFilters(name) {
				rt.Handle(m+" /"+t.Endpoint+"/"+f.ID+"/newFilterSettings", a.filterSettings(name, f.ID))
			}
		}
	}
}

// filterSettings serves GET (the stored value, null when none) and POST
// ({"value": …}) of one filter's settings.
func (a *HTTP) filterSettings(filterType, builtin string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		sc := r.Scope()
		id := builtin
		if id == "" {
			if _, err := a.Engine.Get(ctx, sc, filterType, r.IDs[0]); err != nil {
				return r.Fail(err)
			}
			id = strconv.FormatInt(r.IDs[0], 10)
		}
		name := "newFilterSettings." + filterType + "." + id
		if r.Method() == http.MethodPost {
			var body struct {
				Value json.RawMessage `json:"value"`
			}
			if json.Unmarshal(r.Body(), &body) != nil || len(body.Value) == 0 {
				return r.FieldFail("value", entity.CodeBadParam)
			}
			err := account.PutSetting(ctx, a.Engine.DB, sc.Account, account.KindUser, sc.Actor, name, body.Value, a.Engine.Now())
			if errors.Is(err, account.ErrSettingValue) {
				return r.FieldFail("value", value.CodeTooLong)
			} else if err != nil {
				return r.Fail(err)
			}
		}
		v, err := account.SettingValue(ctx, a.Engine.DB, sc.Account, account.KindUser, sc.Actor, name)
		if err != nil {
			return r.Fail(err)
		}
		var value any
		if v != nil {
			value = v
		}
		return api.Response{Status: http.StatusOK, Data: map[string]any{"contentType": "UserSetting", "id": name, "value": value}}
	}
}
