// Labels of the contact types, each a literal key (keys are never built).
import { useTranslation } from 'react-i18next';

export function useContactLabels(): Record<string, string> {
  const { t } = useTranslation();
  return {
    phone: t('crm.contact.types.phone'),
    email: t('crm.contact.types.email'),
    telegram: t('crm.contact.types.telegram'),
    whatsapp: t('crm.contact.types.whatsapp'),
    viber: t('crm.contact.types.viber'),
    skype: t('crm.contact.types.skype'),
    link: t('crm.contact.types.link'),
    max_messenger: t('crm.contact.types.max_messenger'),
    instagram: t('crm.contact.types.instagram'),
    icq: t('crm.contact.types.icq'),
    jabber: t('crm.contact.types.jabber'),
    address: t('crm.contact.types.address'),
  };
}
