package value

import "testing"

func TestMoney(t *testing.T) {
	runCases(t, Money{}, []tcase{
		{in: `{"contentType":"Money","value":100.5,"currency":"RUB","valueInMain":100.5,"rate":1}`,
			want: `{"value":100.5,"currency":"RUB","valueInMain":100.5,"rate":1}`},
		{in: `{"value":10,"currency":"USD","rate":90.5}`, want: `{"value":10,"currency":"USD","valueInMain":905,"rate":90.5}`},
		{in: `{"value":"10","currency":"EUR","rate":"2","valueInMain":"19.99"}`,
			want: `{"value":10,"currency":"EUR","valueInMain":19.99,"rate":2}`},
		{in: `{"value":-5}`, want: `{"value":-5,"currency":"RUB","valueInMain":-5,"rate":1}`},
		{in: `{"value":1,"currency":null,"rate":null}`, want: `{"value":1,"currency":"RUB","valueInMain":1,"rate":1}`},
		{in: `42`, want: `{"value":42,"currency":"RUB","valueInMain":42,"rate":1}`},
		{in: `"42.10"`, want: `{"value":42.1,"currency":"RUB","valueInMain":42.1,"rate":1}`},
		{in: `null`},
		{in: `{"currency":"USD"}`, code: CodeType},
		{in: `{"value":"ten"}`, code: CodeType},
		{in: `{"value":1,"currency":"usd"}`, code: CodeFormat},
		{in: `{"value":1,"currency":"RUBL"}`, code: CodeFormat},
		{in: `{"value":1,"currency":643}`, code: CodeFormat},
		{in: `{"value":1,"rate":0}`, code: CodeRange},
		{in: `{"value":1,"rate":-2}`, code: CodeRange},
		{in: `{"value":1e308,"rate":10}`, code: CodeRange},
		{in: `{"value":1e400}`, code: CodeRange},
		{in: `{"contentType":"Number","value":1}`, code: CodeType},
		{in: `true`, code: CodeType},
	})
}

func TestMoneySortKey(t *testing.T) {
	var m Money
	usd, _ := m.Decode([]byte(`{"value":10,"currency":"USD","rate":90}`))
	rub, _ := m.Decode([]byte(`500`))
	if k1, k2 := m.SortKey(usd), m.SortKey(rub); k1 != 900.0 || k2 != 500.0 {
		t.Errorf("sort keys %v, %v; want 900, 500 (valueInMain)", k1, k2)
	}
	if m.SortKey(nil) != nil || m.SortColumn() != ColFloat {
		t.Error("a null Money must have a null float sort key")
	}
}
