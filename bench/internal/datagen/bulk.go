package datagen

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/reportkeep"
	"github.com/artel/artel/internal/rights"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// bulkWriter writes rows with multi-row INSERTs built from the catalogue.
//
// Why it bypasses entity.Engine.Create: Create costs several statements per
// row (extra fields, link checks, the humanNumber upsert, the insert, the
// collections, reading the row back), which on this 2-core machine gives
// the rate recorded in docs/performance.md, far from 1,000,000 tasks in a
// few minutes. The bulk writer stores what Create would store: each value
// goes through its field's own value kind (Kind.Decode, Sorter.SortKey),
// links through value.DecodeLink(s), timeCreated/timeUpdated and
// userCreated/userUpdated/owner are filled as Engine.applyDefaults does,
// humanNumber comes from the sequences table, x_search is built as the
// engine's searchText, isOverdue as the task module's hook sets it (the
// other times that hook keeps are given in the rows) and entity_counts is
// rebuilt at the end. It runs no other hooks (no generated row carries a
// password or canLogin, which the auth and account hooks act on) and no
// link checks (the generator links only to rows it wrote). bulk_test.go
// checks that both writers store the same rows.
type bulkWriter struct {
	e       *entity.Engine // for the search text its rules add to
	db      *store.DB
	cat     *catalog.Catalog
	account int64
	nextID  map[string]int64 // table -> next free id
	numbers map[string]int64 // type -> last humanNumber handed out
	written map[string]bool  // tables written, for PostgreSQL identities
	// now is when the data set is made: isOverdue is as the task module
	// leaves it today (its save hook at creation, its overdue job since).
	now time.Time
}

func newBulkWriter(e *entity.Engine, account int64) *bulkWriter {
	return &bulkWriter{e: e, db: e.DB, cat: e.Cat, account: account, nextID: map[string]int64{}, numbers: map[string]int64{}, written: map[string]bool{}, now: time.Now()}
}

// maxParams keeps a statement under SQLite's 32766 bound variables
// (PostgreSQL allows 65535).
const maxParams = 30000

