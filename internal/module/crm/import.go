package crm

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// An import of clients is a session (the reference's ContractorImport):
// the file is read when the session is made, which gives its headings, a
// guessed mapping and a preview; the user changes the mapping and the
// duplicates mode, then starts it. The rows are then saved by a
// background job, each in its own transaction together with the
// session's counters (crm_imports, migration 33), so a row is saved
// whole or not at all and a job whose node stopped goes on from the next
// row. Progress goes to the user over the live socket (user:{uid},
// contentType ContractorImport).

// Import statuses, the reference's ContractorImport.status values.
const (
	ImportParsed = "parsed"
	ImportSaving = "saving"
	ImportSaved  = "saved"
)

// Duplicates modes: what a row matching an existing client by phone or
// e-mail does.
const (
	DupSkip   = "skip"   // nothing; the row counts as skipped
	DupUpdate = "update" // the client takes the row's fields and the contact info it lacks
	DupCreate = "create" // a new client all the same
)

// previewRows is how many rows a session shows before it runs.
const previewRows = 10

// JobImports is the periodic job resuming imports whose node stopped;
// River stores the name, so it stays.
const JobImports = "crm.imports"

// Import is one row of crm_imports.
type Import struct {
	ID, Account, Actor, File int64
	Status                   string
	ClientType               string // Human or Company
	Duplicates               string
	Headers, Mapping         []string
	Preview                  [][]string
	Total, Done              int
	Created, Updated         int
	Skipped, Failed          int
	CreatedAt                int64
	Finished                 *int64
}

// FileOpener reads an uploaded File's bytes (internal/module/file's Files).
type FileOpener interface {
	Open(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, []byte, error)
}

// Imports makes, reads and runs import sessions. One per server process.
type Imports struct {
	Engine *entity.Engine
	Files  FileOpener
	// Scope fills a user's rights (rights.Service.Fill): rows are saved
	// with the rights of whoever started the import.
	Scope func(ctx context.Context, sc *entity.Scope) error
	// Push puts a message on a user's own live route after ctx commits
	// (realtime.Hub.Send); nil sends nothing.
	Push func(ctx context.Context, account int64, user value.Link, route string, msg any) error
	Log  *slog.Logger

	jobs background
}

func (im *Imports) exec(ctx context.Context, q string, args ...any) error {
	_, err := im.Engine.DB.Q(ctx).ExecContext(ctx, im.Engine.DB.Dialect.Rebind(q), args...)
	return err
}

