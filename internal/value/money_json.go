package value

import (
	"encoding/json"
	"math"
	"strconv"
)

// MoneyJSON is an amount as the API writes it: the same bytes as the map
// Money.Encode gives, written without building and sorting a map. A
// client list page carries a hundred such figures.
type MoneyJSON struct {
	Value, ValueInMain, Rate float64
	Currency                 string
}

// AppendJSON appends the amount's JSON to b, keys in encoding/json's order.
func (m MoneyJSON) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"contentType":"Money","currency":`...)
	cur, err := json.Marshal(m.Currency)
	if err != nil {
		return b, err
	}
	b = append(append(b, cur...), `,"rate":`...)
	if b, err = AppendFloat(b, m.Rate); err != nil {
		return b, err
	}
	b = append(b, `,"value":`...)
	if b, err = AppendFloat(b, m.Value); err != nil {
		return b, err
	}
	b = append(b, `,"valueInMain":`...)
	if b, err = AppendFloat(b, m.ValueInMain); err != nil {
		return b, err
	}
	return append(b, '}'), nil
}

// MarshalJSON makes encoding/json write the API's form.
func (m MoneyJSON) MarshalJSON() ([]byte, error) { return m.AppendJSON(nil) }

// AppendFloat follows encoding/json's float64 format exactly.
func AppendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, &json.UnsupportedValueError{Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	abs, format := math.Abs(f), byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9, as encoding/json does
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}
