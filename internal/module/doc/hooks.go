package doc

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

func linkID(l *value.Link) int64 {
	if l == nil {
		return 0
	}
	return l.ID
}

// changed reports whether a change sets a link to something else than
// it was.
func changed(c *entity.Change, field string) bool {
	l, set := c.Links[field]
	if !set {
		return false
	}
	if c.New {
		return true
	}
	return linkID(l) != c.Old.Links[field].ID
}

// beforeFolder judges a save of a folder: a name that is no path, a new
// one under a folder its author edits (or at the root, for any
// employee), and a move only by its owner into a folder they edit and
// never inside itself. childs is the other side of parent: a folder's
// place is changed through its parent only.
func (m *Module) beforeFolder(ctx context.Context, c *entity.Change) error {
	if err := checkName(c); err != nil {
		return err
	}
	delete(c.Many, "childs")
	if c.Scope.System {
		return nil
	}
	parent := linkID(c.Links["parent"])
	if !c.New && !changed(c, "parent") {
		return nil
	}
	if parent == 0 {
		if outsider(c.Scope) {
			return entity.ErrForbidden
		}
		return nil
	}
	if err := m.need(ctx, c.Scope, Folder(parent), Editor); err != nil {
		return err
	}
	if !c.New {
		return m.notInside(ctx, c.Scope.Account, c.ID, parent)
	}
	return nil
}

// notInside refuses a move of a folder under itself or its own subtree.
func (m *Module) notInside(ctx context.Context, account, folder, parent int64) error {
	for at, hops := parent, 0; at != 0; hops++ {
		if at == folder || hops > 10000 {
			return entity.Invalidf("parent", CodeCycle, "")
		}
		next, err := m.parentOf(ctx, account, Folder(at))
		if err != nil {
			return err
		}
		at = next
	}
	return nil
}

// afterFolder makes the author of a root folder its owner, and rebuilds
// the access of a new or moved folder's subtree.
func (m *Module) afterFolder(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	if !c.New && !changed(c, "parent") {
		return nil
	}
	if c.New && rec.Links["parent"].ID == 0 && c.Scope.Actor.Type == "Employee" && c.Scope.Actor.ID != 0 {
		if _, err := Give(ctx, m.e.DB, c.Scope.Account, nodeOf(rec), c.Scope.Actor, Owner); err != nil {
			return err
		}
	}
	return m.refresh(ctx, c.Scope.Account, nodeOf(rec))
}

// beforeDoc judges a save of a document: a name that is no path, a new
// one in a folder its author edits (or outside any folder, for any
// employee), a move into a folder the mover edits, inheritRights changed
// by an owner. actualVersion, versions and docRights are kept by these
// rules (a client's value for them is dropped, as clients echo whole
// entities back).
func (m *Module) beforeDoc(ctx context.Context, c *entity.Change) error {
	if err := checkName(c); err != nil {
		return err
	}
	if c.Scope.System {
		return nil
	}
	delete(c.Links, "actualVersion")
	delete(c.Many, "docRights")
	if _, set := c.Values["inheritRights"]; set && !c.New {
		if err := m.need(ctx, c.Scope, nodeOf(c.Old), Owner); err != nil {
			return err
		}
	}
	if !changed(c, "folder") {
		if c.New && outsider(c.Scope) {
			return entity.ErrForbidden
		}
		return nil
	}
	folder := linkID(c.Links["folder"])
	if folder == 0 {
		if outsider(c.Scope) {
			return entity.ErrForbidden
		}
		return nil
	}
	return m.need(ctx, c.Scope, Folder(folder), Editor)
}

// afterDoc keeps a document's text searchable, makes the author of a
// document outside any folder its owner, and rebuilds a document's
// access when its folder or inheritance changes.
func (m *Module) afterDoc(ctx context.Context, c *entity.Change, rec *entity.Record) error {
	_, name := c.Values["name"]
	_, description := c.Values["description"]
	if _, version := c.Links["actualVersion"]; version || name || description {
		if err := m.reindex(ctx, c.Scope.Account, rec); err != nil {
			return err
		}
	}
	_, inherit := c.Values["inheritRights"]
	if !c.New && !inherit && !changed(c, "folder") {
		return nil
	}
	if c.New && rec.Links["folder"].ID == 0 && c.Scope.Actor.Type == "Employee" && c.Scope.Actor.ID != 0 {
		if _, err := Give(ctx, m.e.DB, c.Scope.Account, nodeOf(rec), c.Scope.Actor, Owner); err != nil {
			return err
		}
	}
	if err := m.refresh(ctx, c.Scope.Account, nodeOf(rec)); err != nil {
		return err
	}
	if c.Scope.System {
		return nil
	}
	return m.keepOwner(ctx, c.Scope.Account, nodeOf(rec))
}

// beforeDeleteFolder refuses to drop a folder that still holds anything,
// so a drop never takes documents with it unseen.
func (m *Module) beforeDeleteFolder(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	kids, err := m.childNodes(ctx, sc.Account, rec.ID)
	if err != nil {
		return err
	}
	if len(kids) > 0 {
		return entity.Invalidf("id", CodeNotEmpty, "")
	}
	return m.forget(ctx, sc.Account, nodeOf(rec))
}

// beforeDeleteDoc takes a document's versions, their texts and its
// rights with it. The versions' files stay their uploaders'.
func (m *Module) beforeDeleteDoc(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	ids, err := m.versionIDs(ctx, sc.Account, rec.ID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`DELETE FROM doc_texts WHERE account_id = ? AND version_id = ?`),
			sc.Account, id); err != nil {
			return fmt.Errorf("doc: drop text of %d: %w", id, err)
		}
		if err := m.e.Delete(ctx, system(sc), "DocVersion", id); err != nil {
			return err
		}
	}
	if err := m.forgetShares(ctx, sc.Account, rec.ID); err != nil {
		return err
	}
	return m.forget(ctx, sc.Account, nodeOf(rec))
}