func (w *bulkWriter) write(ctx context.Context, t *catalog.Type, rows []Row) ([]int64, error) {
	if w.db.Dialect == store.SQLite && len(w.written) == 0 {
		// SQLite's default page cache is 2 MB. A batch inserts into a
		// dozen indexes at random places; with a cache this small every
		// page is re-read and written to the WAL many times per batch.
		// 512 MB holds a batch's pages (the writer is one connection, so
		// the setting stays for the whole generation).
		if err := w.db.Exec(ctx, "PRAGMA cache_size = -524288"); err != nil {
			return nil, err
		}
	}
	next, err := w.next(ctx, t)
	if err != nil {
		return nil, err
	}
	cols := t.Columns()
	at := make(map[string]int, len(cols))
	for i, c := range cols {
		at[c.Name] = i
	}
	numbered := t.Field("humanNumber") != nil && t.Field("humanNumber").Role == catalog.RoleValue
	number := w.numbers[t.Name]
	if numbered && number == 0 {
		if number, err = w.sequence(ctx, t.Name); err != nil {
			return nil, err
		}
	}
	ids := make([]int64, len(rows))
	recs := make([][]any, len(rows))
	used := make([]bool, len(cols))
	var links [][]any
	for i, r := range rows {
		id := next + int64(i)
		vals := make([]any, len(cols))
		set := func(col string, v any) { vals[at[col]], used[at[col]] = v, true }
		if numbered {
			number++
			r.In["humanNumber"] = jint(number) // read-only: only the writer may set it
		}
		for name, raw := range r.In {
			f := t.Field(name)
			if f == nil {
				return nil, fmt.Errorf("datagen: %s has no field %s", t.Name, name)
			}
			switch {
			case f.Role == catalog.RoleValue:
				v, err := f.Kind.Decode(raw)
				if err != nil {
					return nil, fmt.Errorf("datagen: %s.%s: %w", t.Name, name, err)
				}
				set(f.Column, v)
				if s, ok := f.Kind.(value.Sorter); ok && v != nil {
					set(f.Column+"_s", s.SortKey(v))
				}
			case f.Role == catalog.RoleLink:
				l, err := value.DecodeLink(raw, f.Targets)
				if err != nil {
					return nil, fmt.Errorf("datagen: %s.%s: %w", t.Name, name, err)
				}
				set(f.Column+"_t", l.Type)
				set(f.Column+"_i", l.ID)
			case f.Role == catalog.RoleLinks:
				ls, err := value.DecodeLinks(raw, f.Targets)
				if err != nil {
					return nil, fmt.Errorf("datagen: %s.%s: %w", t.Name, name, err)
				}
				for pos, l := range ls {
					links = append(links, []any{w.account, t.Name, id, name, l.Type, l.ID, int64(pos)})
				}
			}
		}
		w.defaults(t, r, set)
		if f := t.Field("isOverdue"); f != nil && (t.Name == "Task" || t.Name == "Project") {
			// The task module sets isOverdue on every save of a task or
			// project, and its overdue job marks work whose deadline has
			// passed since: as of now, whatever the row's creation time.
			status, _ := vals[at[t.Field("status").Column]].(string)
			set(f.Column, boolInt(task.IsOverdue(vals[at[t.Field("deadline").Column]], status, w.now)))
		}
		if t.Name == "Deal" {
			// The finance rules start a deal owing its whole price: no
			// invoice is paid yet (internal/module/finance, debt.go).
			price, _ := vals[at[t.Field("price").Column]].(string)
			debt, progress := money.Owed(price, 0)
			f := t.Field("debt")
			set(f.Column, debt)
			if s, ok := f.Kind.(value.Sorter); ok {
				set(f.Column+"_s", s.SortKey(debt))
			}
			set(t.Field("paymentProgress").Column, progress)
		}
		if t.Name == "Comment" {
			// The comment module starts every comment with no answers.
			set(t.Field("answersCount").Column, int64(0))
		}
		ids[i] = id
		recs[i] = append([]any{id, w.account, w.searchText(t, vals, at)}, vals...)
	}
	names := []string{"id", "account_id", "x_search"}
	keep := []int{0, 1, 2}
	for i, c := range cols {
		if used[i] {
			names, keep = append(names, c.Name), append(keep, i+3)
		}
	}
	for i, rec := range recs {
		narrow := make([]any, len(keep))
		for j, k := range keep {
			narrow[j] = rec[k]
		}
		recs[i] = narrow
	}
	err = w.db.WithTx(ctx, func(ctx context.Context) error {
		if err := w.insert(ctx, t.Table, names, recs); err != nil {
			return err
		}
		linkCols := []string{"account_id", "src_type", "src_id", "field", "dst_type", "dst_id", "pos"}
		if err := w.insert(ctx, "links", linkCols, links); err != nil {
			return err
		}
		if !numbered {
			return nil
		}
		return w.db.Exec(ctx, `INSERT INTO sequences (account_id, name, value) VALUES (?, ?, ?)
			ON CONFLICT (account_id, name) DO UPDATE SET value = excluded.value`, w.account, t.Name, number)
	})
	if err != nil {
		return nil, err
	}
	w.nextID[idKey(t)], w.numbers[t.Name], w.written[t.Table] = next+int64(len(rows)), number, true
	return ids, nil
}

// defaults fills what Engine.applyDefaults fills on create.
func (w *bulkWriter) defaults(t *catalog.Type, r Row, set func(col string, v any)) {
	ms := r.Created.Truncate(time.Millisecond).UnixMilli()
	// stateTimeUpdated: the deal rules stamp a deal's entry into its
	// first state at create (internal/module/deal).
	for _, name := range []string{"timeCreated", "timeUpdated", "stateTimeUpdated"} {
		if _, given := r.In[name]; given {
			continue
		}
		if f := t.Field(name); f != nil && f.Role == catalog.RoleValue && f.RefType == "DateTime" {
			set(f.Column, ms)
		}
	}
	for _, name := range []string{"userCreated", "userUpdated", "owner"} {
		f := t.Field(name)
		if f == nil || f.Role != catalog.RoleLink || r.Actor.ID == 0 || !contains(f.Targets, r.Actor.Type) {
			continue
		}
		if _, given := r.In[name]; name == "owner" && given {
			continue
		}
		set(f.Column+"_t", r.Actor.Type)
		set(f.Column+"_i", r.Actor.ID)
	}
}

