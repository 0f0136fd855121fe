import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/constants';
import { languageChoiceAtom } from '../app/state/atoms';

// Each language names itself, so that someone who cannot read the current one still finds theirs.
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', el: 'Ελληνικά' };

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalS } });

export function LanguageSwitch() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const choose = useSetAtom(languageChoiceAtom);
  return (
    <nav className={styles.row} aria-label={t('Language')}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          appearance={i18n.language === language ? 'secondary' : 'subtle'}
          size="small"
          lang={language}
          aria-current={i18n.language === language ? 'true' : undefined}
          onClick={() => choose(language)}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </nav>
  );
}
