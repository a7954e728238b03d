package catalog

import (
	"strings"

	"github.com/artel/artel/internal/value"
)

var dateKinds = set("DateOnly", "DateTime", "ShiftDate", "DateInterval", "IntervalDates", "IntervalTime")

// kindFor maps a reference field type (not a link) to its value kind.
func kindFor(refType string, enum []string) value.Kind {
	switch refType {
	case "string":
		if len(enum) > 0 {
			return value.Enum{Values: enum}
		}
		return value.String{}
	case "integer":
		return value.Integer{}
	case "number":
		return value.Number{}
	case "boolean":
		return value.Bool{}
	case "DateTime":
		return value.DateTime{}
	case "DateOnly":
		return value.DateOnly{}
	case "DateInterval":
		return value.DateInterval{}
	case "Money":
		return value.Money{}
	case "IntervalDates":
		return value.IntervalDates{}
	case "IntervalTime":
		return value.IntervalTime{}
	case "DateShift":
		return value.DateShift{}
	case "ShiftDate":
		return value.ShiftDate{}
	case "string[]":
		return value.JSON{Array: true, Item: "string"}
	}
	if members := strings.Split(refType, "|"); len(members) > 1 && allDates(members) {
		return value.DateUnion{Allowed: members}
	}
	if strings.HasSuffix(refType, "[]") {
		return value.JSON{Array: true}
	}
	return value.JSON{}
}

func allDates(members []string) bool {
	for _, m := range members {
		if !dateKinds[m] {
			return false
		}
	}
	return true
}
