package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// TestDriveDays is how long a feature test drive lasts.
const TestDriveDays = 14

// Feature is one flag of the web app. Names are the API v3 Feature.name
// enumeration, so an existing client understands them.
type Feature struct {
	Name    string
	Default bool // available unless an administrator switches it off
	// Fixed flags cannot be switched: analytics and hosted-only services
	// stay off in a self-hosted product, the licence check stays on.
	Fixed bool
	// UserAction, when the user holds it, enables the feature for that
	// user alone (the feature_new_* interface switches of the rights).
	UserAction string
}

// features is the catalogue, in the order GET /feature lists it.
var features = []Feature{
	{Name: "megaplan.api3.use_realtime_entities_updater_feature", Default: true},
	{Name: "bums.common.ny_theme2022", Default: true},
	{Name: "bums.common.new_main_menu", Default: true},
	{Name: "bums.common.collapsible_main_menu", Default: true},
	{Name: "bums.common.profile_and_menu_settings", Default: true},
	{Name: "bums.common.component_todo_list", Default: true, UserAction: "feature_new_todo_list"},
	{Name: "bums.common.component_todo_card", Default: true, UserAction: "feature_new_todo_card"},
	{Name: "bums.task_card_component", Default: true, UserAction: "feature_new_task_card"},
	{Name: "bums.task_list_component", Default: true, UserAction: "feature_new_task_list"},
	{Name: "bums.common.component_project_card", Default: true, UserAction: "feature_new_project_card"},
	{Name: "bums.company_card_component", Default: true, UserAction: "feature_new_crm_card"},
	{Name: "bums.crm_list_component", Default: true, UserAction: "feature_new_crm_list"},
	{Name: "bums.trade_card_component", Default: true, UserAction: "feature_new_trade_card"},
	{Name: "bums.trade_list_component", Default: true, UserAction: "feature_new_trade_list"},
	{Name: "bums.staff.component_employee_card", Default: true, UserAction: "feature_new_employee_card"},
	{Name: "bums.staff.component_employee", Default: true, UserAction: "feature_new_employee_list"},
	{Name: "bums.common.component_document_card", Default: true, UserAction: "feature_new_document_card"},
	{Name: "bums.common.component_document_list", Default: true, UserAction: "feature_new_document_list"},
	{Name: "bums.common.workspaces", Default: true},
	// No user action here: administrators hold every action, and these two
	// take something away (the dashboard) rather than add a new screen.
	{Name: "bums.common.workspaces_desktop"},
	{Name: "bums.common.desktop_disable"},
	{Name: "bums.task.task_kanban_view", Default: true},
	{Name: "bums.trade.show_kanban_in_deals", Default: true},
	{Name: "bums.common.common.offer_module_feature", Default: true},
	{Name: "bums.invoice.offer_catalog_feature", Default: true},
	{Name: "bums.invoice.offer_consignments_feature", Default: true},
	{Name: "bums.knowledge.knowledge_module_feature", Default: true},
	{Name: "bums.doc.only_office_file_editor"}, // needs a document server
	{Name: "sdf.file.edit_on_click"},
	{Name: "bums.common.mentions", Default: true},
	{Name: "bums.common.web_push_notifications"},
	{Name: "bums.common.new_system_filters", Default: true},
	{Name: "bums.crm.new_crm_filters", Default: true},
	{Name: "bums.task.new_task_filters", Default: true},
	{Name: "bums.staff.org_chart", Default: true},
	{Name: "bums.report.edit", Default: true},
	{Name: "bums.common.telegram.telegram"},
	{Name: "bums.common.wazzup.wazzup"},
	{Name: "bums.staff.check_can_login_employees_count", Default: true, Fixed: true},
	{Name: "bums.common.firebase", Fixed: true},
	{Name: "bums.common.yandex_metrika", Fixed: true},
	{Name: "bums.common.webvisor", Fixed: true},
	{Name: "bums.common.carrot_quest", Fixed: true},
	{Name: "bums.common.upgrades_module", Fixed: true},
}

// Catalogue lists every feature the server knows.
func Catalogue() []Feature { return append([]Feature(nil), features...) }

// FindFeature looks a feature up by name.
func FindFeature(name string) (Feature, bool) {
	for _, f := range features {
		if f.Name == name {
			return f, true
		}
	}
	return Feature{}, false
}

// FeatureState is a feature as it stands in one account.
type FeatureState struct {
	Feature
	Available          bool
	TestDriveAvailable bool
	Switched           *bool // the administrator's choice; nil = the default
	TestDriveUntil     int64 // Unix seconds; 0 = never driven
	TestDriveBy        value.Link
	// TestDriving: a test drive runs now (and no administrator decided).
	TestDriving bool
}

// Feature errors; the API answers them 404, 422 and 422.
var (
	ErrUnknownFeature = errors.New("account: unknown feature")
	ErrFixedFeature   = errors.New("account: this feature cannot be switched")
	ErrNoTestDrive    = errors.New("account: no test drive for this feature")
	// ErrNotYourTestDrive: only who started a test drive, or an
	// administrator, gives it back.
	ErrNotYourTestDrive = errors.New("account: the test drive is another's")
)

type featureRow struct {
	enabled sql.NullInt64
	until   sql.NullInt64
	byType  sql.NullString
	byID    sql.NullInt64
}

