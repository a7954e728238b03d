package catalog

// What the reference tables cannot say about a field lives here: which
// fields are derived rather than stored, which collections are the other
// side of a single link, which columns deserve an index.

// computed fields are derived per reader by module rules (rights, unread
// markers, favourites); they have no column.
var computed = set(
	"possibleActions", "rights", "editableFields", "visibleFields", "isFavorite",
	"isUnread", "unreadAnswer", "firstUnreadComment", "subscribed", "lastView",
	"canSeeFull", "isTemplateOwnerCurrentUser", "interactionsCounters",
	"allFiles", "possibleSubscribers", "possibleStates", "possibleWarehouses",
	"possibleStatuses", "possibleTransitions", "possibleTriggers", "isReadable",
	"calculatedFields", "isOnline", "lastComment", "lastCommentTimeCreated",
	"unreadCommentsCount", "hiddenCommentsCount", "attachesCountInComments",
	"commentsWithoutTransportCount", "wasRead", "isLiked", "canEdit",
	// Subscriptions and notifications live in their own tables
	// (internal/module/subscribe): a reader subscribes only themselves, so
	// subscribers is not a collection a client writes.
	"subscribers", "notificationsUnreadCount",
	// A client's deal and invoice figures are read from its deals and
	// invoices when asked for, and hidden from readers without the right
	// to those areas (internal/module/crm, counts.go).
	"countDeals", "countActiveDeals", "countPositiveDeals", "countNegativeDeals",
	"summDeals", "summActiveDeals", "summPositiveDeals",
	"countInvoice", "countNotPaidInvoice", "summInvoice", "summNotPaidInvoice",
	"summAccountReceivable", "summAccountReceivableOverdue",
	// A discussion's pin and sound are each participant's own
	// (internal/module/discuss, discuss_members).
	"isAttached", "isAttachedForever", "attachedTill", "soundDisable",
)

// computedIn are "Type.field"s derived at read time though the same name
// is stored elsewhere: a to-do's schedule is the rule of the series it is
// in (internal/module/todo), while a task template's is a Schedule it
// links to.
var computedIn = set("Todo.schedule",
	// Overdue is a matter of the time it is read at (internal/module/todo
	// overdue.go; a client's count of them, internal/module/crm).
	"Todo.isOverdue", "ContractorHuman.countOverdueCommunications", "ContractorCompany.countOverdueCommunications",
	// An account's balance is kept in fin_balances and an invoice's
	// operations are read from the links of the operations that name it
	// (internal/module/finance).
	"FinRealAccount.balance", "Invoice.financeOperations",
	// A client's balance is read from its invoices and finance operations
	// when asked for, like its other figures (internal/module/crm, counts.go).
	"ContractorHuman.balance", "ContractorCompany.balance",
	"ContractorHuman.countBalance", "ContractorCompany.countBalance",
	// A program's roles are the deal's person fields, the same for every
	// program (internal/module/deal, roles.go).
	"Program.roles", "Program.rolesCount")

// held fields are kept by a module in tables of its own (RoleHeld): a
// to-do's participants carry each one's answer to the invitation, and
// the calendar reads them by person and time (internal/module/todo).
var held = set("Todo.participants")

// addWriteOnly gives types a write-only field the reference lacks: a guest
// (ContractorHuman with guest access) gets a password the same way an
// employee does.
var addWriteOnly = map[string][]string{"ContractorHuman": {"password"}}

// writeOnly fields are accepted on write for hooks (auth stores the hash of a
// password elsewhere) and never stored in the entity table or shown.
var writeOnly = set("password")

// holds names what a field of the too-wide reference type BaseEntity[]
// links to. A Group put in a task's roles is a group of employees: its
// children are links (the rights read them in SQL), not a blob.
var holds = map[string]string{"Group.children": "Employee[]"}

