package crm

import (
	"context"
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// Countries a payer can be of (GET /country): the ISO 3166 countries,
// named as CLDR names them (golang.org/x/text), so no list of names is
// kept here by hand. Russia is id 1 and the default, as Megaplan's and as
// payers written before the list have it; any other country's id is its
// ISO 3166 numeric code, which never changes.

// Country is one country of the list.
type Country struct {
	ID, Code string // Code: ISO 3166 alpha-2
	Ru, En   string
}

const russiaID = "1"

var countries, countryIDs, countryNames = buildCountries()

func buildCountries() ([]Country, map[string]int, map[string]int) {
	ru, en := display.Regions(language.Russian), display.Regions(language.English)
	var list []Country
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			code := string([]rune{a, b})
			r, err := language.ParseRegion(code)
			// A country of today: not a grouping, not reserved or private
			// (M49 over 899, or none), not one since renamed or split.
			if err != nil || !r.IsCountry() || r.String() != code || r.M49() == 0 || r.M49() > 899 || r.Canonicalize() != r {
				continue
			}
			if ru.Name(r) == "" || en.Name(r) == "" {
				continue // withdrawn (the Netherlands Antilles): CLDR names it no more
			}
			id := strconv.Itoa(r.M49())
			if code == "RU" {
				id = russiaID
			}
			list = append(list, Country{ID: id, Code: code, Ru: ru.Name(r), En: en.Name(r)})
		}
	}
	ids, names := map[string]int{}, map[string]int{}
	for i, c := range list {
		ids[c.ID] = i
		for _, n := range []string{c.Code, c.Ru, c.En} {
			names[strings.ToLower(n)] = i
		}
	}
	for alias, code := range countryAliases {
		names[alias] = names[strings.ToLower(code)]
	}
	return list, ids, names
}

// countryAliases are names people write that CLDR does not use.
var countryAliases = map[string]string{"рф": "RU", "российская федерация": "RU", "russian federation": "RU",
	"сша": "US", "usa": "US", "великобритания": "GB", "uk": "GB", "оаэ": "AE", "uae": "AE"}

// CountryByID finds a country by its id.
func CountryByID(id string) (Country, bool) {
	i, ok := countryIDs[id]
	if !ok {
		return Country{}, false
	}
	return countries[i], true
}

// CountryByName finds a country by its Russian or English name or its
// ISO code, letter case aside.
func CountryByName(name string) (Country, bool) {
	i, ok := countryNames[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Country{}, false
	}
	return countries[i], true
}

// Name is the country's name in the language (ru or en).
func (c Country) Name(lang string) string {
	if lang == "en" {
		return c.En
	}
	return c.Ru
}

// Countries are the countries, Russia first, the rest by name as the
// language sorts them.
func Countries(lang string) []Country {
	out := append([]Country(nil), countries...)
	tag := language.Russian
	if lang == "en" {
		tag = language.English
	}
	col := collate.New(tag)
	sort.SliceStable(out, func(i, j int) bool {
		if (out[i].ID == russiaID) != (out[j].ID == russiaID) {
			return out[i].ID == russiaID
		}
		return col.CompareString(out[i].Name(lang), out[j].Name(lang)) < 0
	})
	return out
}

// payerCountry keeps a payer's country as one of the list: written by
// id, or by name or code (an import's column, an API client's), it is
// kept as {contentType, id, name} with the Russian name; one not in the
// list is refused, so requisites never name a country no one can pick.
func payerCountry(_ context.Context, c *entity.Change) error {
	raw, given := c.Values["country"].(string)
	if !given {
		return nil
	}
	var in struct {
		ID   json.RawMessage `json:"id"`
		Name string          `json:"name"`
	}
	if json.Unmarshal([]byte(raw), &in) != nil {
		return entity.Invalidf("country", entity.CodeLinkNotFound, "")
	}
	var found Country
	ok := false
	if id := strings.Trim(string(in.ID), `"`); id != "" && id != "null" {
		found, ok = CountryByID(id)
	} else if in.Name != "" {
		found, ok = CountryByName(in.Name)
	}
	if !ok {
		return entity.Invalidf("country", entity.CodeLinkNotFound, "")
	}
	kept, _ := json.Marshal(map[string]string{"contentType": "Country", "id": found.ID, "name": found.Ru})
	c.Values["country"] = string(kept)
	return nil
}

// countryList serves GET /country: every country, in the reader's
// language, Russia first and marked the default.
func (a *HTTP) countryList(_ context.Context, r *api.Request) api.Response {
	lang := r.Scope().Lang
	list := Countries(lang)
	out := make([]any, len(list))
	for i, c := range list {
		out[i] = map[string]any{"contentType": "Country", "id": c.ID, "name": c.Name(lang), "isDefault": c.ID == russiaID}
	}
	return api.OK(out)
}