func featureRows(ctx context.Context, db *store.DB, account int64) (map[string]featureRow, error) {
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(
		"SELECT name, enabled, test_drive_until, test_drive_by_type, test_drive_by_id FROM account_features WHERE account_id = ?"), account)
	if err != nil {
		return nil, fmt.Errorf("account: features: %w", err)
	}
	defer rows.Close()
	out := map[string]featureRow{}
	for rows.Next() {
		var name string
		var r featureRow
		if err := rows.Scan(&name, &r.enabled, &r.until, &r.byType, &r.byID); err != nil {
			return nil, err
		}
		out[name] = r
	}
	return out, rows.Err()
}

func stateOf(f Feature, r featureRow, now time.Time) FeatureState {
	st := FeatureState{Feature: f, Available: f.Default, TestDriveUntil: r.until.Int64,
		TestDriveBy: value.Link{Type: r.byType.String, ID: r.byID.Int64}}
	if f.Fixed {
		return st // a stray row cannot turn analytics on
	}
	if r.until.Valid && now.Unix() < r.until.Int64 {
		st.Available, st.TestDriving = true, !r.enabled.Valid
	}
	if r.enabled.Valid {
		on := r.enabled.Int64 == 1
		st.Switched, st.Available = &on, on
	}
	st.TestDriveAvailable = !f.Default && !r.enabled.Valid && !r.until.Valid
	return st
}

// Features lists every feature's state in the account, in catalogue order.
func Features(ctx context.Context, db *store.DB, account int64, now time.Time) ([]FeatureState, error) {
	rows, err := featureRows(ctx, db, account)
	if err != nil {
		return nil, err
	}
	out := make([]FeatureState, len(features))
	for i, f := range features {
		out[i] = stateOf(f, rows[f.Name], now)
	}
	return out, nil
}

// Available maps each feature name to whether it is on in the account.
func Available(ctx context.Context, db *store.DB, account int64, now time.Time) (map[string]bool, error) {
	list, err := Features(ctx, db, account, now)
	out := make(map[string]bool, len(list))
	for _, st := range list {
		out[st.Name] = st.Available
	}
	return out, err
}

// FeatureOf is the state of one feature.
func FeatureOf(ctx context.Context, db *store.DB, account int64, name string, now time.Time) (FeatureState, error) {
	f, ok := FindFeature(name)
	if !ok {
		return FeatureState{}, ErrUnknownFeature
	}
	rows, err := featureRows(ctx, db, account)
	return stateOf(f, rows[name], now), err
}

// SwitchFeature records the administrator's choice; nil returns the
// feature to its default. A finished or running test drive is kept, so a
// feature is test-driven at most once per account.
func SwitchFeature(ctx context.Context, db *store.DB, account int64, name string, on *bool, now time.Time) error {
	f, ok := FindFeature(name)
	switch {
	case !ok:
		return ErrUnknownFeature
	case f.Fixed:
		return ErrFixedFeature
	}
	var v any
	if on != nil {
		v = b2i(*on)
	}
	return db.Exec(ctx, `INSERT INTO account_features (account_id, name, enabled, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (account_id, name) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
		account, name, v, now.Unix())
}

// StartTestDrive turns a feature on for TestDriveDays, once per account,
// for a feature off by default that no administrator has decided on.
func StartTestDrive(ctx context.Context, db *store.DB, account int64, name string, by value.Link, now time.Time) (FeatureState, error) {
	var st FeatureState
	err := db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if st, err = FeatureOf(ctx, db, account, name, now); err != nil {
			return err
		}
		if !st.TestDriveAvailable {
			return ErrNoTestDrive
		}
		until := now.Add(TestDriveDays * 24 * time.Hour).Unix()
		// A row may exist with no decision (switched back to the default).
		// The condition on the update makes a concurrent second start
		// change nothing rather than extend the drive.
		res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`INSERT INTO account_features (account_id, name,
			test_drive_until, test_drive_by_type, test_drive_by_id, updated_at) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (account_id, name) DO UPDATE SET test_drive_until = excluded.test_drive_until,
			test_drive_by_type = excluded.test_drive_by_type, test_drive_by_id = excluded.test_drive_by_id,
			updated_at = excluded.updated_at
			WHERE account_features.test_drive_until IS NULL AND account_features.enabled IS NULL`),
			account, name, until, by.Type, by.ID, now.Unix())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return ErrNoTestDrive
		}
		st.Available, st.TestDriveAvailable, st.TestDriveUntil = true, false, until
		return nil
	})
	return st, err
}

// GiveBackTestDrive ends a running test drive now: the feature is off
// again (unless on by default) and, driven once, cannot be driven again.
// Who started it or an administrator may; an administrator's switch wins
// over a drive anyway.
func GiveBackTestDrive(ctx context.Context, db *store.DB, account int64, name string, by value.Link, admin bool, now time.Time) (FeatureState, error) {
	var st FeatureState
	err := db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if st, err = FeatureOf(ctx, db, account, name, now); err != nil {
			return err
		}
		if !st.TestDriving {
			return ErrNoTestDrive
		}
		if !admin && st.TestDriveBy != by {
			return ErrNotYourTestDrive
		}
		if err := db.Exec(ctx, `UPDATE account_features SET test_drive_until = ?, updated_at = ? WHERE account_id = ? AND name = ?`,
			now.Unix(), now.Unix(), account, name); err != nil {
			return err
		}
		st, err = FeatureOf(ctx, db, account, name, now)
		return err
	})
	return st, err
}
