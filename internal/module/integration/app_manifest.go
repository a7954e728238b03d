package integration

import (
	"embed"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// Placeholders are where an app's widget may appear: the spec's names
// (spec 001 §9, the reference's IntegrationWidget.placeholder) and
// app_page, Artel's own: a page of the app's under the left menu.
var Placeholders = []string{"common_informer", "common_comment_body", "common_comment_form",
	"common_phone_number", "common_telephony_widget", "common_telephony_widget_config",
	"common_telephony_widget_header", "settings_api_telephony", "employee_list", "employee_add",
	"employee_card_block", "employee_card_info", "employee_card_description", "events_list", "task_list",
	"task_add", "task_card_top", "task_card_block", "task_card_status", "client_list", "client_add",
	"client_card_top", "client_card_tabs", "client_card_block", "deal_list", "deal_list_buttons", "deal_add",
	"deal_card_block", "deal_card_status", "deal_card_tabs", "deal_card_top", "deal_positions", "doc_card_top",
	PagePlaceholder}

// PagePlaceholder is the app's own page, linked from the left menu.
const PagePlaceholder = "app_page"

// Error codes of the app rules.
const (
	CodeBadScope       = "app_scope_invalid"
	CodeBadPlaceholder = "app_placeholder"
	CodeBadWidget      = "app_widget"
	CodeBadIdentifier  = "app_identifier"
	CodeInstalled      = "app_installed"
	CodeBadSettings    = "app_settings"
)

// AppWording words the codes above.
var AppWording = map[string][2]string{
	CodeBadScope:       {"Область доступа — раздел API и :read или :write (например task:read)", "A scope is an API section and :read or :write (task:read, say)"},
	CodeBadPlaceholder: {"Нет такого места для виджета", "There is no such widget placeholder"},
	CodeBadWidget:      {"Виджету нужен код (content) или адрес https:// (url)", "A widget needs its code (content) or an https:// address (url)"},
	CodeBadIdentifier:  {"Идентификатор — латинские буквы, цифры, точка, дефис (3–64 символа)", "The identifier is 3 to 64 Latin letters, digits, dots and dashes"},
	CodeInstalled:      {"Приложение уже установлено", "The app is already installed"},
	CodeBadSettings:    {"Настройки — строки по полям приложения", "Settings are strings for the app's fields"},
}

// Manifest is what an app declares: the reference's Integration fields
// an app supplies, and Artel's settingsFields (what an administrator
// fills in) and a widget's url (a page of the app's own, instead of
// code Artel serves).
type Manifest struct {
	Identifier       string          `json:"identifier"`
	Name             string          `json:"name"`
	Version          int             `json:"version"`
	Description      string          `json:"description"`
	ShortDescription string          `json:"shortDescription"`
	DeveloperName    string          `json:"developerName,omitempty"`
	Categories       []string        `json:"categories,omitempty"`
	Scope            []string        `json:"scope"`
	Widgets          []WidgetDecl    `json:"widgets"`
	SettingsFields   []SettingsField `json:"settingsFields"`
}

// WidgetDecl is one widget an app places.
type WidgetDecl struct {
	Placeholder string `json:"placeholder"`
	Name        string `json:"name"`
	Content     string `json:"content,omitempty"`
	URL         string `json:"url,omitempty"`
}

// SettingsField is one setting an administrator gives the app.
type SettingsField struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

var identRe = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{2,63}$`)

// reserved are API sections no app token may reach: the integrations
// themselves (an app must not install apps or read webhook secrets).
var reserved = map[string]bool{"integration": true, "integrationWidget": true, "application": true, "webhook": true, "automation": true}

// check validates a manifest against the catalogue, or says why not.
func (mf *Manifest) check(cat *catalog.Catalog) *entity.Invalid {
	bad := &entity.Invalid{}
	add := func(field, code string) { bad.Errors = append(bad.Errors, entity.FieldError{Field: field, Code: code}) }
	mf.Name = strings.TrimSpace(mf.Name)
	if mf.Name == "" {
		add("name", entity.CodeRequired)
	}
	if !identRe.MatchString(mf.Identifier) {
		add("identifier", CodeBadIdentifier)
	}
	for _, s := range mf.Scope {
		ep, access, _ := strings.Cut(s, ":")
		if access != "read" && access != "write" || reserved[ep] || cat.ByEndpoint(ep) == nil {
			add("scope", CodeBadScope)
			break
		}
	}
	for i, w := range mf.Widgets {
		field := fmt.Sprintf("widgets[%d]", i)
		if !isPlaceholder(w.Placeholder) {
			add(field+".placeholder", CodeBadPlaceholder)
		}
		u, err := url.Parse(w.URL)
		if w.Content == "" && (w.URL == "" || err != nil || u.Scheme != "https" && u.Scheme != "http" || u.Host == "") ||
			w.Content != "" && w.URL != "" {
			add(field, CodeBadWidget)
		}
	}
	for i, f := range mf.SettingsFields {
		if f.Name == "" {
			add(fmt.Sprintf("settingsFields[%d].name", i), entity.CodeRequired)
		}
	}
	if len(bad.Errors) > 0 {
		return bad
	}
	return nil
}

func isPlaceholder(p string) bool {
	for _, q := range Placeholders {
		if q == p {
			return true
		}
	}
	return false
}

//go:embed market
var marketFiles embed.FS

// Market is the local app catalogue shipped with Artel: its categories
// and its apps' manifests (internal/module/integration/market).
type Market struct {
	Categories []MarketCategory `json:"categories"`
	Apps       []Manifest       `json:"apps"`
}

// MarketCategory is an AppCategory.
type MarketCategory struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// LoadMarket reads the embedded catalogue; a bad file is a build bug.
func LoadMarket() *Market {
	b, err := marketFiles.ReadFile("market/market.json")
	if err != nil {
		panic(err)
	}
	var m Market
	if err := json.Unmarshal(b, &m); err != nil {
		panic(fmt.Sprintf("integration: market.json: %v", err))
	}
	for _, a := range m.Apps {
		if len(a.Widgets) > 0 {
			for i := range a.Widgets {
				if a.Widgets[i].Content == "" && a.Widgets[i].URL == "" {
					panic("integration: market app " + a.Identifier + " has an empty widget")
				}
			}
		}
	}
	return &m
}

// app finds a catalogue app by identifier.
func (m *Market) app(identifier string) *Manifest {
	for i := range m.Apps {
		if m.Apps[i].Identifier == identifier {
			return &m.Apps[i]
		}
	}
	return nil
}
