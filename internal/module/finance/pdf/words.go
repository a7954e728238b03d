package pdf

import (
	"fmt"
	"strings"
)

// Russian number words for the invoice's total ("Итого к оплате: одна
// тысяча двести рублей 50 копеек"). Thousands are feminine (одна
// тысяча, две тысячи), roubles masculine (один рубль, два рубля).

var (
	onesM = []string{"", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"}
	onesF = []string{"", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"}
	teens = []string{"десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать",
		"шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"}
	tens     = []string{"", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто"}
	hundreds = []string{"", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот", "девятьсот"}
)

// scale is a power of a thousand: its three forms and its gender.
type scale struct {
	forms    [3]string
	feminine bool
}

var scales = []scale{
	{[3]string{"", "", ""}, false},
	{[3]string{"тысяча", "тысячи", "тысяч"}, true},
	{[3]string{"миллион", "миллиона", "миллионов"}, false},
	{[3]string{"миллиард", "миллиарда", "миллиардов"}, false},
	{[3]string{"триллион", "триллиона", "триллионов"}, false},
}

// Plural picks the Russian form for a count: 1 рубль, 2 рубля, 5 рублей.
func Plural(n int64, one, few, many string) string {
	n %= 100
	if n >= 11 && n <= 14 {
		return many
	}
	switch n % 10 {
	case 1:
		return one
	case 2, 3, 4:
		return few
	}
	return many
}

// Words spells a non-negative whole number in Russian, masculine.
func Words(n int64) string {
	if n == 0 {
		return "ноль"
	}
	var parts []string
	for i := len(scales) - 1; i >= 0; i-- {
		unit := int64(1)
		for j := 0; j < i; j++ {
			unit *= 1000
		}
		chunk := (n / unit) % 1000
		if chunk == 0 {
			continue
		}
		parts = append(parts, triple(chunk, scales[i].feminine)...)
		if i > 0 {
			parts = append(parts, Plural(chunk, scales[i].forms[0], scales[i].forms[1], scales[i].forms[2]))
		}
	}
	return strings.Join(parts, " ")
}

func triple(n int64, feminine bool) []string {
	var out []string
	if h := n / 100; h > 0 {
		out = append(out, hundreds[h])
	}
	switch t := n % 100; {
	case t >= 10 && t < 20:
		out = append(out, teens[t-10])
	default:
		if t/10 > 0 {
			out = append(out, tens[t/10])
		}
		if t%10 > 0 {
			if feminine {
				out = append(out, onesF[t%10])
			} else {
				out = append(out, onesM[t%10])
			}
		}
	}
	return out
}

// Roubles is an amount in kopecks in words, as the total of an invoice:
// "одна тысяча двести рублей 50 копеек", its first letter capital.
func Roubles(kopecks int64) string {
	rub, kop := kopecks/100, kopecks%100
	s := fmt.Sprintf("%s %s %02d %s", Words(rub), Plural(rub, "рубль", "рубля", "рублей"),
		kop, Plural(kop, "копейка", "копейки", "копеек"))
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}
