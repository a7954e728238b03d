package demo

import (
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/crm/leadform"
	"github.com/artel/artel/internal/value"
)

// leadForms are the site's two forms: a demo request that opens a deal
// in the sales process (with a captcha), and a call-back form that makes
// a client; the call-back one has had a few posts from the site.
func (f *filler) leadFormsStep() error {
	sales := f.byDept["Продажи"]
	if len(sales) == 0 || len(f.stages) == 0 {
		return nil
	}
	demoForm, err := f.create(f.demo, "CustomLeadForm", obj{"name": "Заявка на демонстрацию", "type": "deal", "clientType": "human",
		"program": value.EncodeLink(f.program), "programState": value.EncodeLink(f.stages[0].link),
		"afterSubmitText": "Спасибо! Менеджер свяжется с вами в течение рабочего дня.", "isCaptchaEnabled": true,
		"needNotify": true, "responsible": value.EncodeLink(sales[0])})
	if err != nil {
		return err
	}
	callback, err := f.create(f.demo, "CustomLeadForm", obj{"name": "Обратный звонок", "type": "contractor", "clientType": "human",
		"afterSubmitText": "Перезвоним в течение 15 минут.", "needNotify": true, "responsible": value.EncodeLink(sales[len(sales)-1])})
	if err != nil {
		return err
	}
	// Where a caller heard of the company: a person's extra field the
	// call-back form asks as a choice.
	heard := &entity.ExtraField{ContentType: "ContractorHuman", Kind: "EnumField", HrName: "Откуда узнали о нас",
		EnumValues: []string{"Поиск в интернете", "Реклама", "Рекомендация знакомых", "Выставка"}}
	if err := f.e.SaveExtraField(f.ctx, entity.Scope{Account: f.account, System: true}, heard); err != nil {
		return err
	}
	fields := []struct {
		form                  value.Link
		name, caption, holder string
		required              bool
	}{
		{demoForm, "name", "Как вас зовут", "Иван Петров", true},
		{demoForm, "companyName", "Компания", "", false},
		{demoForm, "phone", "Телефон", "+7 (900) 000-00-00", true},
		{demoForm, "email", "Эл. почта", "", false},
		{demoForm, "comment", "Сколько сотрудников будут работать в системе?", "", false},
		{callback, "firstName", "Имя", "", true},
		{callback, "phone", "Телефон", "+7 (900) 000-00-00", true},
		{callback, heard.Name, "Откуда вы о нас узнали?", "", false},
	}
	for i, fl := range fields {
		// No type: the page picks each input from the field (a phone, the
		// choice's list), as the form's editor leaves it.
		if _, err := f.create(f.demo, "CustomLeadFormElement", obj{"leadForm": value.EncodeLink(fl.form), "name": fl.name,
			"caption": fl.caption, "placeholder": fl.holder, "required": fl.required, "sort": i + 1}); err != nil {
			return err
		}
	}
	posts := []map[string]string{
		{"firstName": "Алексей", "phone": "8 (915) 204-31-77", "utm_source": "yandex", "utm_campaign": "crm_search", "referrer": "https://artel.example/price",
			heard.Name: "Поиск в интернете"},
		{"firstName": "Марина", "phone": "+7 916 550 12 03", "utm_source": "google", "referrer": "https://artel.example/", heard.Name: "Рекомендация знакомых"},
		{"firstName": "Дмитрий", "phone": "89261184409", "utm_source": "vk", "utm_medium": "cpc"},
	}
	forms := &leadform.Module{Engine: f.e}
	for i, p := range posts {
		in := entity.Input{}
		for k, v := range p {
			in[k], _ = json.Marshal(v)
		}
		if _, err := forms.Submit(f.ctx, f.account, callback.ID, "contractor", in, fmt.Sprintf("demo-%d", i), ""); err != nil {
			return fmt.Errorf("demo: lead form post: %w", err)
		}
		f.counts["ContractorHuman"]++
		f.counts["Comment"]++ // the post, on the client
	}
	return nil
}
