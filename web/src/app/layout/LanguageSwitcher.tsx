// The language menu of the sign-in page and the user menu. Language names
// are written in their own language, the same in every interface language.
import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languages, switchLanguage, type Language } from '../../i18n';

export const languageNames: Record<Language, string> = {
  ru: 'Русский',
  en: 'English',
  az: 'Azərbaycanca',
  be: 'Беларуская',
  cs: 'Čeština',
  de: 'Deutsch',
  fr: 'Français',
  id: 'Bahasa Indonesia',
  kk: 'Қазақша',
  tr: 'Türkçe',
  uk: 'Українська',
  vi: 'Tiếng Việt',
};

/** LanguageSwitcher switches the interface; onSwitched re-reads what the server labels. */
export function LanguageSwitcher({ onSwitched, compact = false }: { onSwitched?: () => void; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
  const choose = async (lang: Language) => {
    await switchLanguage(lang);
    onSwitched?.();
  };
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="compact-sm" leftSection={<IconLanguage size={16} />} aria-label={t('menu.language')} data-testid="language-switcher">
          {compact ? current.toUpperCase() : languageNames[current] ?? current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((lang) => (
          <Menu.Item key={lang} onClick={() => void choose(lang)} data-testid={`language-${lang}`} fw={lang === current ? 700 : undefined} lang={lang}>
            {languageNames[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