// readOnly fields are maintained by the engine or by module rules.
var readOnly = set("timeCreated", "timeUpdated", "userCreated", "userUpdated", "humanNumber",
	"answersCount", "workedOffTimeTotal",
	// The negotiation rules (internal/module/task/negotiation*.go) keep
	// these from the visas; a client's value would contradict them.
	"visaOkCount", "visaBadCount", "shouldVisasCount", "decision",
	// A client's contacts, last deal and task counts are kept from its
	// to-dos, deals and tasks (internal/module/crm, upkeep.go).
	"nextCommunication", "nextCommunicationDate", "lastCommunicationDate",
	"countCommunications", "countScheduledCommunications", "lastDealDate",
	"issuesCount", "activeIssuesCount", "inactiveIssuesCount")

// optional are fields the reference flags required that Artel's rules
// fill or do without: an invoice row may be free text with no catalogue
// offer; an invoice's recipient is the account's own legal entity (not
// modelled yet) and its consignee is the payer unless named
// (internal/module/finance).
var optional = set("OfferRow.offer", "Invoice.recipient", "Invoice.consignee",
	// A lead form's clients get no client type unless the form names one.
	"CustomLeadForm.contractorInternalType")

// sortable "Type.field"s the reference does not flag S: the knowledge
// base's bases and articles are listed in their tree order
// (internal/module/knowledge); folders and documents by name and
// documents by when they changed (internal/module/doc).
var sortable = set("KnowledgeBase.orderPos", "KnowledgeArticle.orderPos",
	"DocFolder.name", "Doc.name", "Doc.timeUpdated", "Doc.timeCreated",
	// Client types and statuses are listed in the order an administrator
	// gives them (internal/module/crm, lists.go).
	"ContractorType.orderPosition", "ContractorStatus.orderPosition",
	// Clients by name, A to Z: what a client list is most often sorted by.
	"ContractorHuman.name", "ContractorCompany.name")

// nullable booleans have a third state: a negotiation task's decision is
// null until every item is approved or one is rejected.
var nullable = set("decision")

// reverse maps "Type.collection" to the single link on another type that
// forms it. Every collection named comments is Comment.subject.
var reverse = map[string]Reverse{
	"Task.subTasks":              {"Task", "parent"},
	"Project.tasks":              {"Task", "parent"},
	"Project.subProjects":        {"Project", "parent"},
	"Department.childs":          {"Department", "parent"},
	"ContractorCompany.contacts": {"ContractorHuman", "company"},
	// A client's requisites are the payers that name it (docs/crm.md).
	"ContractorCompany.payers": {"Payer", "contractor"},
	"ContractorHuman.payers":   {"Payer", "contractor"},
	"Program.states":           {"ProgramState", "program"},
	"Program.triggers":         {"ProgramTrigger", "program"},
	"ProgramGroup.programs":    {"Program", "programGroup"},
	// A lead form's fields are the elements that name it
	// (internal/module/crm/leadform).
	"CustomLeadForm.elements":    {"CustomLeadFormElement", "leadForm"},
	"Comment.answers":            {"Comment", "originalComment"},
	"Task.entitiesByTemplate":    {"Task", "originalTemplate"},
	"Task.milestones":            {"Milestone", "task"},
	"Project.milestones":         {"Milestone", "project"},
	"Project.entitiesByTemplate": {"Project", "originalTemplate"},
	"Deal.invoices":              {"Invoice", "deal"},
	"Deal.financeOperations":     {"FinOperation", "deal"},
	"Deal.positions":             {"OfferRow", "deal"},
	"Consignment.rows":           {"ConsignmentRow", "consignment"},
	// A kit's parts and the kits an offer is part of (docs/stock.md).
	"Offer.parts":   {"OfferPart", "parent"},
	"Offer.parents": {"OfferPart", "offer"},
	// An offer's prices per price list (Artel's, docs/stock.md).
	"Offer.prices":                 {"OfferPrice", "offer"},
	"DocFolder.docs":               {"Doc", "folder"},
	"Doc.versions":                 {"DocVersion", "doc"},
	"Department.vacancies":         {"DepartmentVacancy", "department"},
	"Employee.vacancies":           {"DepartmentVacancy", "employee"},
	"Task.negotiationItems":        {"NegotiationItem", "task"},
	"NegotiationItem.versions":     {"NegotiationItemVersion", "negotiationItem"},
	"NegotiationItemVersion.visas": {"NegotiationVisa", "version"},
}