// searchText is the engine's search text of a row being built, with the
// words the modules' Searchers add (a client's phone numbers).
func (w *bulkWriter) searchText(t *catalog.Type, vals []any, at map[string]int) any {
	return w.e.RowSearchText(t, func(name string) any {
		if f := t.Field(name); f != nil {
			if i, ok := at[f.Column]; ok {
				return vals[i]
			}
		}
		return nil
	})
}

// insert writes rows with as few multi-row INSERT statements as the
// parameter bound allows.
func (w *bulkWriter) insert(ctx context.Context, table string, cols []string, rows [][]any) error {
	per := max(1, maxParams/len(cols))
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	for len(rows) > 0 {
		n := min(per, len(rows))
		var b strings.Builder
		b.Grow(32 + len(table) + n*(len(row)+2))
		b.WriteString("INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ")
		args := make([]any, 0, n*len(cols))
		for i, r := range rows[:n] {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(row)
			args = append(args, r...)
		}
		if err := w.db.Exec(ctx, b.String(), args...); err != nil {
			return fmt.Errorf("datagen: insert into %s: %w", table, err)
		}
		rows = rows[n:]
	}
	return nil
}

// next is the first free id of t's table, or of its id space when it
// shares one (tasks and projects): the ids the engine would give.
func (w *bulkWriter) next(ctx context.Context, t *catalog.Type) (int64, error) {
	if n, ok := w.nextID[idKey(t)]; ok {
		return n, nil
	}
	tables := []string{t.Table}
	if len(t.IDSpace) > 1 {
		tables = tables[:0]
		for _, name := range t.IDSpace {
			tables = append(tables, w.cat.Type(name).Table)
		}
	}
	var top int64
	for _, table := range tables {
		var maxID sql.NullInt64
		if err := w.db.Q(ctx).QueryRowContext(ctx, "SELECT MAX(id) FROM "+table).Scan(&maxID); err != nil {
			return 0, fmt.Errorf("datagen: max id of %s: %w", table, err)
		}
		top = max(top, maxID.Int64)
	}
	return top + 1, nil
}

// idKey names the counter of t's ids: its id space's, or its table's.
func idKey(t *catalog.Type) string {
	if len(t.IDSpace) > 1 {
		return "space:" + t.IDSpace[0]
	}
	return t.Table
}

func (w *bulkWriter) sequence(ctx context.Context, name string) (int64, error) {
	var n int64
	err := w.db.Q(ctx).QueryRowContext(ctx, w.db.Dialect.Rebind("SELECT value FROM sequences WHERE account_id = ? AND name = ?"),
		w.account, name).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, err
}

// finish moves PostgreSQL identity sequences past the ids written
// explicitly, so the server's own inserts do not collide with them, and
// rebuilds the per-type row counts the engine keeps in entity_counts
// (migrate.Recount exists for loads that bypass the engine).
func (w *bulkWriter) finish(ctx context.Context) error {
	if w.db.Dialect == store.Postgres {
		for table := range w.written {
			q := fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%s', 'id'), (SELECT MAX(id) FROM %s))", table, table)
			if err := w.db.Exec(ctx, q); err != nil {
				return fmt.Errorf("datagen: identity of %s: %w", table, err)
			}
		}
		// Tables of an id space draw from the space's sequence instead.
		if err := migrate.ShareIDs(ctx, w.db, w.cat); err != nil {
			return err
		}
	}
	if err := migrate.Recount(ctx, w.db, w.cat); err != nil {
		return err
	}
	// The load ran without the kept-visibility triggers (gen.go): one
	// grouped insert rebuilds what they would have written row by row.
	if err := access.Resync(ctx, w.db, rights.Kept(w.cat)); err != nil {
		return err
	}
	// And past the clients' upkeep of their last deal
	// (internal/module/crm, upkeep.go).
	if err := migrate.FillContacts(ctx, w.db, w.cat); err != nil {
		return err
	}
	// So did it without the reports' triggers (internal/reportkeep).
	return reportkeep.Resync(ctx, w.db, w.cat)
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
