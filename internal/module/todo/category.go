package todo

import (
	"encoding/json"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Category is one TodoCategory. Like statuses, Artel's categories are
// the reference's masterType values with themselves as ids, so a
// to-do's category needs no table; the colours tell them apart on the
// calendar.
type Category struct {
	ID    string
	Name  [2]string // ru, en
	Color string
}

// Categories answer GET /todoCategory.
var Categories = []Category{
	{"meeting", [2]string{"Встреча", "Meeting"}, "#228be6"},
	{"call", [2]string{"Звонок", "Call"}, "#40c057"},
	{"todo", [2]string{"Дело", "To-do"}, "#fab005"},
	{"event", [2]string{"Событие", "Event"}, "#7950f2"},
	{"private", [2]string{"Личное", "Private"}, "#868e96"},
}

// Encode is the category as the API shows it, named in the language given.
func (c Category) Encode(lang string) map[string]any {
	name := c.Name[0]
	if lang == "en" {
		name = c.Name[1]
	}
	return map[string]any{"contentType": "TodoCategory", "id": c.ID, "name": name, "masterType": c.ID,
		"color": c.Color, "bgColor": c.Color + "26", "activeBgColor": c.Color + "4d"}
}

// categoryOf reads a written category by its id (its masterType) and
// answers the whole category to store, named in Russian as statuses are.
func categoryOf(v any) (any, error) {
	s, _ := v.(string)
	var c struct {
		ID         string `json:"id"`
		MasterType string `json:"masterType"`
	}
	_ = json.Unmarshal([]byte(s), &c)
	if c.ID == "" {
		c.ID = c.MasterType
	}
	i := slices.IndexFunc(Categories, func(k Category) bool { return k.ID == c.ID })
	if i < 0 {
		ids := make([]string, len(Categories))
		for j, k := range Categories {
			ids[j] = k.ID
		}
		return nil, &entity.Invalid{Errors: []entity.FieldError{{Field: "category", Code: value.CodeEnum,
			Value: &value.Error{Code: value.CodeEnum, Expected: "TodoCategory", Allowed: ids}}}}
	}
	b, _ := json.Marshal(Categories[i].Encode("ru"))
	return string(b), nil
}