// Create reads the file and records a new session; errBadFile when the
// file is no table.
func (im *Imports) Create(ctx context.Context, sc entity.Scope, file int64, clientType string) (*Import, error) {
	_, data, err := im.Files.Open(ctx, sc, file)
	if err != nil {
		return nil, err
	}
	rows, err := readTable(data)
	if err != nil {
		return nil, err
	}
	extras, err := im.Engine.ExtraFields(ctx, sc, clientType)
	if err != nil {
		return nil, err
	}
	j := &Import{Account: sc.Account, Actor: sc.Actor.ID, File: file, Status: ImportParsed, ClientType: clientType,
		Duplicates: DupSkip, Headers: rows[0], Mapping: guessMapping(rows[0], extras), Total: len(rows) - 1,
		CreatedAt: im.Engine.Now().UnixMilli()}
	j.Preview = rows[1:min(len(rows), previewRows+1)]
	headers, _ := json.Marshal(j.Headers)
	mapping, _ := json.Marshal(j.Mapping)
	preview, _ := json.Marshal(j.Preview)
	err = im.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		return im.Engine.DB.Q(ctx).QueryRowContext(ctx, im.Engine.DB.Dialect.Rebind(`INSERT INTO crm_imports
			(account_id, actor_id, file_id, status, client_type, duplicates, headers, mapping, preview, total,
			created_at, beat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			j.Account, j.Actor, j.File, j.Status, j.ClientType, j.Duplicates, string(headers), string(mapping),
			string(preview), j.Total, j.CreatedAt, j.CreatedAt).Scan(&j.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("crm: new import: %w", err)
	}
	return j, nil
}

const importColumns = `id, account_id, actor_id, file_id, status, client_type, duplicates, headers, mapping,
	preview, total, done, created, updated, skipped, failed, created_at, finished_at`

func scanImport(row interface{ Scan(...any) error }) (*Import, error) {
	j := &Import{}
	var headers, mapping, preview string
	var finished sql.NullInt64
	err := row.Scan(&j.ID, &j.Account, &j.Actor, &j.File, &j.Status, &j.ClientType, &j.Duplicates, &headers,
		&mapping, &preview, &j.Total, &j.Done, &j.Created, &j.Updated, &j.Skipped, &j.Failed, &j.CreatedAt, &finished)
	if err != nil {
		return nil, err
	}
	if finished.Valid {
		j.Finished = &finished.Int64
	}
	for _, p := range []struct {
		raw string
		to  any
	}{{headers, &j.Headers}, {mapping, &j.Mapping}, {preview, &j.Preview}} {
		if err := json.Unmarshal([]byte(p.raw), p.to); err != nil {
			return nil, fmt.Errorf("crm: import %d: %w", j.ID, err)
		}
	}
	return j, nil
}

// Get reads one session; a user sees only their own (an administrator
// any of the account's). ErrNotFound otherwise.
func (im *Imports) Get(ctx context.Context, sc entity.Scope, id int64) (*Import, error) {
	j, err := scanImport(im.Engine.DB.Q(ctx).QueryRowContext(ctx, im.Engine.DB.Dialect.Rebind(
		`SELECT `+importColumns+` FROM crm_imports WHERE account_id = ? AND id = ?`), sc.Account, id))
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !sc.System && !sc.Admin && j.Actor != sc.Actor.ID) {
		return nil, entity.ErrNotFound
	}
	return j, err
}

// List answers the user's own sessions, newest first.
func (im *Imports) List(ctx context.Context, sc entity.Scope, limit int) ([]*Import, error) {
	rows, err := im.Engine.DB.Q(ctx).QueryContext(ctx, im.Engine.DB.Dialect.Rebind(`SELECT `+importColumns+`
		FROM crm_imports WHERE account_id = ? AND actor_id = ? ORDER BY id DESC LIMIT ?`), sc.Account, sc.Actor.ID, limit)
	if err != nil {
		return nil, fmt.Errorf("crm: imports: %w", err)
	}
	defer rows.Close()
	var out []*Import
	for rows.Next() {
		j, err := scanImport(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

// Configure sets the mapping, the client type and the duplicates mode of
// a session not started yet.
func (im *Imports) Configure(ctx context.Context, j *Import) error {
	mapping, _ := json.Marshal(j.Mapping)
	return im.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		return im.exec(ctx, `UPDATE crm_imports SET mapping = ?, client_type = ?, duplicates = ?, status = ?, beat_at = ?
			WHERE account_id = ? AND id = ? AND status = ?`, string(mapping), j.ClientType, j.Duplicates, j.Status,
			im.Engine.Now().UnixMilli(), j.Account, j.ID, ImportParsed)
	})
}

// Fields are what a column of an import of typ may fill: ImportFields
// and the type's extra fields.
func (im *Imports) Fields(ctx context.Context, sc entity.Scope, typ string) ([]string, error) {
	extras, err := im.Engine.ExtraFields(ctx, sc, typ)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(ImportFields)
	for _, x := range extras {
		out = append(out, x.Name)
	}
	return out, nil
}

// ErrorRow is a row that was not saved and why.
type ErrorRow struct {
	Index int
	Cells []string
	Err   rowError
}

// Errors answers a session's refused rows in file order, from row after.
func (im *Imports) Errors(ctx context.Context, j *Import, after, limit int) ([]ErrorRow, error) {
	rows, err := im.Engine.DB.Q(ctx).QueryContext(ctx, im.Engine.DB.Dialect.Rebind(`SELECT row_index, message, cells
		FROM crm_import_errors WHERE import_id = ? AND row_index > ? ORDER BY row_index LIMIT ?`), j.ID, after, limit)
	if err != nil {
		return nil, fmt.Errorf("crm: import %d errors: %w", j.ID, err)
	}
	defer rows.Close()
	var out []ErrorRow
	for rows.Next() {
		var er ErrorRow
		var msg, cells string
		if err := rows.Scan(&er.Index, &msg, &cells); err != nil {
			return nil, err
		}
		_ = json.Unmarshal([]byte(msg), &er.Err)
		_ = json.Unmarshal([]byte(cells), &er.Cells)
		out = append(out, er)
	}
	return out, rows.Err()
}

// Start runs a session in the background unless this process runs it.
func (im *Imports) Start(account, id int64) {
	im.jobs.start(id, im.Log, "client import", func(ctx context.Context) error { return im.Run(ctx, account, id) })
}

// Wait waits for the imports this process runs (tests, shutdown).
func (im *Imports) Wait() { im.jobs.wait() }

// Resume starts the imports left saving whose last row is older than a
// minute: their node stopped. Registered as a periodic job, so on
// PostgreSQL one node picks them up.
func (im *Imports) Resume(ctx context.Context, now time.Time) error {
	rows, err := im.Engine.DB.Q(ctx).QueryContext(ctx, im.Engine.DB.Dialect.Rebind(`SELECT account_id, id FROM crm_imports
		WHERE status = ? AND beat_at < ?`), ImportSaving, now.Add(-time.Minute).UnixMilli())
	if err != nil {
		return fmt.Errorf("crm: stale imports: %w", err)
	}
	defer rows.Close()
	list, err := stale(rows)
	if err != nil {
		return err
	}
	for _, p := range list {
		im.Start(p[0], p[1])
	}
	return nil
}

func idText(id int64) string { return strconv.FormatInt(id, 10) }
