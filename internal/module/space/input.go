package space

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// ElementIn is an Element as a client sends it; absent fields stay.
type ElementIn struct {
	ID    json.RawMessage `json:"id"`
	Type  *string         `json:"type"`
	Title *string         `json:"title"`
	Icon  *string         `json:"icon"`
}

const maxTitle, maxIcon = 255, 64

func readElement(raw json.RawMessage, field string) (ElementIn, error) {
	var in ElementIn
	if len(raw) == 0 {
		return in, nil
	}
	if json.Unmarshal(raw, &in) != nil {
		return in, entity.Invalidf(field, value.CodeType, "Element")
	}
	return in, nil
}

// title checks a new title: required, at most 255 characters.
func (in ElementIn) title(field string) (string, error) {
	if in.Title == nil || strings.TrimSpace(*in.Title) == "" {
		return "", entity.Invalidf(field, entity.CodeRequired, "")
	}
	s := strings.TrimSpace(*in.Title)
	if utf8.RuneCountInString(s) > maxTitle {
		return "", entity.Invalidf(field, value.CodeTooLong, strconv.Itoa(maxTitle))
	}
	return s, nil
}

func (in ElementIn) icon() (string, error) {
	if in.Icon == nil {
		return "", nil
	}
	if utf8.RuneCountInString(*in.Icon) > maxIcon {
		return "", entity.Invalidf("icon", value.CodeTooLong, strconv.Itoa(maxIcon))
	}
	return *in.Icon, nil
}

// ref is the body's id: an element's number, or a section's name
// ("all", "private") for the root of a move. ok is false when absent.
func (in ElementIn) ref() (id int64, section string, ok bool) {
	var v any
	if json.Unmarshal(in.ID, &v) != nil || v == nil {
		return 0, "", false
	}
	switch x := v.(type) {
	case float64:
		return int64(x), "", x > 0
	case string:
		if x == SectionAll || x == SectionPrivate {
			return 0, x, true
		}
		n, err := strconv.ParseInt(x, 10, 64)
		return n, "", err == nil && n > 0
	}
	return 0, "", false
}
