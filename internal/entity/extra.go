package entity

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// ExtraField is a custom field an account added to a content type. Its
// values live in the entity row's x_extra JSON and are filtered, sorted and
// returned like built-in fields.
type ExtraField struct {
	ID          int64
	ContentType string
	Name        string
	Kind        string // StringField, IntegerField, ...
	HrName      string
	Required    bool
	Multiple    bool
	EnumValues  []string
	OrderPos    int64
	// Owner is the entity the field belongs to (a Program for a Deal
	// field, extra_owner.go); nil is every entity's. Set on create only.
	Owner      *value.Link
	ownerField string
	kind       value.Kind
}

// extraKinds maps the API's field types onto value kinds.
var extraKinds = map[string]func(x *ExtraField) value.Kind{
	"StringField":   func(*ExtraField) value.Kind { return value.String{} },
	"IntegerField":  func(*ExtraField) value.Kind { return value.Integer{} },
	"BigIntField":   func(*ExtraField) value.Kind { return value.Integer{} },
	"FloatField":    func(*ExtraField) value.Kind { return value.Number{} },
	"BoolField":     func(*ExtraField) value.Kind { return value.Bool{} },
	"DateField":     func(*ExtraField) value.Kind { return value.DateOnly{} },
	"DateTimeField": func(*ExtraField) value.Kind { return value.DateTime{} },
	"DurationField": func(*ExtraField) value.Kind { return value.DateInterval{} },
	"MoneyField":    func(*ExtraField) value.Kind { return value.Money{} },
	"EnumField": func(x *ExtraField) value.Kind {
		if x.Multiple {
			return value.JSON{Array: true, Item: "string"}
		}
		return value.Enum{Values: x.EnumValues}
	},
}

// ExtraKinds lists the supported extra field types.
func ExtraKinds() []string {
	return []string{"StringField", "IntegerField", "BigIntField", "FloatField", "BoolField",
		"DateField", "DateTimeField", "DurationField", "MoneyField", "EnumField"}
}

// Value returns the field's value kind.
func (x *ExtraField) Value() value.Kind { return x.kind }

type extraSet []*ExtraField

func (s extraSet) byName(name string) *ExtraField {
	for _, x := range s {
		if x.Name == name {
			return x
		}
	}
	return nil
}

// ExtraFields lists a type's extra fields in the account.
func (e *Engine) ExtraFields(ctx context.Context, sc Scope, typeName string) (extraSet, error) {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT id, content_type, name, kind, hr_name,
		is_required, is_multiple, enum_values, order_pos, owner_type, owner_id FROM extra_fields
		WHERE account_id = ? AND content_type = ? ORDER BY order_pos, id`), sc.Account, typeName)
	if err != nil {
		return nil, fmt.Errorf("entity: extra fields: %w", err)
	}
	defer rows.Close()
	var out extraSet
	for rows.Next() {
		x := &ExtraField{}
		var enum sql.NullString
		var req, multi int64
		var ownerType sql.NullString
		var ownerID sql.NullInt64
		if err := rows.Scan(&x.ID, &x.ContentType, &x.Name, &x.Kind, &x.HrName, &req, &multi, &enum, &x.OrderPos,
			&ownerType, &ownerID); err != nil {
			return nil, err
		}
		if ownerType.Valid && ownerType.String != "" {
			x.Owner = &value.Link{Type: ownerType.String, ID: ownerID.Int64}
			x.ownerField = e.extraOwners[typeName].field
		}
		x.Required, x.Multiple = req == 1, multi == 1
		if enum.Valid && enum.String != "" {
			_ = json.Unmarshal([]byte(enum.String), &x.EnumValues)
		}
		x.kind = extraKinds[x.Kind](x)
		out = append(out, x)
	}
	return out, rows.Err()
}

var extraName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]{0,63}$`)

