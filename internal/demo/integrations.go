package demo

import (
	"encoding/json"

	"github.com/artel/artel/internal/module/integration"
)

// integrationsStep adds what a company connects first: a webhook to its
// accounting system (off until someone enters the real address) and a
// rule that has every new invoice task checked for payment.
func (f *filler) integrationsStep() error {
	hook := &integration.Hook{URL: "https://1c.example.ru/hs/artel/webhook", EntityType: "Deal",
		Events: integration.Events, Active: false, Owner: f.demo}
	if err := integration.AddWebhook(f.ctx, f.e, f.account, hook); err != nil {
		return err
	}
	filter, _ := json.Marshal(map[string]any{"contentType": "FilterConfig", "termGroup": map[string]any{"join": "and",
		"terms": []any{map[string]any{"contentType": "FilterTermString", "field": "name", "comparison": "contains", "value": "счёт"}}}})
	return integration.AddRule(f.ctx, f.e, f.account, &integration.Rule{Name: "Проверить оплату выставленного счёта",
		EntityType: "Task", Trigger: integration.OnCreated, Filter: filter, Active: true, Owner: f.demo,
		Actions: []integration.Action{
			{Type: integration.ActTodo, Name: "Проверить оплату по счёту", InDays: 3},
			{Type: integration.ActNotify, Text: "Выставлен счёт: через три дня проверьте оплату"},
		}})
}
