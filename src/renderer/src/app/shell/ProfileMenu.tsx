import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import {
  BookQuestionMark24Regular,
  PersonSwap24Regular,
  SignOut24Regular,
} from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate } from 'react-router-dom';
import { LANGUAGES, type Language } from '../../../../shared/constants';
import { useServices } from '../services';
import { languageChoiceAtom } from '../state/atoms';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', el: 'Ελληνικά' };

/** Profile menu (spec §2): name, select role (more than one entry), manual, language, logout. */
export function ProfileMenu({ userName, entryCount }: { userName: string; entryCount: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { session } = useServices();
  const [, chooseLanguage] = useAtom(languageChoiceAtom);
  const manualHref = useHref('/manual');
  return (
    <Menu
      checkedValues={{ language: [i18n.language] }}
      onCheckedValueChange={(_event, data) => {
        const language = data.checkedItems[0];
        if (language === 'en' || language === 'el') chooseLanguage(language);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          aria-label={t('Profile menu')}
          data-testid="profile-button"
          style={{ minWidth: 0, padding: 4 }}
        >
          <Avatar size={32} color="brand" aria-hidden />
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader data-testid="profile-name">{userName}</MenuGroupHeader>
          </MenuGroup>
          <MenuDivider />
          {entryCount > 1 && (
            <MenuItem icon={<PersonSwap24Regular />} onClick={() => void navigate('/dashboard')}>
              {t('Select role')}
            </MenuItem>
          )}
          <MenuItem
            icon={<BookQuestionMark24Regular />}
            onClick={() => window.open(manualHref, '_blank', 'noopener')}
          >
            {t('Manual')}
          </MenuItem>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('Language')}</MenuGroupHeader>
            {LANGUAGES.map((language) => (
              <MenuItemRadio key={language} name="language" value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuItem
            icon={<SignOut24Regular />}
            onClick={() => void session.logout()}
            data-testid="logout"
          >
            {t('Logout')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