// SaveExtraField creates (ID 0 or unknown) or updates an extra field.
func (e *Engine) SaveExtraField(ctx context.Context, sc Scope, x *ExtraField) error {
	t, err := e.Type(x.ContentType)
	if err != nil {
		return err
	}
	bad := &Invalid{}
	if x.HrName == "" {
		bad.Add("hrName", CodeRequired, "")
	}
	mk, ok := extraKinds[x.Kind]
	if !ok {
		bad.addValue("contentType", &value.Error{Code: value.CodeEnum, Expected: "field type", Allowed: ExtraKinds()})
	}
	if x.Kind == "EnumField" && len(x.EnumValues) == 0 {
		bad.Add("enumValues", CodeRequired, "")
	}
	if x.Name != "" && (!extraName.MatchString(x.Name) || t.Has(x.Name)) {
		bad.addValue("name", &value.Error{Code: value.CodeFormat, Expected: "field name"})
	}
	if err := e.checkOwner(ctx, sc, x, bad); err != nil {
		return err
	}
	if err := bad.orNil(); err != nil {
		return err
	}
	x.kind = mk(x)
	enum, _ := json.Marshal(x.EnumValues)
	return e.DB.WithTx(ctx, func(ctx context.Context) error {
		q := e.DB.Q(ctx)
		if x.ID > 0 {
			res, err := q.ExecContext(ctx, e.DB.Dialect.Rebind(`UPDATE extra_fields SET hr_name = ?, is_required = ?,
				is_multiple = ?, enum_values = ?, order_pos = ? WHERE account_id = ? AND content_type = ? AND id = ?`),
				x.HrName, boolInt(x.Required), boolInt(x.Multiple), string(enum), x.OrderPos, sc.Account, x.ContentType, x.ID)
			if err != nil {
				return fmt.Errorf("entity: update extra field: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 1 {
				return e.reloadExtra(ctx, sc, x)
			}
		}
		// A field without a given name is called CustomField{id}; it gets a
		// unique placeholder until the id is known.
		name := x.Name
		if name == "" {
			name = "pending" + strconv.FormatInt(e.Now().UnixNano(), 36)
		}
		var ownerType any
		var ownerID any
		if x.Owner != nil {
			ownerType, ownerID = x.Owner.Type, x.Owner.ID
			x.ownerField = e.extraOwners[x.ContentType].field
		}
		err := q.QueryRowContext(ctx, e.DB.Dialect.Rebind(`INSERT INTO extra_fields (account_id, content_type, name, kind,
			hr_name, is_required, is_multiple, enum_values, order_pos, owner_type, owner_id)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			sc.Account, x.ContentType, name, x.Kind, x.HrName, boolInt(x.Required),
			boolInt(x.Multiple), string(enum), x.OrderPos, ownerType, ownerID).Scan(&x.ID)
		if store.IsUniqueViolation(err) {
			return Invalidf("name", value.CodeFormat, "duplicate")
		}
		if err != nil {
			return fmt.Errorf("entity: insert extra field: %w", err)
		}
		if x.Name != "" {
			return nil
		}
		x.Name = "CustomField" + strconv.FormatInt(x.ID, 10)
		_, err = q.ExecContext(ctx, e.DB.Dialect.Rebind(`UPDATE extra_fields SET name = ? WHERE id = ?`), x.Name, x.ID)
		return err
	})
}

func (e *Engine) reloadExtra(ctx context.Context, sc Scope, x *ExtraField) error {
	all, err := e.ExtraFields(ctx, sc, x.ContentType)
	if err != nil {
		return err
	}
	for _, y := range all {
		if y.ID == x.ID {
			*x = *y
			return nil
		}
	}
	return ErrNotFound
}

// DeleteExtraField removes a field definition. Stored values stay in the
// rows, unreachable, so an accidental delete loses nothing on disk.
func (e *Engine) DeleteExtraField(ctx context.Context, sc Scope, typeName string, id int64) (*ExtraField, error) {
	x := &ExtraField{ID: id, ContentType: typeName}
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := e.reloadExtra(ctx, sc, x); err != nil {
			return err
		}
		_, err := e.DB.Q(ctx).ExecContext(ctx, e.DB.Dialect.Rebind(
			"DELETE FROM extra_fields WHERE account_id = ? AND id = ?"), sc.Account, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return x, nil
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
