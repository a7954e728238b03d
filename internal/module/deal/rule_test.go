package deal

import (
	"testing"

	"github.com/artel/artel/internal/money"
)

// moneyNonZero reads the stored value without decoding and agrees with
// money.Parse to the kopeck, half away from zero.
func TestMoneyNonZero(t *testing.T) {
	for _, s := range []string{
		`{"value":0,"currency":"RUB","valueInMain":0,"rate":1}`,
		`{"value":0.004,"currency":"RUB","valueInMain":0.004,"rate":1}`,
		`{"value":0.005,"currency":"RUB","valueInMain":0.005,"rate":1}`,
		`{"value":-0.005,"currency":"RUB","valueInMain":-0.005,"rate":1}`,
		`{"value":1e-9,"currency":"USD","valueInMain":1e-7,"rate":90}`,
		`{"value":1000.5,"currency":"RUB","valueInMain":1000.5,"rate":1}`,
		`{"currency":"RUB","value":3}`,
		`not money`,
	} {
		m, ok := money.Parse(s)
		if want := ok && m.Kopecks != 0; moneyNonZero(s) != want {
			t.Errorf("%s: %v, money.Parse says %v", s, !want, want)
		}
	}
}
