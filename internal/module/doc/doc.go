// Package doc owns the documents area: the folder tree, the roles people
// hold on folders and documents (inherited down the tree, overridable on
// a subfolder or a document), the documents with a version for every
// save of their file or text, and restoring an old version as a new one.
// See docs/doc.md.
package doc

import (
	"strings"
	"unicode"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/file"
)

// Codes of the documents rules' refusals (422, on the field named).
const (
	CodeBadRole     = "doc_bad_role"
	CodeBadSubject  = "doc_bad_subject"
	CodeLastOwner   = "doc_last_owner"
	CodeCycle       = "doc_move_cycle"
	CodeBadName     = "doc_bad_name"
	CodeNotEmpty    = "doc_folder_not_empty"
	CodeBadContent  = "doc_bad_content"
	CodeNotTextual  = "doc_not_text"
	CodeVersionGone = "doc_version_not_found"
	CodeConflict    = "doc_edit_conflict"
	CodeExpired     = "doc_share_expired"
)

// Wording is the refusals' text, ru and en.
var Wording = map[string][2]string{
	CodeBadRole:    {"Право — одно из: owner, editor, reader", "A right is one of owner, editor, reader"},
	CodeBadSubject: {"Право дают сотруднику, отделу или группе", "A right is given to an employee, a department or a group"},
	CodeLastOwner:  {"У папки или документа должен остаться владелец", "A folder or document must keep an owner"},
	CodeCycle:      {"Папку нельзя переместить внутрь неё самой", "A folder cannot move inside itself"},
	CodeBadName: {"Название не может быть пустым, содержать / или \\ и управляющие символы",
		"A name cannot be empty or hold / or \\ or control characters"},
	CodeNotEmpty:    {"Папка не пуста", "The folder is not empty"},
	CodeBadContent:  {"Содержимое версии — файл или текст", "A version's content is a file or a text"},
	CodeNotTextual:  {"Документ не текстовый: его текст не редактируют", "The document is not a text: its text is not edited"},
	CodeVersionGone: {"Такой версии у документа нет", "The document has no such version"},
	CodeExpired:     {"Срок действия ссылки уже прошёл", "The link's expiry has already passed"},
	CodeConflict: {"Документ уже сохранили в версии %s: сравните тексты и сохраните снова",
		"The document was saved meanwhile as version %s: compare the texts and save again"},
}

// Module is the documents rules over the engine.
type Module struct {
	e     *entity.Engine
	files *file.Files // set by UseFiles; no thumbnails without it
}

// Register installs the rules: hooks that check roles, keep names sane,
// rebuild access after a move, and the reader's computed fields.
func Register(e *entity.Engine) *Module {
	m := &Module{e: e}
	e.Hook("DocFolder", entity.Hooks{BeforeSave: m.beforeFolder, AfterSave: m.afterFolder, BeforeDelete: m.beforeDeleteFolder})
	e.Hook("Doc", entity.Hooks{BeforeSave: m.beforeDoc, AfterSave: m.afterDoc, BeforeDelete: m.beforeDeleteDoc})
	e.NeedFields("DocFolder", "parent")
	e.NeedFields("Doc", "folder", "inheritRights", "actualVersion", "name", "description")
	e.NeedFields("DocVersion", "doc", "revision", "content", "mimeType", "name")
	e.Compute("DocVersion", entity.Computer{Fields: []string{"content", "editAbility"}, InLists: true, Fill: m.fillVersions})
	return m
}

// system is the rules' own scope for writes they have already judged, in
// the caller's name.
func system(sc entity.Scope) entity.Scope {
	return entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true, Lang: sc.Lang}
}

// checkName refuses names that are empty or could pass for a path when a
// document is downloaded or exported: separators, control characters,
// "." and "..".
func checkName(c *entity.Change) error {
	name, set := c.Values["name"]
	if !c.New && !set {
		return nil
	}
	s, _ := name.(string)
	s = strings.TrimSpace(s)
	if s == "" {
		return entity.Invalidf("name", entity.CodeRequired, "")
	}
	if s == "." || s == ".." || strings.ContainsAny(s, "/\\") || strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return entity.Invalidf("name", CodeBadName, "")
	}
	c.Values["name"] = s
	return nil
}

// nodeOf names what a record's roles are held on.
func nodeOf(rec *entity.Record) Node { return Node{rec.Type.Name, rec.ID} }