// indexed are the value fields that lists commonly sort or filter on; every
// single link is indexed too, so links are queryable from both ends.
var indexed = set("name", "status", "timeCreated", "timeUpdated", "humanNumber",
	"isTemplate", "deadline", "lastName", "type", "number", "isDropped", "date")

// composite indexes serve the lists users filter most: one person's tasks
// by status, counted without reading each row. A subject's comments with
// their dropped flag and author answer the unread counts of a list page
// from the index alone (internal/module/comment).
var composite = map[string][][]string{
	// The second Task index and the Deal ones answer the reports and a
	// client list's deal figures from the index alone
	// (internal/module/report, internal/module/crm counts.go).
	"Task":    {{"responsible", "status"}, {"responsible", "status", "isOverdue", "deadline", "actualFinish"}},
	"Deal":    {{"program", "state", "price"}, {"manager", "result", "price"}, {"contractor", "result", "price"}},
	"Project": {{"responsible", "status"}},
	// The overdue invoices (created or drawn, past their deadline) of a
	// list of 100,000 (internal/api, statusFilterId=overdue).
	"Invoice": {{"status", "deadline"}},
	"Comment": {{"subject", "isDropped", "owner"}},
}

// ordered indexes end in a field laid out as a list sorts by it (nulls
// last, then the value, then id), so a page in that order is read from
// the index and stops at its last row instead of sorting every row that
// matches: a folder's documents and sub-folders by name
// (internal/module/doc), a folder of 10,000 a page at a time.
var ordered = map[string][][]string{
	"Doc":       {{"folder", "name"}},
	"DocFolder": {{"parent", "name"}},
	// The client list's orders (web/src/features/crm/columns.ts SORTS),
	// each a read of an index on both types (crm.ListBoth merges them); a
	// leading "-" lays the field out newest first.
	"ContractorHuman":   clientOrders,
	"ContractorCompany": clientOrders,
}

var clientOrders = [][]string{{"name"}, {"nextCommunicationDate"}, {"-lastCommunicationDate"}, {"-lastDealDate"}}

// searchable fields feed full-text search (`q` on every list and the
// search across areas): the names and numbers any type has, then what
// searchedText adds per type.
var searchable = []string{"name", "title", "lastName", "firstName", "middleName", "number", "humanNumber", "login", "email"}

// idSpaces are types that take their ids from one sequence, as in the
// reference: GET /task answers (Project|Task)[] and /task/{id} names
// either; /contractor/{id} names a person or a company. Each space is
// named after its first type.
var idSpaces = [][]string{{"Task", "Project"}, {"ContractorHuman", "ContractorCompany"}}

// spaceUnions are types whose endpoint answers for every type of their id
// space: the reference's GET /task/{id} is (Project|Task).
var spaceUnions = set("Task")

// searchedText are the longer texts users look for too: descriptions,
// comments' and articles' text, positions and contact details. Changing
// what a type searches needs a migration that reindexes the stored rows
// (migrate.Reindex).
var searchedText = map[string][]string{
	"Task":              {"statement"},
	"Project":           {"statement"},
	"Comment":           {"content"},
	"Deal":              {"description"},
	"ContractorHuman":   {"position", "description", "contactInfo"},
	"ContractorCompany": {"description", "contactInfo"},
	"Employee":          {"position", "description", "contactInfo"},
	"Doc":               {"description"},
	"Todo":              {"description", "contactInfo"},
	"Topic":             {"content"},
	"KnowledgeArticle":  {"content"},
	"Milestone":         {"description"},
	"Offer":             {"description"},
	"Department":        {"description"},
}

// typeLabelsEn are English names of the types users see; the rest are
// derived from the type name.
var typeLabelsEn = map[string]string{
	"ContractorHuman": "Client (person)", "ContractorCompany": "Client (company)",
	"Todo": "To-do", "Topic": "Discussion", "Doc": "Document", "FinOperation": "Finance operation",
	"Offer": "Product", "PriceList": "Price list", "OfferPrice": "Price in a price list", "Program": "Business process", "ProgramState": "Process stage",
	"TradeFilter": "Deal filter", "CrmFilter": "Client filter",
	"ContractorType": "Client type", "ContractorStatus": "Client status",
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
