package value

import (
	"encoding/json"
	"math"
	"testing"
)

// The written form must be what encoding/json gives for the map
// Money.Encode answers, for ordinary and extreme amounts.
func TestMoneyJSONMatchesMap(t *testing.T) {
	for _, v := range []float64{0, 1, -5, 100.5, 1234567.89, 1e-7, 1e21, -3.3e-9, 0.1 + 0.2} {
		m := MoneyJSON{Value: v, Currency: "RUB", ValueInMain: v * 2, Rate: 2}
		got, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(map[string]any{"contentType": "Money", "value": v, "currency": "RUB", "valueInMain": v * 2, "rate": 2.0})
		if string(got) != string(want) {
			t.Errorf("%v: %s, want %s", v, got, want)
		}
	}
	if _, err := json.Marshal(MoneyJSON{Value: math.Inf(1), Currency: "RUB"}); err == nil {
		t.Error("an infinite amount must not encode")
	}
}
