package crm

// messages word the clients' error types {ru, en}; the client wording of
// a refused delete is spec 001 §8's.
var messages = map[string][2]string{
	CodeBadPhone:       {"Неверный формат телефона", "Invalid phone number format"},
	CodeBadEmail:       {"Неверный формат почты", "Invalid e-mail format"},
	CodeSelfCompany:    {"Клиент не может быть своей же компанией", "A client cannot be their own company"},
	CodeClientInvoiced: {"Невозможно удалить, пока есть счета с этим клиентом", "Cannot delete while there are invoices with this client"},
	CodePayerInvoiced:  {"Невозможно удалить, пока есть счета с этим плательщиком", "Cannot delete while there are invoices with this payer"},
	CodeRecipientInUse: {"Невозможно удалить, пока есть счета с этим получателем", "Cannot delete while there are invoices with this recipient"},
	CodeMergeSelf:      {"Нельзя объединить клиента с самим собой", "A client cannot be merged with itself"},
	CodeAmbiguous: {"Клиент с этим идентификатором есть и среди людей, и среди компаний: укажите тип (/contractorHuman/{id} или /contractorCompany/{id})",
		"Both a person and a company have this id: name the type (/contractorHuman/{id} or /contractorCompany/{id})"},
	CodeImportBadFile: {"Не удалось прочитать файл: нужна таблица CSV или XLSX, где в первой строке заголовки, а дальше хотя бы одна строка данных",
		"The file could not be read: it must be a CSV or XLSX table with headings in the first row and at least one row of data"},
	CodeImportUnknown:   {"Не найдено: %s", "Not found: %s"},
	CodeImportNoName:    {"Нет имени клиента", "The client has no name"},
	CodeImportStarted:   {"Импорт уже запущен", "The import has already started"},
	CodeListNameTaken:   {"Такое название уже есть: %s", "This name is already taken: %s"},
	CodeListInUse:       {"Используется у клиентов и веб-форм (%s): выберите, куда их перенести", "Used by clients and lead forms (%s): choose where to move them"},
	CodeListReplaceSelf: {"Нельзя перенести клиентов в удаляемую запись", "Clients cannot be moved to the item being deleted"},
	CodeBadRequisite:    {"Неверное число цифр: %s", "Wrong number of digits: %s"},
}
