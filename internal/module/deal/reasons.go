package deal

import (
	"errors"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// Error types of the deal rules. Those a hook raises are worded by the
// API from Wording; a refused transition is worded here, in the caller's
// language, since its reasons name fields and roles by their labels.
const (
	CodeNotFromState     = "transition_not_from_state"
	CodeOtherProgram     = "transition_other_program"
	CodeNoRights         = "transition_no_rights"
	CodeNoTransition     = "no_transition"
	CodeRole             = "transition_role"
	CodeRequired         = "transition_required"
	CodeNotEntry         = "not_entry_state"
	CodeNotInProgram     = "state_not_in_program"
	CodeNoEntry          = "no_entry_state"
	CodeBadRule          = "bad_rule"
	CodeProgramsDiffer   = "transition_programs_differ"
	CodeCurrencies       = "positions_currencies"
	CodeDiscountTooLarge = "discount_too_large"
	CodeTwoPrices        = "two_prices"
	CodeMassType         = "mass_action_unsupported"
	CodeBadTrigger       = "bad_trigger"
	CodeTriggerType      = "trigger_type"
	CodeTriggerRole      = "trigger_role"
	CodeTriggerManual    = "trigger_not_button"
	CodeTriggerState     = "trigger_not_in_state"
	CodeTriggerOther     = "trigger_other_program"
	CodeCondition        = "transition_condition"
	CodeTriggerCond      = "trigger_condition"
	CodeEntryDelete      = "state_entry_delete"
	CodeStateHasDeals    = "state_has_deals"
)

// Wording is each error type in Russian and English; %s are the reason's
// arguments in order.
var Wording = map[string][2]string{
	CodeNotFromState:     {"Сделка не в статусе «%s»", "The deal is not in the state «%s»"},
	CodeOtherProgram:     {"Переход из другой схемы", "The transition belongs to another process"},
	CodeNoRights:         {"Нет прав менять сделку", "You may not change the deal"},
	CodeNoTransition:     {"Из статуса «%s» нет перехода в «%s»", "There is no transition from «%s» to «%s»"},
	CodeRole:             {"Переход «%s» может сделать только: %s", "Only these may make the transition «%s»: %s"},
	CodeRequired:         {"Для перехода «%s» заполните поле «%s»", "Fill in «%s» to make the transition «%s»"},
	CodeNotEntry:         {"Сделка начинается только в статусе входа схемы", "A deal starts only in an entry state of its process"},
	CodeNotInProgram:     {"Статус не из схемы сделки", "The state is not of the deal's process"},
	CodeNoEntry:          {"В схеме нет статуса входа", "The process has no entry state"},
	CodeBadRule:          {"Неверное условие перехода: %s", "Invalid transition condition: %s"},
	CodeProgramsDiffer:   {"Статусы перехода из разных схем", "The transition's states belong to different processes"},
	CodeCurrencies:       {"Позиции сделки в разных валютах", "The deal's positions are in different currencies"},
	CodeDiscountTooLarge: {"Скидка больше суммы позиции", "The discount exceeds the position's amount"},
	CodeTwoPrices:        {"Укажите цену с налогом или без налога, не обе", "Give the price with tax or without it, not both"},
	CodeMassType:         {"Это массовое действие для сделок не поддерживается", "This mass action is not supported for deals"},
	CodeBadTrigger:       {"Неверные настройки сценария: %s", "Invalid scenario settings: %s"},
	CodeTriggerType:      {"Такой тип сценария не поддерживается: %s", "This scenario type is not supported: %s"},
	CodeTriggerRole:      {"Сценарий «%s» может запустить только: %s", "Only these may run the scenario «%s»: %s"},
	CodeTriggerManual:    {"Сценарий «%s» запускается сам, не кнопкой", "The scenario «%s» runs by itself, not by a button"},
	CodeTriggerState:     {"Сценарий «%s» недоступен в статусе «%s»", "The scenario «%s» is not available in the state «%s»"},
	CodeTriggerOther:     {"Сценарий из другой схемы", "The scenario belongs to another process"},
	CodeCondition:        {"Сделка не отвечает условию перехода «%s»", "The deal does not meet the condition of the transition «%s»"},
	CodeEntryDelete:      {"Статус входа нельзя удалить: сначала сделайте входом другой статус", "An entry state cannot be deleted: make another state the entry first"},
	CodeStateHasDeals:    {"В статусе «%s» есть сделки: укажите статус, куда их перенести", "There are deals in the state «%s»: name a state to move them to"},
	CodeTriggerCond:      {"Сделка не отвечает условию сценария «%s»", "The deal does not meet the condition of the scenario «%s»"},
	CodeStateEdit:        {"Сделки в статусе «%s» вам менять нельзя", "You may not change deals in the state «%s»"},
	CodeStateReadOnly:    {"В статусе «%s» поле «%s» не меняется", "In the state «%s» the field «%s» cannot be changed"},
	CodeStateRights:      {"Неверные права статуса: %s", "Invalid state rights: %s"},
}

// Word is one argument of a reason in both languages (a field or role
// label); a state's name is the same in both.
type Word [2]string

// Same is a word that reads the same in both languages.
func Same(s string) Word { return Word{s, s} }

// Reason is why a transition is refused: an error type, the field it is
// about and the arguments of its wording.
type Reason struct {
	Code  string
	Field string
	Args  []Word
}

// Text words the reason in "ru" or "en".
func (r Reason) Text(lang string) string {
	i := 0
	if lang == "en" {
		i = 1
	}
	text := Wording[r.Code][i]
	args := r.Args
	if r.Code == CodeRequired && lang == "en" && len(args) == 2 {
		// English names the field first.
		args = []Word{args[1], args[0]}
	}
	for _, a := range args {
		text = strings.Replace(text, "%s", a[i], 1)
	}
	return text
}

// Refused is a transition the rules do not allow: nothing was changed.
type Refused struct{ Reasons []Reason }

func (e *Refused) Error() string {
	codes := make([]string, len(e.Reasons))
	for i, r := range e.Reasons {
		codes[i] = r.Code
	}
	return "deal: transition refused: " + strings.Join(codes, ", ")
}

// AsRefused finds a refusal in an error.
func AsRefused(err error) (*Refused, bool) {
	var r *Refused
	ok := errors.As(err, &r)
	return r, ok
}

func invalid(field, code, param string) error { return entity.Invalidf(field, code, param) }
