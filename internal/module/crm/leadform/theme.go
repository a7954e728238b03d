package leadform

import (
	"bytes"
	"encoding/json"
	"regexp"
	"sort"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A form's theme (FormTheme) is how its public page looks: colours, the
// container's width, alignment, rounding, margins and the space between
// fields. The page applies each property given and its own look for the
// rest, so every property is optional; the reference's "R" marks what a
// read returns, not what a write needs.

// themeColors are the theme's colours, written #rgb or #rrggbb (with
// alpha #rgba, #rrggbbaa), as a colour picker gives them.
var themeColors = map[string]bool{"textColor": true, "inputColor": true, "primaryColor": true, "secondaryColor": true, "backgroundColor": true}

var hexColor = regexp.MustCompile(`^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$`)

// themeSizes are the theme's sizes in pixels and the range each takes.
var themeSizes = map[string][2]int64{"containerWidth": {200, 2000}, "borderRadius": {0, 50}, "marginLeft": {0, 500},
	"marginRight": {0, 500}, "fieldSpacing": {0, 100}}

var themeAligns = map[string]bool{"left": true, "center": true, "right": true}

// checkTheme reads a theme as written (the JSON text the field keeps)
// and gives it back with its contentType, or says which property is
// wrong (theme.align …). null takes a size or colour back to the page's.
func checkTheme(stored string) (string, error) {
	var in map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stored), &in); err != nil {
		return "", entity.Invalidf("theme", value.CodeType, "")
	}
	bad := &entity.Invalid{}
	out := map[string]any{"contentType": "FormTheme"}
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	sort.Strings(keys) // errors in a stable order
	for _, k := range keys {
		v, code := themeValue(k, in[k])
		switch {
		case code != "":
			bad.Add("theme."+k, code, "")
		case v != nil && k != "contentType":
			out[k] = v
		}
	}
	if len(bad.Errors) > 0 {
		return "", bad
	}
	text, _ := json.Marshal(out)
	return string(text), nil
}

// themeValue is one property's value (nil for a colour or size reset
// with null), or the error type refusing it.
func themeValue(k string, raw json.RawMessage) (any, string) {
	size, isSize := themeSizes[k]
	if (themeColors[k] || isSize) && bytes.Equal(raw, []byte("null")) {
		return nil, ""
	}
	var s string
	var n int64
	var b bool
	switch {
	case k == "contentType":
		if json.Unmarshal(raw, &s) != nil || s != "FormTheme" {
			return nil, value.CodeType
		}
		return s, ""
	case themeColors[k]:
		if json.Unmarshal(raw, &s) != nil || !hexColor.MatchString(s) {
			return nil, value.CodeFormat
		}
		return s, ""
	case isSize:
		if json.Unmarshal(raw, &n) != nil {
			return nil, value.CodeType
		}
		if n < size[0] || n > size[1] {
			return nil, value.CodeRange
		}
		return n, ""
	case k == "align":
		if json.Unmarshal(raw, &s) != nil || !themeAligns[s] {
			return nil, value.CodeFormat
		}
		return s, ""
	case k == "fullWidth":
		if json.Unmarshal(raw, &b) != nil {
			return nil, value.CodeType
		}
		return b, ""
	}
	return nil, entity.CodeUnknownField
}
