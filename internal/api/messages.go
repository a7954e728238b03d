package api

import (
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Error wording, in every complete interface language. Keys are error
// types: the value kinds' codes, the engine's codes and the API's own.
var messages = map[string][2]string{ // {ru, en}
	value.CodeType:           {"Неверный тип значения: ожидается %s", "Wrong value type: %s expected"},
	value.CodeFormat:         {"Неверный формат значения: ожидается %s", "Invalid value format: %s expected"},
	value.CodeEnum:           {"Недопустимое значение, допустимы: %s", "Value not allowed, allowed: %s"},
	value.CodeRange:          {"Значение вне допустимого диапазона", "Value out of range"},
	value.CodeTooLong:        {"Слишком длинное значение", "Value too long"},
	entity.CodeUnknownField:  {"Неизвестное поле", "Unknown field"},
	entity.CodeRequired:      {"Обязательно к заполнению", "Required"},
	entity.CodeLinkNotFound:  {"%s не существует", "%s does not exist"},
	entity.CodeNotSortable:   {"Сортировка по полю %s невозможна", "Cannot sort by field %s"},
	entity.CodeBadFilter:     {"Неверное условие фильтра %s", "Invalid filter term %s"},
	entity.CodeBadParam:      {"Неверный параметр", "Invalid parameter"},
	"unknown_param":          {"Неизвестный параметр", "Unknown parameter"},
	"param_not_supported":    {"Параметр пока не поддерживается", "Parameter not supported yet"},
	entity.CodeReadOnly:      {"Поле только для чтения", "Read-only field"},
	entity.CodeInUse:         {"Невозможно удалить: используется", "Cannot delete: in use"},
	"password_not_secure":    {"Пароль слишком простой: не меньше 8 символов", "Password too weak: at least 8 characters"},
	"login_in_use":           {"Логин уже занят", "Login already in use"},
	"not_found":              {"Не найдено", "Not found"},
	"route_not_found":        {"Нет такого метода API", "No such API route"},
	"access_denied":          {"Нет доступа", "Access denied"},
	"unauthorized":           {"Требуется авторизация", "Authorization required"},
	"csrf":                   {"Неверный CSRF-токен", "Invalid CSRF token"},
	"method_not_allowed":     {"Метод не поддерживается", "Method not allowed"},
	"internal":               {"Извините, произошла ошибка", "Sorry, an error occurred"},
	"too_many_calls":         {"Слишком много вызовов, максимум %s", "Too many calls, at most %s"},
	"malformed_query":        {"Неверный формат параметров запроса", "Malformed query parameters"},
	"malformed_json":         {"Неверный формат JSON", "Malformed JSON"},
	"malformed_form":         {"Неверный формат данных формы", "Malformed form data"},
	"too_large":              {"Слишком большой запрос", "Request too large"},
	"unsupported_media_type": {"Неподдерживаемый тип содержимого", "Unsupported content type"},
	"too_deep":               {"Слишком глубокая вложенность JSON", "JSON nested too deeply"},
}

// message words an error type in lang ("ru" or "en").
func message(lang, typ string, args ...string) string {
	m, ok := messages[typ]
	if !ok {
		m = messages["internal"]
	}
	text := m[0]
	if lang == "en" {
		text = m[1]
	}
	for _, a := range args {
		text = strings.Replace(text, "%s", a, 1)
	}
	return strings.ReplaceAll(text, " %s", "")
}

// fieldError words one engine field error.
func fieldError(lang string, fe entity.FieldError) ErrorEntry {
	arg := fe.Param
	if fe.Value != nil {
		arg = fe.Value.Expected
		if fe.Code == value.CodeEnum {
			arg = strings.Join(fe.Value.Allowed, ", ")
		}
	}
	return ErrorEntry{Field: fe.Field, Message: message(lang, fe.Code, arg), Type: fe.Code}
}
