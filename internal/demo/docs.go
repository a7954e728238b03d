package demo

import (
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/doc"
	"github.com/artel/artel/internal/value"
)

// documentFolders are the company's shared folders, each under the one
// named as its parent ("" at the root).
var documentFolders = []struct{ name, parent string }{
	{"Общие документы", ""},
	{"Регламенты", "Общие документы"},
	{"Договоры", "Общие документы"},
	{"Бухгалтерия", "Общие документы"},
}

// documentTexts are text documents; a second text makes a second version.
var documentTexts = []struct {
	folder, name string
	texts        []string
}{
	{"Регламенты", "Порядок согласования договоров", []string{
		"<p>Договор согласуют юрист и руководитель отдела продаж.</p>",
		"<p>Договор согласуют юрист и руководитель отдела продаж в течение двух рабочих дней.</p>"}},
	{"Регламенты", "Правила командировок", []string{
		"<p>Командировку оформляет руководитель отдела; авансовый отчёт сдают в бухгалтерию за три дня.</p>"}},
	{"Договоры", "Типовой договор поставки", []string{
		"<p>1. Предмет договора. Поставщик передаёт, а покупатель принимает и оплачивает товар.</p>"}},
	{"Бухгалтерия", "График закрытия месяца", []string{
		"<ol><li>До 3 числа — первичные документы.</li><li>До 5 числа — сверка с контрагентами.</li></ol>"}},
}

// docsStep writes the shared folders: the demo user owns them, the
// management edits them, every department reads them; the accounting
// folder overrides that: only the accountants (editors) and the
// management see it.
func (f *filler) docsStep() error {
	made := map[string]value.Link{}
	for _, d := range documentFolders {
		body := obj{"name": d.name}
		if p, ok := made[d.parent]; ok {
			body["parent"] = ref(p)
		}
		l, err := f.create(f.demo, "DocFolder", body)
		if err != nil {
			return err
		}
		made[d.name] = l
	}
	root, books := doc.Folder(made["Общие документы"].ID), doc.Folder(made["Бухгалтерия"].ID)
	for _, d := range departmentTree {
		role := doc.Reader
		if d.parent == "" {
			role = doc.Editor
		}
		if err := doc.Assign(f.ctx, f.e, f.account, root, f.deptLinks[d.name], role); err != nil {
			return err
		}
		if d.parent == "" {
			continue
		}
		// Readers elsewhere, editors or nothing here: an override per
		// department (the reference's rights have no "nobody", so the
		// others get the narrowest role there is).
		role = doc.Reader
		if d.name == "Бухгалтерия" {
			role = doc.Editor
		}
		if err := doc.Assign(f.ctx, f.e, f.account, books, f.deptLinks[d.name], role); err != nil {
			return err
		}
	}
	for _, d := range documentTexts {
		l, err := f.create(f.demo, "Doc", obj{"name": d.name, "folder": ref(made[d.folder])})
		if err != nil {
			return err
		}
		for _, text := range d.texts {
			if err := doc.WriteText(f.ctx, f.e, entity.Scope{Account: f.account, Actor: f.demo, System: true}, l.ID, text); err != nil {
				return err
			}
		}
	}
	return nil
}
