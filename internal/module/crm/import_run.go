package crm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Error types of the import, worded in messages.go.
const (
	CodeImportBadFile = "import_bad_file"
	CodeImportUnknown = "import_unknown"
	CodeImportNoName  = "import_no_name"
	CodeImportStarted = "import_started"
)

// progressEvery bounds how often progress is pushed: often enough for a
// bar to move, rarely enough not to flood the socket.
const progressEvery = 500 * time.Millisecond

// Run saves the session's rows from the first not done, then marks it
// saved. The rows are read from the file again, so nothing but the
// counters is kept between rows.
func (im *Imports) Run(ctx context.Context, account, id int64) error {
	sys := entity.Scope{Account: account, System: true}
	j, err := im.Get(ctx, sys, id)
	if err != nil || j.Status != ImportSaving {
		return err
	}
	sc := entity.Scope{Account: account, Actor: value.Link{Type: "Employee", ID: j.Actor}}
	if im.Scope != nil {
		if err := im.Scope(ctx, &sc); err != nil {
			return err
		}
	}
	_, data, err := im.Files.Open(ctx, sys, j.File)
	if err != nil {
		return err
	}
	rows, err := readTable(data)
	if err != nil {
		return err
	}
	l := &lookups{e: im.Engine, sc: sc, found: map[string]value.Link{}}
	typ := j.ClientType
	last := time.Time{}
	analysed := 0
	for i := j.Done + 1; i < len(rows); {
		if err := ctx.Err(); err != nil {
			return err
		}
		end := min(i+im.batch(), len(rows))
		was := *j
		err := im.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
			for k := i; k < end; k++ {
				if err := im.saveRow(ctx, sc, l, j, typ, k, rows[k]); err != nil {
					return err
				}
			}
			// The counters once a batch, in its transaction: what they
			// say done is what the commit keeps.
			return im.counters(ctx, j)
		})
		if err != nil {
			*j = was
			return err
		}
		i = end
		if err := im.analyse(ctx, j, &analysed); err != nil {
			return err
		}
		if time.Since(last) >= progressEvery {
			last = time.Now()
			im.push(ctx, j)
		}
	}
	now := im.Engine.Now().UnixMilli()
	j.Status, j.Finished = ImportSaved, &now
	err = im.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := im.exec(ctx, `UPDATE crm_imports SET status = ?, finished_at = ?, beat_at = ? WHERE id = ?`,
			j.Status, now, now, j.ID); err != nil {
			return fmt.Errorf("crm: import %d end: %w", j.ID, err)
		}
		im.push(ctx, j)
		return nil
	})
	return err
}

// saveRow saves file row i (its index counts the headings as row 0) and
// counts it, in a savepoint of the batch's transaction; a refused row
// is taken back whole and recorded instead.
func (im *Imports) saveRow(ctx context.Context, sc entity.Scope, l *lookups, j *Import, typ string, i int, cells []string) error {
	was := *j
	var refused *rowError
	err := im.Engine.DB.Savepoint(ctx, "import_row", func(ctx context.Context) error {
		outcome, rerr, err := im.row(ctx, sc, l, j, typ, readRow(cells, j.Mapping))
		if err != nil || rerr != nil {
			refused = rerr
			if refused == nil {
				refused = asRowError(err)
			}
			if refused == nil {
				return err
			}
			return errRowRefused
		}
		switch outcome {
		case "created":
			j.Created++
		case "updated":
			j.Updated++
		default:
			j.Skipped++
		}
		j.Done = i
		return nil
	})
	if err == nil {
		return nil
	}
	*j = was
	if !errors.Is(err, errRowRefused) {
		return err
	}
	// What the refused row made (a company, a lookup) was rolled back.
	l.found = map[string]value.Link{}
	msg, _ := json.Marshal(refused)
	raw, _ := json.Marshal(cells)
	j.Failed++
	j.Done = i
	return im.Engine.DB.WithTx(ctx, func(ctx context.Context) error { // the batch's
		if err := im.exec(ctx, `INSERT INTO crm_import_errors (import_id, row_index, message, cells) VALUES (?, ?, ?, ?)`,
			j.ID, i, string(msg), string(raw)); err != nil {
			return fmt.Errorf("crm: import %d row %d: %w", j.ID, i, err)
		}
		return nil
	})
}

var errRowRefused = errors.New("crm: import row refused")

// batch is how many rows a transaction saves, each row in a savepoint of
// its own (whole or not at all). On PostgreSQL a commit per row was most
// of a row's time; SQLite's writer is one, so a long transaction would
// keep every other write waiting, and its commits are cheap: one row.
func (im *Imports) batch() int {
	if im.Engine.DB.Dialect == store.Postgres {
		return 50
	}
	return 1
}

