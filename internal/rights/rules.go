package rights

// Rule is who sees and changes one content type, as data: docs/rights.md
// is written from this table, and a new business area adds a row here
// instead of checks in its handlers.
type Rule struct {
	// Read is the permission to see every entity of the type; "" with
	// Members set means only the members (and administrators) see one.
	Read string
	// Members are the link fields naming the people who see an entity
	// whether or not they hold Read.
	Members []string
	// Via makes an entity visible when the entity its link points to is
	// (a comment is seen by whoever sees its subject).
	Via string
	// Through is Via for an entity that names its subject in a table of
	// its own module rather than in a link of its own.
	Through *Through
	// Listed makes an entity visible to the people its module lists for
	// it in a table of its own (a to-do's invitees).
	Listed *Listed
	// Add is the permission to create; "" lets every employee create.
	Add string
	// EditBy are the single-link members who may change an entity; with
	// none, whoever may create may also change. The first one may delete.
	EditBy []string
	// Guests: whether guests see the entity when they are members (or,
	// with Via, see its subject), and whether they may create one.
	GuestSee, GuestAdd bool
	// Everyone lets every employee (not guests) read, whatever Read says.
	Everyone bool
	// AdminOnly reserves every write to administrators.
	AdminOnly bool
}

var taskMembers = []string{"owner", "responsible", "executors", "auditors", "participants", "templateUsers", "templateViewers", "userCreated", "negotiationExecutors"}

// Through names, per entity, the subject it is seen through: rows of
// Table whose column Own is the entity's id and whose TypeCol and IDCol
// name the subject, one of Targets. Where, when set, is a constant test
// of those rows (th.…) that picks the ones that mean "seen through".
type Through struct {
	Table, Own, TypeCol, IDCol string
	Targets                    []string
	Where                      string
}

// Listed names, per entity, the people a module keeps for it: rows of
// Table whose column Own is the entity's id and whose TypeCol and IDCol
// name a person. Table has an account_id column and an index on
// (account_id, TypeCol, IDCol).
type Listed struct {
	Table, Own, TypeCol, IDCol string
}

