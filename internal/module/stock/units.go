package stock

import (
	"context"

	"github.com/artel/artel/internal/api"
)

// units are the units of measure GET /unit offers, by their OKEI code
// (the Russian classifier of units): an offer's unit is a value, so any
// other name may still be written; these are the ones to pick from.
var units = []struct{ id, ru, en string }{
	{"796", "шт", "pcs"}, {"166", "кг", "kg"}, {"163", "г", "g"}, {"168", "т", "t"},
	{"006", "м", "m"}, {"055", "м²", "m²"}, {"113", "м³", "m³"}, {"112", "л", "l"},
	{"778", "упак", "pack"}, {"839", "компл", "set"}, {"356", "ч", "h"}, {"876", "усл. ед", "unit"},
}

// unitList serves GET /unit in the reader's language.
func (a *HTTP) unitList(_ context.Context, r *api.Request) api.Response {
	out := make([]any, len(units))
	for i, u := range units {
		name := u.ru
		if r.Lang() == "en" {
			name = u.en
		}
		out[i] = map[string]any{"contentType": "Unit", "id": u.id, "name": name}
	}
	return api.OK(out)
}
