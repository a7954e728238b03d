package account

// Module is one area of the product as AccountInfo.enabledModules names it.
// Ids are the spec's module names (desktop, crm, employee, task, deal,
// todo, report, invoice, finance, doc, discuss) plus the feature-gated
// offer, warehouse and knowledge modules.
type Module struct {
	ID string
	// Feature gates the module; "" means always on. A self-hosted account
	// has every module: there is no paid plan to unlock.
	Feature string
}

var modules = []Module{
	{ID: "desktop"},
	{ID: "task"},
	{ID: "crm"},
	{ID: "deal"},
	{ID: "todo"},
	{ID: "discuss"},
	{ID: "doc"},
	{ID: "invoice"},
	{ID: "finance"},
	{ID: "offer", Feature: "bums.common.common.offer_module_feature"},
	{ID: "warehouse", Feature: "bums.invoice.offer_consignments_feature"},
	{ID: "report"},
	{ID: "employee"},
	{ID: "knowledge", Feature: "bums.knowledge.knowledge_module_feature"},
}

// EnabledModules lists the modules on, given the account's features.
func EnabledModules(available map[string]bool) []Module {
	var out []Module
	for _, m := range modules {
		if m.Feature == "" || available[m.Feature] {
			out = append(out, m)
		}
	}
	return out
}
