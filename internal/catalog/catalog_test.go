package catalog

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/value"
)

// The entities the spec names must all be served, with the reference's
// field names.
func TestCatalogCoversTheSpec(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Task", "Project", "Deal", "Program", "ProgramState", "ContractorHuman",
		"ContractorCompany", "Payer", "Todo", "Comment", "Topic", "Doc", "DocFolder", "DocVersion", "File",
		"Employee", "Department", "Invoice", "FinOperation", "Offer", "Warehouse", "Consignment", "CustomLeadForm",
		"KnowledgeBase", "KnowledgeArticle", "Tag", "IntegrationWidget", "UserSetting", "SystemSetting", "Message",
		"Imap", "Smtp", "TaskFilter", "TradeFilter", "CrmFilter", "ConsignmentFilter", "EmployeeFilter",
		"FileStorageFilter", "IntegrationFilter", "OfferFilter", "TodoFilter", "WarehouseFilter"} {
		if c.Type(name) == nil {
			t.Errorf("%s missing", name)
		}
	}
	if c.ByEndpoint("contractorHuman") != c.Type("ContractorHuman") {
		t.Error("endpoint is not the lower-camel type name")
	}
}

func TestFieldRoles(t *testing.T) {
	task := MustLoad().Type("Task")
	cases := []struct {
		field string
		role  Role
	}{
		{"name", RoleValue}, {"responsible", RoleLink}, {"auditors", RoleLinks}, {"auditorsCount", RoleCount},
		{"subTasks", RoleReverse}, {"comments", RoleReverse}, {"commentsCount", RoleCount},
		{"possibleActions", RoleComputed}, {"humanNumber", RoleValue},
	}
	for _, c := range cases {
		if f := task.Field(c.field); f == nil || f.Role != c.role {
			t.Errorf("Task.%s: %+v, want role %d", c.field, f, c.role)
		}
	}
	name := task.Field("name")
	if !name.Required || !name.Sortable || name.Label.Ru != "Название" || name.Label.En != "Name" {
		t.Errorf("Task.name: %+v", name)
	}
	if _, ok := task.Field("deadline").Kind.(value.DateUnion); !ok {
		t.Error("Task.deadline is not a date union")
	}
	if task.Field("humanNumber").Writable() || task.Field("auditorsCount").Writable() {
		t.Error("maintained fields are writable")
	}
	if got := task.Field("responsible").Targets; len(got) != 4 {
		t.Errorf("responsible targets %v", got)
	}
}

// Every field searchedText names is a stored field of its type that search
// reads, so a misspelt name cannot silently leave a text unsearched.
func TestSearchedTextFieldsExist(t *testing.T) {
	c := MustLoad()
	for typ, fields := range searchedText {
		for _, name := range fields {
			if ct := c.Type(typ); ct == nil || !slices.Contains(ct.Search, name) {
				t.Errorf("%s.%s is not searched", typ, name)
			}
		}
	}
}