// rules per content type; types not listed follow defaultRule.
var rules = map[string]Rule{
	"Task":    {Members: taskMembers, Add: "tasks_add", EditBy: []string{"owner", "responsible"}, GuestSee: true},
	"Project": {Members: taskMembers, Add: "tasks_add", EditBy: []string{"owner", "responsible"}, GuestSee: true},
	"Comment": {Via: "subject", EditBy: []string{"owner"}, GuestSee: true, GuestAdd: true},
	// Tags are the account's shared labels; their author renames or deletes them.
	"Tag": {Everyone: true, EditBy: []string{"user"}},
	// Groups of employees are put in task roles, which gives the role to
	// each member (docs/rights.md): everyone sees them, and only who may
	// edit the staff structure makes and changes them.
	"Group": {Everyone: true, Add: "employee_structure"},
	// A template's schedule is seen by whoever sees the template (its row
	// of task_schedules names it); only the schedule rules write it, through
	// /task|project/{id}/schedule (internal/module/task/schedule.go).
	"Schedule": {Through: &Through{Table: "task_schedules", Own: "schedule_id", TypeCol: "subject_type", IDCol: "subject_id",
		Targets: []string{"Task", "Project"}}, AdminOnly: true, GuestSee: true},
	// Deadline requests follow their task; the task rules write them.
	"DeadlineChangeRequest": {Via: "issue", AdminOnly: true},
	// Negotiation items, versions and visas follow their task; only the
	// negotiation rules write them (internal/module/task/negotiation*.go).
	"NegotiationItem":        {Via: "task", AdminOnly: true, GuestSee: true},
	"NegotiationItemVersion": {Via: "negotiationItem", AdminOnly: true, GuestSee: true},
	"NegotiationVisa":        {Via: "version", AdminOnly: true, GuestSee: true},
	"Todo": {Members: []string{"userCreated", "responsible"}, Add: "todos_add", EditBy: []string{"userCreated", "responsible"}, GuestSee: true, GuestAdd: true,
		Listed: &Listed{Table: "todo_attendees", Own: "todo_id", TypeCol: "subject_type", IDCol: "subject_id"}},
	"Topic":             {Members: []string{"owner", "participants", "visavis"}, Add: "discuss_add", EditBy: []string{"owner"}, GuestSee: true},
	"ContractorHuman":   {Read: "crm_enter", Members: []string{"responsibles"}, Add: "crm_add"},
	"ContractorCompany": {Read: "crm_enter", Members: []string{"responsibles"}, Add: "crm_add"},
	"Payer":             {Read: "crm_enter", Add: "crm_add"},
	// Client types and statuses are the account's lists, kept by
	// administrators and read by whoever works with clients.
	"ContractorType":   {Read: "crm_enter", AdminOnly: true},
	"ContractorStatus": {Read: "crm_enter", AdminOnly: true},
	"Deal":             {Read: "deal_enter", Members: []string{"manager", "auditors"}, Add: "deal_add"},
	"Program":          {Read: "deal_enter", AdminOnly: true},
	"ProgramState":     {Read: "deal_enter", AdminOnly: true},
	"ProgramGroup":     {Read: "deal_enter", AdminOnly: true},
	// Transitions are the process's rules (internal/module/deal), set by
	// administrators; a deal's positions follow the deal.
	"ProgramTransition": {Read: "deal_enter", AdminOnly: true},
	// Triggers too; who may run a button trigger on a deal is its params'
	// allowed list (internal/module/deal, triggers).
	"ProgramTrigger": {Read: "deal_enter", AdminOnly: true},
	// A position follows its deal; an invoice's row (internal/module/finance,
	// listed in the links table as the invoice's rows) follows its invoice.
	"OfferRow": {Via: "deal", Add: "deal_add", Through: &Through{Table: "links", Own: "dst_id", TypeCol: "src_type", IDCol: "src_id",
		Targets: []string{"Invoice"}, Where: "th.field = 'rows' AND th.dst_type = 'OfferRow'"}},
	"Invoice":      {Read: "invoice_enter", Add: "invoice_add"},
	"FinOperation": {Read: "fin_operation", Add: "fin_operation_add"},
	// Accounts, their chart and operation types are the finance area's
	// settings (internal/module/finance).
	"FinRealAccount":   {Read: "fin_operation", Add: "fin_operation_add"},
	"FinAccount":       {Read: "fin_operation", Add: "fin_operation_add"},
	"FinOperationType": {Read: "fin_operation", Add: "fin_operation_add"},
	"FinOperationLink": {Read: "fin_operation", AdminOnly: true},
	"Offer":            {Read: "offer_enter", Add: "offer_add"},
	// Price lists are the catalogue's settings, read by every employee
	// (a deal or client names one); an offer's price in one follows the
	// offer (docs/stock.md, "Price lists").
	"PriceList":         {Everyone: true, AdminOnly: true},
	"OfferPrice":        {Via: "offer", Add: "offer_add"},
	"Warehouse":         {Read: "consignment_enter", Add: "consignment_enter"},
	"Consignment":       {Read: "consignment_enter", Add: "consignment_enter"},
	"Doc":               {Read: "doc_enter", Add: "doc_add"},
	"DocFolder":         {Read: "doc_enter", Add: "doc_add"},
	"DocVersion":        {Read: "doc_enter", Add: "doc_add"},
	"Report":            {Members: []string{"userCreated", "readers", "editors"}, Add: "report_add", EditBy: []string{"userCreated"}},
	"KnowledgeBase":     {Everyone: true, Add: "can_create_knowledge"},
	"KnowledgeArticle":  {Everyone: true, Add: "can_create_knowledge"},
	"Employee":          {Everyone: true, GuestSee: true, AdminOnly: true},
	"Department":        {Everyone: true, AdminOnly: true},
	"DepartmentVacancy": {Everyone: true, AdminOnly: true},
	"SystemSetting":     {Everyone: true, AdminOnly: true},
	"IntegrationWidget": {Everyone: true, AdminOnly: true},
	"Application":       {Everyone: true, AdminOnly: true},
	// Lead forms are set up by administrators and read by whoever works
	// with clients (internal/module/crm/leadform).
	"CustomLeadForm":        {Read: "crm_enter", AdminOnly: true},
	"CustomLeadFormElement": {Read: "crm_enter", AdminOnly: true},
}

// defaultRule: every employee sees and changes the rest (filters, tags,
// files, settings of their own); guests see none of it.
var defaultRule = Rule{Everyone: true}

func ruleFor(typeName string) Rule {
	if r, ok := rules[typeName]; ok {
		return r
	}
	return defaultRule
}

// Needs are the fields of a type the rights read from a record itself
// (who may change it, what it is seen through), which a list asked for a
// few fields must still load.
func (p *Policy) Needs(typeName string) []string {
	r := ruleFor(typeName)
	out := append([]string{}, r.EditBy...)
	if r.Via != "" {
		out = append(out, r.Via)
	}
	return out
}