// asRowError reads a refusal of the client rules as the row's reason;
// nil for any other failure (the database), which stops the job.
func asRowError(err error) *rowError {
	var inv *entity.Invalid
	if errors.As(err, &inv) && len(inv.Errors) > 0 {
		fe := inv.Errors[0]
		param := fe.Param
		if fe.Value != nil {
			param = fe.Value.Expected
		}
		return &rowError{Field: fe.Field, Code: fe.Code, Param: param}
	}
	if errors.Is(err, entity.ErrForbidden) {
		return &rowError{Code: "access_denied"}
	}
	return nil
}

// row saves one row as the duplicates mode says.
func (im *Imports) row(ctx context.Context, sc entity.Scope, l *lookups, j *Import, typ string, r importRow) (string, *rowError, error) {
	if typ == Company && r.values["name"] == "" || typ == Human && r.values["name"]+r.values["lastName"]+r.values["firstName"] == "" {
		return "", &rowError{Field: "name", Code: CodeImportNoName}, nil
	}
	if rerr := r.checkRequisites(); rerr != nil {
		return "", rerr, nil
	}
	var found *entity.Record
	if j.Duplicates != DupCreate {
		if tr := r.traits(); len(tr.Phones)+len(tr.Emails) > 0 {
			dups, err := Duplicates(ctx, im.Engine, sc, tr, nil)
			if err != nil {
				return "", nil, err
			}
			for _, d := range dups {
				if found == nil || d.Type.Name == typ && found.Type.Name != typ {
					found = d
				}
			}
		}
	}
	if found != nil && j.Duplicates == DupSkip {
		return "skipped", nil, nil
	}
	if found != nil {
		typ = found.Type.Name
	}
	in, rerr, err := r.input(ctx, l, typ)
	if err != nil || rerr != nil {
		return "", rerr, err
	}
	if found == nil {
		rec, err := im.Engine.Create(ctx, sc, typ, in)
		if err != nil {
			return "", nil, err
		}
		return "created", nil, r.savePayer(ctx, l, rec)
	}
	if err := keepTags(ctx, im.Engine, sc, found, in); err != nil {
		return "", nil, err
	}
	if _, ok := in["contactInfo"]; ok {
		// The client keeps its contact info and gains what it lacks.
		row := &entity.Record{Type: found.Type, Values: map[string]any{"contactInfo": string(in["contactInfo"])}}
		delete(in, "contactInfo")
		for k, v := range mergedValues(im.Engine, found, []*entity.Record{row}) {
			if k == "contactInfo" {
				in[k] = v
			}
		}
	}
	rec, err := im.Engine.Update(ctx, sc, typ, found.ID, in)
	if err != nil {
		return "", nil, err
	}
	return "updated", nil, r.savePayer(ctx, l, rec)
}

// analyse refreshes PostgreSQL's statistics of the client tables each
// time the import has doubled what it wrote. A bulk load is when they go
// stale: until autovacuum comes round (a minute apart, or never where it
// is off), the planner takes the growing table for an empty one and plans
// each row's duplicate lookup as a walk over every client, building each
// one's text vector instead of reading the full-text index: 100 ms a row
// at 2,000 clients, 10 rows a second (docs/performance.md).
func (im *Imports) analyse(ctx context.Context, j *Import, analysed *int) error {
	wrote := j.Created + j.Updated
	if im.Engine.DB.Dialect != store.Postgres || wrote < max(2**analysed, 100) {
		return nil
	}
	*analysed = wrote
	for _, typ := range Types {
		if err := im.exec(ctx, "ANALYZE "+im.Engine.Cat.Type(typ).Table); err != nil {
			return fmt.Errorf("crm: import %d analyse: %w", j.ID, err)
		}
	}
	return nil
}

func (im *Imports) counters(ctx context.Context, j *Import) error {
	err := im.exec(ctx, `UPDATE crm_imports SET done = ?, created = ?, updated = ?, skipped = ?, failed = ?, beat_at = ?
		WHERE id = ?`, j.Done, j.Created, j.Updated, j.Skipped, j.Failed, im.Engine.Now().UnixMilli(), j.ID)
	if err != nil {
		return fmt.Errorf("crm: import %d progress: %w", j.ID, err)
	}
	return nil
}

// push tells the user how far the import is, after ctx commits when it
// is a transaction's; a lost message is harmless, the screen also polls.
func (im *Imports) push(ctx context.Context, j *Import) {
	if im.Push == nil {
		return
	}
	actor := value.Link{Type: "Employee", ID: j.Actor}
	msg := map[string]any{"contentType": "ContractorImport", "id": idText(j.ID), "status": j.Status,
		"rowsCount": j.Total, "loadingProgress": j.progress(), "createdCount": j.Created,
		"updatedCount": j.Updated, "skippedCount": j.Skipped, "errorRowsCount": j.Failed}
	_ = im.Push(ctx, j.Account, actor, "user:"+idText(j.Actor), msg)
}

// progress is the share of rows done, in percent.
func (j *Import) progress() int {
	if j.Total == 0 {
		return 100
	}
	return j.Done * 100 / j.Total
}
