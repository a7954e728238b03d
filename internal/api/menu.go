package api

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/artel/artel/internal/account"
)

// User settings the menu reads: ids the user hid (shown with isEnabled
// false, so the menu settings can bring them back) and their landing page.
const (
	settingHiddenMenu = "menu_hidden_items"
	settingDefaultURL = "default_url"
	fallbackURL       = "/newdashboard"
)

// menuEntry is one main-menu item. Icon kinds are the spec's (000 "Main
// menu"); the web app draws them, so they travel as iconKind rather than
// in icon, which API v3 types as a File.
type menuEntry struct {
	id, ru, en, url, icon string
	module                string // enabledModules id it belongs to; "" = none
	perm                  string // permission action needed; "" = everyone
	feature               string // feature that must be on for the user
	admin                 bool   // administrators (and settings_setting_enter)
}

var menuEntries = []menuEntry{
	{id: "desktop", ru: "Рабочий стол", en: "Dashboard", url: "/newdashboard", icon: "desktop", module: "desktop"},
	{id: "workspaces", ru: "Пространства", en: "Workspaces", url: "/workspaces", icon: "workspaces", feature: "bums.common.workspaces"},
	{id: "tasks", ru: "Задачи", en: "Tasks", url: "/task/filter", icon: "tasks", module: "task", perm: "tasks_enter"},
	{id: "todo", ru: "Дела", en: "To-dos", url: "/todo", icon: "clock", module: "todo", perm: "todos_enter"},
	{id: "discuss", ru: "Обсуждения", en: "Discussions", url: "/discuss", icon: "communication", module: "discuss", perm: "discuss_enter"},
	{id: "crm", ru: "Клиенты", en: "Clients", url: "/crm/filter", icon: "clients", module: "crm", perm: "crm_enter"},
	{id: "deals", ru: "Сделки", en: "Deals", url: "/deals/list/-1", icon: "dealings", module: "deal", perm: "deal_enter"},
	{id: "invoices", ru: "Счета", en: "Invoices", url: "/invoices", icon: "account", module: "invoice", perm: "invoice_enter"},
	{id: "finance", ru: "Финансы", en: "Finance", url: "/finance", icon: "finance", module: "finance", perm: "fin_operation"},
	{id: "offers", ru: "Товары и услуги", en: "Products and services", url: "/offers", icon: "offer", module: "offer", perm: "offer_enter"},
	{id: "warehouse", ru: "Склад", en: "Warehouse", url: "/consignments", icon: "offer", module: "warehouse", perm: "consignment_enter"},
	{id: "docs", ru: "Документы", en: "Documents", url: "/docs", icon: "docs", module: "doc", perm: "doc_enter"},
	{id: "reports", ru: "Отчёты", en: "Reports", url: "/report", icon: "reports", module: "report", perm: "report_enter"},
	{id: "staff", ru: "Сотрудники", en: "Employees", url: "/staff/list", icon: "employees", module: "employee", perm: "employee_enter"},
	{id: "knowledge", ru: "База знаний", en: "Knowledge base", url: "/knowledge", icon: "knowledge", module: "knowledge"},
	{id: "help", ru: "Помощь", en: "Help", url: "/help", icon: "help"},
	{id: "settings", ru: "Настройки", en: "Settings", url: "/settings", icon: "settings", admin: true},
}

// menuItems builds the user's menu: entries of enabled modules and on
// features that the user's rights allow, in menu order.
func (s *Server) menuItems(ctx context.Context, c *call) ([]map[string]any, error) {
	states, err := account.Features(ctx, s.DB, c.sc.Account, s.Engine.Now())
	if err != nil {
		return nil, err
	}
	on := map[string]bool{}
	avail := map[string]bool{}
	for _, st := range states {
		on[st.Name] = featureJSON(c, st)["isEnabledForUser"].(bool)
		avail[st.Name] = st.Available
	}
	mods := map[string]bool{}
	for _, m := range account.EnabledModules(avail) {
		mods[m.ID] = true
	}
	hidden := map[string]bool{}
	if raw, err := account.SettingValue(ctx, s.DB, c.sc.Account, account.KindUser, c.sc.Actor, settingHiddenMenu); err != nil {
		return nil, err
	} else if raw != nil {
		var ids []string
		_ = json.Unmarshal(raw, &ids) // a malformed preference hides nothing
		for _, id := range ids {
			hidden[id] = true
		}
	}
	out := []map[string]any{}
	for _, e := range menuEntries {
		switch {
		case e.module != "" && !mods[e.module],
			e.feature != "" && !on[e.feature],
			e.perm != "" && !c.sc.Can(e.perm),
			e.admin && !c.sc.Can("settings_setting_enter"),
			e.id == "desktop" && on["bums.common.desktop_disable"]:
			continue
		}
		icon := e.icon
		if e.id == "todo" && on["bums.common.component_todo_list"] {
			icon = "calendar" // the spec's rule for the new to-do list
		}
		title := e.ru
		if c.lang == "en" {
			title = e.en
		}
		out = append(out, map[string]any{"contentType": "MenuItem", "id": e.id, "title": title, "url": e.url,
			"frameUrl": nil, "icon": nil, "iconKind": icon, "blank": false, "isActive": false,
			"isExternal": false, "isCustom": false, "isEnabled": !hidden[e.id],
			"urlAliases": []any{}, "subMenu": []any{}, "subMenuCount": 0})
	}
	return out, nil
}

func (s *Server) menu(ctx context.Context, c *call, _ []int64) Response {
	items, err := s.menuItems(ctx, c)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(items)
}

// menuDefaultURL is the landing path: the user's saved default_url when it
// is a local path, else the task list when the user has it, else the
// first item of their menu.
func (s *Server) menuDefaultURL(ctx context.Context, c *call, _ []int64) Response {
	raw, err := account.SettingValue(ctx, s.DB, c.sc.Account, account.KindUser, c.sc.Actor, settingDefaultURL)
	if err != nil {
		return s.errorResponse(c, err)
	}
	var saved string
	if raw != nil && json.Unmarshal(raw, &saved) == nil && localPath(saved) {
		return ok(saved)
	}
	items, err := s.menuItems(ctx, c)
	if err != nil {
		return s.errorResponse(c, err)
	}
	first := ""
	for _, it := range items {
		if it["isEnabled"] != true {
			continue
		}
		if it["id"] == "tasks" {
			return ok(it["url"])
		}
		if first == "" {
			first, _ = it["url"].(string)
		}
	}
	if first == "" {
		first = fallbackURL
	}
	return ok(first)
}

// localPath accepts only a path on this site: the landing page must never
// send a user to another host ("//evil", "/\evil", "javascript:").
func localPath(p string) bool {
	return strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//") && !strings.ContainsAny(p, "\\\r\n\t ")
}
